import type { Messages } from './en';

export const fr: Messages = {
  ok: 'Réussi',
  signed_out: 'Veuillez vous reconnecter',
  forbidden: 'Ce compte est bloqué. Veuillez contacter le service client',
  not_found: 'Introuvable',
  internal: 'Une erreur s’est produite. Veuillez réessayer plus tard',
  bad_request: 'La requête n’a pas pu être lue',
  too_many_requests: 'Trop de tentatives. Veuillez réessayer dans {seconds} s',
  incomplete: 'Veuillez remplir tous les champs',
  invalid: 'Veuillez vérifier le champ mis en évidence',

  'required.account': 'Veuillez saisir le nom de compte',
  'required.email': 'Veuillez saisir votre e-mail',
  'required.code': 'Veuillez saisir le code reçu par e-mail',
  'required.password': 'Veuillez saisir le mot de passe',
  'required.repassword': 'Veuillez confirmer le mot de passe',
  'required.invite_code': 'Le code d’invitation ne peut pas être vide',
  'required.nickname': 'Veuillez saisir un pseudo',
  'required.amount': 'Veuillez saisir le montant',
  'required.credentials': 'Veuillez importer le justificatif de virement',
  'required.number': 'Veuillez saisir la quantité',
  'required.lixibao_id': 'Veuillez choisir un produit',
  'required.telephone': 'Veuillez saisir le numéro de téléphone',
  'required.file': 'Veuillez choisir une image',

  'invalid.account': 'Le nom de compte doit comporter 4 à 20 lettres, chiffres ou traits de soulignement',
  'invalid.email': 'Format d’e-mail incorrect',
  'invalid.code': 'Le code e-mail comporte 6 chiffres',
  'invalid.invite_code': 'Le code d’invitation n’est pas valide',
  'invalid.nickname': 'Le pseudo doit comporter 1 à 20 caractères',
  'invalid.amount': 'Saisissez un montant positif avec au plus deux décimales',
  'invalid.number': 'Saisissez une quantité positive avec au plus deux décimales',
  'invalid.telephone': 'Format de téléphone incorrect',
  'invalid.iban': 'L’IBAN comporte 15 à 34 lettres et chiffres',
  'invalid.swift': 'Le code SWIFT comporte 8 ou 11 lettres et chiffres',
  'invalid.avatar': 'Importez d’abord l’image',
  'invalid.credentials': 'Importez d’abord le justificatif de virement',

  password_mismatch: 'Les mots de passe ne correspondent pas',
  weak_password: 'Le mot de passe doit comporter 8 à 64 caractères, dont au moins une lettre et un chiffre',
  email_taken: 'Cette adresse e-mail est déjà enregistrée',
  account_taken: 'Ce nom de compte est déjà utilisé',
  invite_code_unknown: 'Ce code d’invitation n’existe pas',
  code_wrong: 'Le code reçu par e-mail est incorrect ou a expiré',
  code_exhausted: 'Trop de codes erronés. Veuillez en demander un nouveau',
  login_failed: 'Nom de compte ou mot de passe incorrect',

  'mail.subject': 'Votre code de vérification',
  'mail.body.register': 'Votre code pour créer un compte est {code}. Il est valable 10 minutes.',
  'mail.body.reset':
    'Votre code pour réinitialiser votre mot de passe est {code}. Il est valable 10 minutes. Réinitialiser votre mot de passe déconnecte tous vos appareils et supprime toutes vos clés d’accès : ajoutez-les de nouveau ensuite.',
  'mail.footer': 'Si vous n’avez pas demandé ce code, ignorez cet e-mail. Nous ne vous le demanderons jamais.',
  insufficient_balance: 'Solde insuffisant',
  address_changed: 'L’adresse de réception a changé. Veuillez vérifier la nouvelle adresse avant de payer',
  amount_below_minimum: 'Le montant minimal est de {min} USDT',
  upload_type: 'Veuillez importer une image PNG, JPEG ou WebP',
  upload_too_large: 'L’image ne doit pas dépasser 5 Mo',
  wrong_password: 'Le mot de passe est incorrect',
  already_bound: 'Ce compte est déjà lié. Pour le modifier, veuillez contacter le service client',
  request_conflict: 'Cette demande a déjà été envoyée avec d’autres informations. Veuillez recommencer',
  'invalid.type': 'Veuillez choisir un type valide',
  'invalid.address': 'L’adresse de réception n’est pas valide',
  'required.type': 'Veuillez choisir un type',
  offer_exhausted: 'Cette offre n’a plus d’USDT à acheter',
  offer_not_enough: 'Il ne reste que {remaining} USDT sur cette offre',
  number_out_of_range: 'Sur cette offre, vous pouvez vendre entre {min} et {max} USDT',
  deposit_out_of_range: 'Dans ce produit, vous pouvez déposer entre {min} et {max} USDT',
  'required.saleu_id': 'Veuillez choisir une offre',
  busy: 'Le serveur est occupé. Veuillez réessayer dans un instant',
  password_characters: 'Le mot de passe ne peut pas contenir de saut de ligne ni d’autres caractères de contrôle',
  proof_used: 'Cette preuve de virement appartient déjà à un autre dépôt. Veuillez téléverser la preuve de ce paiement',
  too_many_pending_recharges:
    'Vous avez déjà {count} dépôts en attente de vérification. Veuillez attendre qu’ils soient vérifiés',
  'mail.subject.registered': 'À propos de votre compte',
  'mail.body.registered':
    'Quelqu’un a demandé à créer un compte avec cette adresse e-mail, qui en a déjà un. Si c’était vous, connectez-vous avec votre nom de compte ou cette adresse, ou réinitialisez votre mot de passe dans l’application. Sinon, ignorez cet e-mail.',
  'console.sign_in_failed': 'Nom, mot de passe ou code d’authentification incorrect',
  'console.csrf': 'Cette requête ne vient pas de la console. Rechargez la page et réessayez',
  'console.password_change': 'Définissez un nouveau mot de passe avant de continuer',
  'console.admin_only': 'Seul un administrateur peut le faire',
  'console.same_password': 'Le nouveau mot de passe doit être différent de l’actuel',
  'console.review_not_found': 'Cette commande n’existe pas',
  'console.already_reviewed': 'Cette commande a déjà été examinée',
  'console.approved_already_by_you': 'Vous avez déjà approuvé cet ordre. Un second opérateur doit l’approuver',
  'console.required.name': 'Saisissez un nom',
  'console.required.code': 'Saisissez le code de votre application d’authentification',
  'console.invalid.code': 'Le code d’authentification compte 6 chiffres',
  'console.required.remark': 'Écrivez le motif que le client lira',
  'console.required.new_password': 'Saisissez un nouveau mot de passe',
  'console.operator_exists': 'Un opérateur porte déjà ce nom',
  'console.disable_self': 'Vous ne pouvez pas désactiver votre propre compte',
  'console.customer_not_found': 'Ce client n’existe pas',
  'console.required.reason': 'Écrivez le motif pour le journal d’audit',
  'console.required.query': 'Saisissez un nom de compte ou une adresse e-mail',
  offer_paused: 'Cette offre est en pause. Choisissez-en une autre',
  price_changed: 'Le prix de cette offre a changé. Vérifiez le nouveau prix et confirmez à nouveau',
  'required.unit_price': 'Rechargez l’application et rouvrez l’offre',
  'required.currency': 'Rechargez l’application et rouvrez l’offre',
  'console.below_sold': 'Cette offre a déjà vendu davantage',
  'console.deposit_not_below_minimum':
    'Seul un dépôt sous le minimum peut être crédité à la main ; celui-ci ne l’est pas (ou plus)',
  'console.deposit_nothing_to_credit': 'Ce dépôt fait moins d’un centime : il n’y a rien à créditer',
  'console.deposit_approved_already':
    'Vous avez déjà approuvé ce dépôt ; un autre administrateur doit donner la seconde approbation',
  'console.network_exists': 'Ce type de réseau est déjà utilisé : surveillé, ou avec une adresse de réception partagée',
  'console.network_key':
    "Indiquez la clé publique étendue du compte (xpub, exportée en m/44'/coin'/0') ; une clé privée n’est jamais acceptée",
  'console.network_key_kind': 'Cette clé donne déjà des adresses de l’autre type',
  'console.network_contract': 'Pas une adresse de contrat de ce type de réseau (T… pour TRON, 0x… pour EVM)',
  'console.network_url':
    'Indiquez une à cinq URL de nœud, chacune en https:// (http:// seulement vers cette machine ou une adresse de réseau privé : sur tout autre réseau, ses réponses pourraient être modifiées en chemin)',
  'console.network_chains':
    'Les nœuds répondent pour des chaînes différentes : chaque URL doit être un nœud de ce même réseau',
  'console.network_decimals': 'Le contrat a {found} décimales, pas {given}',
  'console.network_unreachable':
    'Les nœuds n’ont pas répondu : vérifiez les URL et que le contrat est bien sur ce réseau',
  'console.enrolment_invalid':
    'Ce lien d’inscription ne fonctionne plus : il a déjà servi, il date de plus de 24 heures ou le compte a été fermé. Demandez à un administrateur de recréer votre compte',
  'console.enrolment_code':
    'Ce code n’est pas le bon. Vérifiez que votre application d’authentification contient le secret affiché ici, puis saisissez son code actuel',
  'console.invalid.token': 'Ce lien d’inscription est incomplet. Ouvrez le lien entier que vous avez reçu',
  'console.required.token': 'Ce lien d’inscription est incomplet. Ouvrez le lien entier que vous avez reçu',
  'mail.body.bind': 'Votre code pour lier un compte de retrait est {code}. Il est valable 10 minutes.',
  'mail.anti_phishing': 'Votre code anti-phishing : {phrase}',
  'mail.subject.new_device': 'Nouvelle connexion à votre compte',
  'mail.body.new_device':
    'Une connexion à votre compte {account} a eu lieu depuis un appareil qui ne s’y était encore jamais connecté.\n\nDate : {time}\nAppareil : {device}\nAdresse IP : {ip} ({place})\n\nSi c’était vous, vous n’avez rien à faire. Sinon, réinitialisez votre mot de passe dès maintenant et mettez fin à cette session dans Moi → Sécurité.',
  'mail.subject.payout_bound': 'Un compte de retrait a été ajouté',
  'mail.body.payout_bound':
    'Le {time}, un compte de retrait ({method}) se terminant par {ending} a été ajouté à votre compte {account}. Les retraits vers ce compte seront possibles à partir du {usable}.\n\nSi ce n’était pas vous, contactez immédiatement le service client et réinitialisez votre mot de passe.',
  'device.browser_on_os': '{browser} sur {os}',
  'device.unknown': 'Appareil inconnu',
  'place.loopback': 'cet ordinateur',
  'place.private': 'un réseau local',
  'place.public': 'réseau {range}',
  'payout.bank': 'carte bancaire',
  'payout.wise': 'Wise',
  payout_on_hold:
    'Ce compte de retrait a été ajouté récemment. Les retraits vers ce compte seront possibles à partir du {time}',
  current_session: 'C’est l’appareil que vous utilisez. Déconnectez-vous plutôt',
  'invalid.anti_phishing': 'Le code anti-phishing doit comporter 4 à 20 caractères',
  'required.id': 'Veuillez choisir une session',
  'invalid.endpoint': "Impossible d'envoyer des notifications à l'adresse de cet appareil",
  'push.sale_order.completion.title': 'Vente terminée',
  'push.sale_order.completion.body': 'Votre vente de {amount} USDT est terminée.',
  'push.sale_order.completion.hidden': 'Votre vente est terminée.',
  'push.sale_order.reject.title': 'Vente refusée',
  'push.sale_order.reject.body':
    'Votre vente de {amount} USDT a été refusée ; les USDT sont de retour sur votre solde.',
  'push.sale_order.reject.hidden': 'Votre vente a été refusée ; les USDT sont de retour sur votre solde.',
  'push.recharge.success.title': 'Dépôt crédité',
  'push.recharge.success.body': 'Votre dépôt de {amount} USDT a été approuvé et crédité sur votre solde.',
  'push.recharge.success.hidden': 'Votre dépôt a été approuvé et crédité sur votre solde.',
  'push.deposit.credited.title': 'Dépôt crédité',
  'push.deposit.credited.body':
    'Votre dépôt de {amount} USDT a atteint ses confirmations et a été crédité sur votre solde.',
  'push.deposit.credited.hidden': 'Votre dépôt a atteint ses confirmations et a été crédité sur votre solde.',
  'push.recharge.failure.title': 'Dépôt refusé',
  'push.recharge.failure.body':
    'Votre dépôt de {amount} USDT a été refusé. Pour toute question, contactez le service client.',
  'push.recharge.failure.hidden': 'Votre dépôt a été refusé. Pour toute question, contactez le service client.',
  'push.withdraw.success.title': 'Retrait versé',
  'push.withdraw.success.body': 'Votre retrait de {amount} USDT a été versé.',
  'push.withdraw.success.hidden': 'Votre retrait a été versé.',
  'push.withdraw.failure.title': 'Retrait refusé',
  'push.withdraw.failure.body':
    'Votre retrait de {amount} USDT a été refusé ; le montant a été recrédité sur votre solde.',
  'push.withdraw.failure.hidden': 'Votre retrait a été refusé ; le montant a été recrédité sur votre solde.',
  'push.lixibao.done.title': 'Placement arrivé à échéance',
  'push.lixibao.done.body':
    'Votre placement de {amount} USDT est arrivé à échéance : le capital et les intérêts sont sur votre solde.',
  'push.lixibao.done.hidden':
    'Votre placement est arrivé à échéance : le capital et les intérêts sont sur votre solde.',
  passkey_failed: 'La clé d’accès n’a pas pu être vérifiée. Veuillez réessayer',
  passkey_not_verified:
    'Cette clé d’accès n’a pas confirmé votre identité (empreinte, visage ou code PIN). Veuillez réessayer ou utiliser votre mot de passe',
  'mail.subject.passkey_added': 'Une clé d’accès a été ajoutée',
  'mail.body.passkey_added':
    'Le {time}, une clé d’accès ({name}) a été ajoutée à votre compte {account}. Elle permet de se connecter à votre compte.\n\nSi ce n’était pas vous, supprimez-la dans Moi → Sécurité, contactez immédiatement le service client et réinitialisez votre mot de passe.',
  'mail.subject.passkey_removed': 'Une clé d’accès a été supprimée',
  'mail.body.passkey_removed':
    'Le {time}, la clé d’accès « {name} » a été supprimée de votre compte {account}. Elle ne permet plus de se connecter.\n\nSi ce n’était pas vous, réinitialisez immédiatement votre mot de passe et contactez le service client.',
  'mail.subject.device_signed_out': 'Un appareil a été déconnecté',
  'mail.body.device_signed_out':
    'Le {time}, l’appareil {device} a été déconnecté de votre compte {account} depuis un autre appareil connecté à ce compte.\n\nSi ce n’était pas vous, réinitialisez immédiatement votre mot de passe et contactez le service client.',
  'mail.subject.devices_signed_out': 'Vos autres appareils ont été déconnectés',
  'mail.body.devices_signed_out':
    'Le {time}, tous les appareils sauf un ont été déconnectés de votre compte {account} ({count} au total). Celui qui reste connecté : {device}.\n\nSi ce n’était pas vous, réinitialisez immédiatement votre mot de passe et contactez le service client.',
  'mail.subject.anti_phishing_set': 'Votre code anti-phishing a été modifié',
  'mail.body.anti_phishing_set':
    'Le {time}, le code anti-phishing de votre compte {account} a été modifié. Nos prochains e-mails commenceront par le nouveau code ; celui-ci affiche encore l’ancien.\n\nSi ce n’était pas vous, réinitialisez immédiatement votre mot de passe et contactez le service client.',
  'mail.subject.anti_phishing_removed': 'Votre code anti-phishing a été supprimé',
  'mail.body.anti_phishing_removed':
    'Le {time}, le code anti-phishing de votre compte {account} a été supprimé : nos prochains e-mails commenceront sans code.\n\nSi ce n’était pas vous, réinitialisez immédiatement votre mot de passe et contactez le service client.',
  'mail.subject.anti_phishing_shown': 'Votre code anti-phishing a été affiché',
  'mail.body.anti_phishing_shown':
    'Le {time}, le code anti-phishing de votre compte {account} a été affiché sur l’appareil {device}, après confirmation de votre mot de passe ou de votre clé d’accès.\n\nSi ce n’était pas vous, réinitialisez immédiatement votre mot de passe et contactez le service client.',
  passkey_limit: 'Vous avez déjà {max} clés d’accès. Supprimez-en une avant d’en ajouter une autre',
  'required.name': 'Saisissez un nom',
  'invalid.txid': 'Un hash de transaction compte 64 caractères hexadécimaux, avec ou sans 0x',
  tx_used: 'Cette transaction appartient déjà à une autre recharge. Vérifiez le hash de la transaction',
  'console.network_no_shared_address':
    'Ajoutez d’abord une adresse de réception partagée pour ce réseau : ce sont ses preuves qui sont vérifiées',
  'console.check_exists': 'Les preuves de ce réseau sont déjà vérifiées sur la chaîne',
  quote_not_needed: 'Les virements de ce réseau sont prouvés par la capture d’écran : aucun montant n’est à réserver',
  too_many_quotes:
    'Vous avez réservé {count} montants ces dernières 24 heures. Envoyez l’un d’eux ou réessayez plus tard',
  no_unique_amount:
    'De nombreux clients envoient un montant proche en ce moment. Saisissez un montant légèrement différent',
  'invalid.quote_id': 'Ce montant réservé n’est pas le vôtre ou n’existe plus. Réservez à nouveau le montant',
  quote_used: 'Ce montant réservé appartient déjà à une autre recharge. Réservez un nouveau montant',
  amount_not_quoted: 'Le montant doit être exactement les {amount} USDT réservés pour vous',
  'console.not_counted':
    'Votre approbation ne compte pour le principe des quatre yeux qu’à partir du {from}, ou dès qu’un administrateur autre que celui qui vous a ajouté vous confirme. Un autre opérateur doit approuver ceci',
  'console.not_counted_admin':
    'Vous pourrez le faire dès que vous compterez pour le principe des quatre yeux : à partir du {from}, ou dès qu’un administrateur autre que celui qui vous a ajouté vous confirme',
  'console.counted_already': 'Cet opérateur compte déjà pour le principe des quatre yeux',
  'console.own_change':
    'Un autre administrateur doit confirmer ceci : ni l’opérateur lui-même, ni celui qui l’a ajouté ou a demandé le changement',
  'console.no_such_raise':
    'Cette hausse n’est plus en attente : elle a été confirmée, remplacée ou retirée, ou elle est entrée en vigueur. Consultez de nouveau la limite',
  'console.enrolment_mail_failed':
    'L’e-mail d’inscription n’a pas pu être envoyé, le compte n’a donc pas été ajouté. Vérifiez les réglages de messagerie et réessayez',
  'mail.staff.role.reviewer': 'vérificateur',
  'mail.staff.role.admin': 'administrateur',
  'mail.staff.footer':
    'Vous recevez ce message en tant qu’administrateur ({admin}) de la console des opérateurs ; chaque administrateur reçoit le même.',
  'mail.subject.operator_enrolment': 'Votre compte dans la console des opérateurs',
  'mail.body.operator_enrolment':
    '{actor} a créé pour vous un compte dans la console des opérateurs : {name}, {role}. Ouvrez ce lien pour choisir votre mot de passe et configurer votre application d’authentification. Il ne fonctionne qu’une fois, jusqu’au {until} :\n\n{link}\n\nGardez-le pour vous. Si vous ne l’attendiez pas, ne l’ouvrez pas et prévenez les administrateurs.',
  'mail.operator_enrolment_path':
    'Ouvrez-le à l’adresse propre de la console : placez cette adresse devant le chemin ci-dessus.',
  'mail.subject.operator_added': 'Un compte de la console a été ajouté',
  'mail.body.operator_added':
    '{actor} a ajouté le compte de console {name} ({role}) le {time}. Son lien d’inscription à usage unique a été envoyé à {email}. Une fois inscrit, ses approbations comptent pour le principe des quatre yeux 24 heures plus tard, ou plus tôt si un administrateur autre que {actor} le confirme dans Opérateurs.\n\nSi vous ne vous y attendiez pas, désactivez le compte dans Opérateurs.',
  'mail.subject.operator_enrolled': 'Un nouvel opérateur s’est inscrit',
  'mail.body.operator_enrolled':
    '{name} ({role}), ajouté par {adder}, a terminé son inscription le {time} depuis l’adresse {ip}. Ses approbations comptent pour le principe des quatre yeux à partir du {from}, ou plus tôt si un administrateur autre que {adder} le confirme dans Opérateurs.\n\nSi vous ne savez pas qui s’est inscrit, désactivez le compte d’ici là.',
  'mail.subject.operator_confirmed': 'Un opérateur compte désormais pour le principe des quatre yeux',
  'mail.body.operator_confirmed':
    '{actor} a confirmé {name} ({role}) le {time} : ses approbations comptent désormais pour le principe des quatre yeux.\n\nSi vous ne vous y attendiez pas, désactivez le compte dans Opérateurs.',
  'mail.subject.operator_disabled': 'Un compte de la console a été fermé',
  'mail.body.operator_disabled':
    '{actor} a désactivé le compte de console {name} ({role}) le {time} ; ses sessions ont pris fin.',
  'mail.subject.limit_raise': 'Une hausse de la limite de seconde approbation est en attente',
  'mail.body.limit_raise':
    '{actor} a demandé le {time} de relever la limite de seconde approbation de {before} à {after} USDT. Elle s’applique à partir du {from}, ou plus tôt si un administrateur autre que {actor} la confirme dans Paramètres ; d’ici là, la limite reste de {before} USDT.\n\nSi vous ne vous y attendiez pas, fixez de nouveau la limite dans Paramètres : une limite qui ne dépasse pas celle d’aujourd’hui s’applique aussitôt et retire la hausse.',
  'mail.subject.limit_raise_confirmed': 'La limite de seconde approbation a été relevée',
  'mail.body.limit_raise_confirmed':
    '{actor} a confirmé le {time} la hausse de la limite de seconde approbation à {after} USDT demandée par {requester}. Elle s’applique dès maintenant.',
  'mail.subject.limit_lowered': 'La limite de seconde approbation a été fixée',
  'mail.body.limit_lowered':
    '{actor} a fixé la limite de seconde approbation de {before} à {after} USDT le {time}. Elle s’applique aussitôt ; une hausse qui était en attente, le cas échéant, ne s’applique plus.',
};
