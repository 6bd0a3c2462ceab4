import type { Messages } from './en';

export const de: Messages = {
  ok: 'Erfolgreich',
  signed_out: 'Bitte melden Sie sich erneut an',
  forbidden: 'Dieses Konto ist gesperrt. Bitte wenden Sie sich an den Kundenservice',
  not_found: 'Nicht gefunden',
  internal: 'Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut',
  bad_request: 'Die Anfrage konnte nicht gelesen werden',
  too_many_requests: 'Zu viele Versuche. Bitte versuchen Sie es in {seconds} s erneut',
  incomplete: 'Bitte füllen Sie alle Felder aus',
  invalid: 'Bitte prüfen Sie das hervorgehobene Feld',

  'required.account': 'Bitte geben Sie den Kontonamen ein',
  'required.email': 'Bitte geben Sie Ihre E-Mail-Adresse ein',
  'required.code': 'Bitte geben Sie den E-Mail-Code ein',
  'required.password': 'Bitte geben Sie das Passwort ein',
  'required.repassword': 'Bitte bestätigen Sie das Passwort',
  'required.invite_code': 'Der Einladungscode darf nicht leer sein',
  'required.nickname': 'Bitte geben Sie einen Spitznamen ein',
  'required.amount': 'Bitte geben Sie den Betrag ein',
  'required.credentials': 'Bitte laden Sie den Überweisungsnachweis hoch',
  'required.number': 'Bitte geben Sie die Menge ein',
  'required.lixibao_id': 'Bitte wählen Sie ein Produkt',
  'required.telephone': 'Bitte geben Sie Ihre Telefonnummer ein',
  'required.file': 'Bitte wählen Sie ein Bild',

  'invalid.account': 'Der Kontoname muss aus 4–20 Buchstaben, Ziffern oder Unterstrichen bestehen',
  'invalid.email': 'Ungültiges E-Mail-Format',
  'invalid.code': 'Der E-Mail-Code hat 6 Ziffern',
  'invalid.invite_code': 'Der Einladungscode ist ungültig',
  'invalid.nickname': 'Ein Spitzname hat 1–20 Zeichen',
  'invalid.amount': 'Geben Sie einen positiven Betrag mit höchstens zwei Nachkommastellen ein',
  'invalid.number': 'Geben Sie eine positive Menge mit höchstens zwei Nachkommastellen ein',
  'invalid.telephone': 'Ungültiges Telefonnummernformat',
  'invalid.iban': 'Die IBAN besteht aus 15–34 Buchstaben und Ziffern',
  'invalid.swift': 'Der SWIFT-Code besteht aus 8 oder 11 Buchstaben und Ziffern',
  'invalid.avatar': 'Laden Sie zuerst das Bild hoch',
  'invalid.credentials': 'Laden Sie zuerst den Überweisungsnachweis hoch',

  password_mismatch: 'Die Passwörter stimmen nicht überein',
  weak_password: 'Das Passwort muss 8–64 Zeichen lang sein und mindestens einen Buchstaben und eine Ziffer enthalten',
  email_taken: 'Diese E-Mail-Adresse ist bereits registriert',
  account_taken: 'Dieser Kontoname ist bereits vergeben',
  invite_code_unknown: 'Dieser Einladungscode existiert nicht',
  code_wrong: 'Der E-Mail-Code ist falsch oder abgelaufen',
  code_exhausted: 'Zu viele falsche Codes. Bitte fordern Sie einen neuen an',
  login_failed: 'Kontoname oder Passwort ist falsch',

  'mail.subject': 'Ihr Bestätigungscode',
  'mail.body.register': 'Ihr Code zum Erstellen eines Kontos lautet {code}. Er ist 10 Minuten lang gültig.',
  'mail.body.reset':
    'Ihr Code zum Zurücksetzen Ihres Passworts lautet {code}. Er ist 10 Minuten lang gültig. Durch das Zurücksetzen Ihres Passworts werden alle Geräte abgemeldet und alle Ihre Passkeys entfernt: Fügen Sie sie danach erneut hinzu.',
  'mail.footer':
    'Wenn Sie diesen Code nicht angefordert haben, ignorieren Sie diese E-Mail. Wir werden Sie niemals danach fragen.',
  insufficient_balance: 'Unzureichendes Guthaben',
  address_changed: 'Die Empfangsadresse hat sich geändert. Bitte prüfen Sie die neue Adresse, bevor Sie zahlen',
  amount_below_minimum: 'Der Mindestbetrag beträgt {min} USDT',
  upload_type: 'Bitte laden Sie ein PNG-, JPEG- oder WebP-Bild hoch',
  upload_too_large: 'Das Bild darf höchstens 5 MB groß sein',
  wrong_password: 'Das Passwort ist nicht korrekt',
  already_bound: 'Dieses Konto ist bereits verknüpft. Wenden Sie sich für Änderungen bitte an den Kundenservice',
  request_conflict: 'Diese Anfrage wurde bereits mit anderen Angaben gesendet. Bitte beginnen Sie von vorn',
  'invalid.type': 'Bitte wählen Sie einen gültigen Typ',
  'invalid.address': 'Die Empfangsadresse ist ungültig',
  'required.type': 'Bitte wählen Sie einen Typ',
  offer_exhausted: 'Für dieses Angebot ist kein USDT-Bedarf mehr offen',
  offer_not_enough: 'Für dieses Angebot sind nur noch {remaining} USDT offen',
  number_out_of_range: 'Bei diesem Angebot können Sie zwischen {min} und {max} USDT verkaufen',
  deposit_out_of_range: 'In dieses Produkt können Sie zwischen {min} und {max} USDT einzahlen',
  'required.saleu_id': 'Bitte wählen Sie ein Angebot',
  busy: 'Der Server ist ausgelastet. Bitte versuchen Sie es gleich noch einmal',
  password_characters: 'Das Passwort darf keine Zeilenumbrüche oder anderen Steuerzeichen enthalten',
  proof_used:
    'Dieser Überweisungsnachweis gehört bereits zu einer anderen Einzahlung. Bitte laden Sie den Nachweis dieser Zahlung hoch',
  too_many_pending_recharges:
    'Sie haben bereits {count} Einzahlungen in Prüfung. Bitte warten Sie, bis sie geprüft sind',
  'mail.subject.registered': 'Zu Ihrem Konto',
  'mail.body.registered':
    'Jemand wollte mit dieser E-Mail-Adresse ein Konto erstellen, doch zu ihr gibt es bereits eines. Wenn Sie das waren, melden Sie sich mit Ihrem Kontonamen oder dieser Adresse an oder setzen Sie Ihr Passwort in der App zurück. Wenn nicht, ignorieren Sie diese E-Mail.',
  'console.sign_in_failed': 'Name, Passwort oder Authenticator-Code ist falsch',
  'console.csrf': 'Diese Anfrage kam nicht aus der Konsole. Laden Sie die Seite neu und versuchen Sie es erneut',
  'console.password_change': 'Legen Sie zuerst ein neues Passwort fest',
  'console.admin_only': 'Das darf nur ein Administrator',
  'console.same_password': 'Das neue Passwort muss sich vom bisherigen unterscheiden',
  'console.review_not_found': 'Diesen Auftrag gibt es nicht',
  'console.already_reviewed': 'Dieser Auftrag wurde bereits geprüft',
  'console.approved_already_by_you':
    'Sie haben diesen Auftrag bereits freigegeben. Ein zweiter Operator muss ihn freigeben',
  'console.required.name': 'Bitte geben Sie einen Namen ein',
  'console.required.code': 'Bitte geben Sie den Code aus Ihrer Authenticator-App ein',
  'console.invalid.code': 'Der Authenticator-Code hat 6 Ziffern',
  'console.required.remark': 'Bitte schreiben Sie den Grund, den der Kunde lesen wird',
  'console.required.new_password': 'Bitte geben Sie ein neues Passwort ein',
  'console.operator_exists': 'Es gibt bereits einen Operator mit diesem Namen',
  'console.disable_self': 'Ihr eigenes Konto können Sie nicht deaktivieren',
  'console.customer_not_found': 'Diesen Kunden gibt es nicht',
  'console.required.reason': 'Bitte schreiben Sie den Grund für das Prüfprotokoll',
  'console.required.query': 'Geben Sie einen Kontonamen oder eine E-Mail-Adresse ein',
  offer_paused: 'Dieses Angebot ist pausiert. Bitte wählen Sie ein anderes',
  price_changed:
    'Der Preis dieses Angebots hat sich geändert. Bitte prüfen Sie den neuen Preis und bestätigen Sie erneut',
  'required.unit_price': 'Bitte laden Sie die App neu und öffnen Sie das Angebot erneut',
  'required.currency': 'Bitte laden Sie die App neu und öffnen Sie das Angebot erneut',
  'console.below_sold': 'Aus diesem Angebot wurde bereits mehr verkauft',
  'console.deposit_not_below_minimum':
    'Nur eine Einzahlung unter dem Mindestbetrag kann von Hand gutgeschrieben werden; diese ist es nicht (mehr)',
  'console.deposit_nothing_to_credit': 'Diese Einzahlung ist kleiner als ein Cent: Es gibt nichts gutzuschreiben',
  'console.deposit_approved_already':
    'Sie haben diese Einzahlung bereits genehmigt; ein anderer Administrator muss die zweite Genehmigung geben',
  'console.network_exists':
    'Dieser Netzwerktyp ist bereits vergeben: überwacht oder mit einer gemeinsamen Empfangsadresse',
  'console.network_key':
    "Geben Sie den erweiterten öffentlichen Schlüssel des Kontos an (xpub, exportiert bei m/44'/coin'/0'); ein privater Schlüssel wird nie angenommen",
  'console.network_key_kind': 'Dieser Schlüssel liefert bereits Adressen der anderen Art',
  'console.network_contract': 'Keine Vertragsadresse dieser Netzwerkart (T… für TRON, 0x… für EVM)',
  'console.network_url':
    'Geben Sie ein bis fünf Knoten-URLs an, jeweils https:// (http:// nur zu diesem Rechner oder einer Adresse im privaten Netz: in jedem anderen Netz könnten die Antworten unterwegs verändert werden)',
  'console.network_chains':
    'Die Knoten antworten für verschiedene Chains: Jede URL muss ein Knoten dieses einen Netzwerks sein',
  'console.network_decimals': 'Der Vertrag hat {found} Nachkommastellen, nicht {given}',
  'console.network_unreachable':
    'Die Knoten haben nicht geantwortet: Prüfen Sie die URLs und ob der Vertrag in diesem Netzwerk liegt',
  'console.enrolment_invalid':
    'Dieser Einrichtungslink funktioniert nicht mehr: Er wurde schon benutzt, ist älter als 24 Stunden, oder das Konto wurde geschlossen. Bitten Sie einen Administrator, Ihr Konto neu anzulegen',
  'console.enrolment_code':
    'Dieser Code stimmt nicht. Prüfen Sie, ob Ihre Authenticator-App den hier gezeigten Schlüssel enthält, und geben Sie ihren aktuellen Code ein',
  'console.invalid.token':
    'Dieser Einrichtungslink ist unvollständig. Öffnen Sie den ganzen Link, den Sie erhalten haben',
  'console.required.token':
    'Dieser Einrichtungslink ist unvollständig. Öffnen Sie den ganzen Link, den Sie erhalten haben',
  'mail.body.bind': 'Ihr Code zum Verknüpfen eines Auszahlungskontos lautet {code}. Er ist 10 Minuten lang gültig.',
  'mail.anti_phishing': 'Ihr Anti-Phishing-Code: {phrase}',
  'mail.subject.new_device': 'Neue Anmeldung bei Ihrem Konto',
  'mail.body.new_device':
    'Ihr Konto {account} wurde auf einem Gerät angemeldet, auf dem es bisher noch nie angemeldet war.\n\nZeit: {time}\nGerät: {device}\nIP-Adresse: {ip} ({place})\n\nWenn Sie das waren, müssen Sie nichts tun. Wenn nicht, setzen Sie jetzt Ihr Passwort zurück und beenden Sie diese Sitzung unter Mein Konto → Sicherheit.',
  'mail.subject.payout_bound': 'Ein Auszahlungskonto wurde hinzugefügt',
  'mail.body.payout_bound':
    'Am {time} wurde Ihrem Konto {account} ein Auszahlungskonto ({method}) mit der Endung {ending} hinzugefügt. Auszahlungen darauf sind ab {usable} möglich.\n\nWenn Sie das nicht waren, wenden Sie sich sofort an den Kundenservice und setzen Sie Ihr Passwort zurück.',
  'device.browser_on_os': '{browser} auf {os}',
  'device.unknown': 'Unbekanntes Gerät',
  'place.loopback': 'dieser Computer',
  'place.private': 'ein lokales Netzwerk',
  'place.public': 'Netzwerk {range}',
  'payout.bank': 'Bankkarte',
  'payout.wise': 'Wise',
  payout_on_hold: 'Dieses Auszahlungskonto wurde erst kürzlich hinzugefügt. Auszahlungen darauf sind ab {time} möglich',
  current_session: 'Das ist das Gerät, das Sie gerade verwenden. Melden Sie sich stattdessen ab',
  'invalid.anti_phishing': 'Der Anti-Phishing-Code muss 4 bis 20 Zeichen lang sein',
  'required.id': 'Bitte wählen Sie eine Sitzung',
  'invalid.endpoint': 'An die Adresse dieses Geräts können keine Mitteilungen gesendet werden',
  'push.sale_order.completion.title': 'Verkauf abgeschlossen',
  'push.sale_order.completion.body': 'Ihr Verkauf von {amount} USDT ist abgeschlossen.',
  'push.sale_order.completion.hidden': 'Ihr Verkauf ist abgeschlossen.',
  'push.sale_order.reject.title': 'Verkauf abgelehnt',
  'push.sale_order.reject.body':
    'Ihr Verkauf von {amount} USDT wurde abgelehnt; die USDT sind wieder in Ihrem Guthaben.',
  'push.sale_order.reject.hidden': 'Ihr Verkauf wurde abgelehnt; die USDT sind wieder in Ihrem Guthaben.',
  'push.recharge.success.title': 'Einzahlung gutgeschrieben',
  'push.recharge.success.body': 'Ihre Einzahlung von {amount} USDT wurde genehmigt und Ihrem Guthaben gutgeschrieben.',
  'push.recharge.success.hidden': 'Ihre Einzahlung wurde genehmigt und Ihrem Guthaben gutgeschrieben.',
  'push.deposit.credited.title': 'Einzahlung gutgeschrieben',
  'push.deposit.credited.body':
    'Ihre Einzahlung von {amount} USDT hat ihre Bestätigungen erreicht und wurde Ihrem Guthaben gutgeschrieben.',
  'push.deposit.credited.hidden':
    'Ihre Einzahlung hat ihre Bestätigungen erreicht und wurde Ihrem Guthaben gutgeschrieben.',
  'push.recharge.failure.title': 'Einzahlung abgelehnt',
  'push.recharge.failure.body':
    'Ihre Einzahlung von {amount} USDT wurde abgelehnt. Wenden Sie sich bei Fragen an den Kundenservice.',
  'push.recharge.failure.hidden': 'Ihre Einzahlung wurde abgelehnt. Wenden Sie sich bei Fragen an den Kundenservice.',
  'push.withdraw.success.title': 'Auszahlung ausgeführt',
  'push.withdraw.success.body': 'Ihre Auszahlung von {amount} USDT wurde ausgeführt.',
  'push.withdraw.success.hidden': 'Ihre Auszahlung wurde ausgeführt.',
  'push.withdraw.failure.title': 'Auszahlung abgelehnt',
  'push.withdraw.failure.body':
    'Ihre Auszahlung von {amount} USDT wurde abgelehnt; der Betrag ist wieder in Ihrem Guthaben.',
  'push.withdraw.failure.hidden': 'Ihre Auszahlung wurde abgelehnt; der Betrag ist wieder in Ihrem Guthaben.',
  'push.lixibao.done.title': 'Zinsanlage fällig',
  'push.lixibao.done.body': 'Ihre Anlage von {amount} USDT ist fällig: Kapital und Zinsen sind in Ihrem Guthaben.',
  'push.lixibao.done.hidden': 'Ihre Anlage ist fällig: Kapital und Zinsen sind in Ihrem Guthaben.',
  passkey_failed: 'Der Passkey konnte nicht geprüft werden. Bitte versuchen Sie es erneut',
  passkey_not_verified:
    'Dieser Passkey hat Sie nicht bestätigt (Fingerabdruck, Gesicht oder PIN). Bitte versuchen Sie es erneut oder verwenden Sie Ihr Passwort',
  'mail.subject.passkey_added': 'Ein Passkey wurde hinzugefügt',
  'mail.body.passkey_added':
    'Am {time} wurde Ihrem Konto {account} ein Passkey ({name}) hinzugefügt. Mit ihm kann man sich bei Ihrem Konto anmelden.\n\nWenn Sie das nicht waren, entfernen Sie ihn unter Mein Konto → Sicherheit, wenden Sie sich sofort an den Kundenservice und setzen Sie Ihr Passwort zurück.',
  'mail.subject.passkey_removed': 'Ein Passkey wurde entfernt',
  'mail.body.passkey_removed':
    'Am {time} wurde der Passkey „{name}“ aus Ihrem Konto {account} entfernt. Mit ihm kann man sich nicht mehr anmelden.\n\nWenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und wenden Sie sich an den Kundenservice.',
  'mail.subject.device_signed_out': 'Ein Gerät wurde abgemeldet',
  'mail.body.device_signed_out':
    'Am {time} wurde das Gerät {device} von Ihrem Konto {account} abgemeldet, und zwar von einem anderen Gerät aus, das bei Ihrem Konto angemeldet ist.\n\nWenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und wenden Sie sich an den Kundenservice.',
  'mail.subject.devices_signed_out': 'Ihre anderen Geräte wurden abgemeldet',
  'mail.body.devices_signed_out':
    'Am {time} wurden alle Geräte bis auf eines von Ihrem Konto {account} abgemeldet (insgesamt {count}). Noch angemeldet ist: {device}.\n\nWenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und wenden Sie sich an den Kundenservice.',
  'mail.subject.anti_phishing_set': 'Ihr Anti-Phishing-Code wurde geändert',
  'mail.body.anti_phishing_set':
    'Am {time} wurde der Anti-Phishing-Code Ihres Kontos {account} geändert. Unsere nächsten E-Mails beginnen mit dem neuen Code; diese hier zeigt noch den bisherigen.\n\nWenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und wenden Sie sich an den Kundenservice.',
  'mail.subject.anti_phishing_removed': 'Ihr Anti-Phishing-Code wurde entfernt',
  'mail.body.anti_phishing_removed':
    'Am {time} wurde der Anti-Phishing-Code Ihres Kontos {account} entfernt: Unsere nächsten E-Mails beginnen ohne Code.\n\nWenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und wenden Sie sich an den Kundenservice.',
  'mail.subject.anti_phishing_shown': 'Ihr Anti-Phishing-Code wurde angezeigt',
  'mail.body.anti_phishing_shown':
    'Am {time} wurde der Anti-Phishing-Code Ihres Kontos {account} auf dem Gerät {device} angezeigt, nachdem Ihr Passwort oder Passkey bestätigt worden war.\n\nWenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und wenden Sie sich an den Kundenservice.',
  passkey_limit: 'Sie haben bereits {max} Passkeys. Entfernen Sie einen, bevor Sie einen weiteren hinzufügen',
  'required.name': 'Bitte geben Sie einen Namen ein',
  'invalid.txid': 'Ein Transaktions-Hash besteht aus 64 Hexadezimalzeichen, mit oder ohne 0x',
  tx_used: 'Diese Transaktion gehört bereits zu einer anderen Einzahlung. Bitte prüfen Sie den Transaktions-Hash',
  'console.network_no_shared_address':
    'Legen Sie zuerst eine gemeinsame Empfangsadresse für dieses Netzwerk an: deren Nachweise werden geprüft',
  'console.check_exists': 'Die Nachweise dieses Netzwerks werden bereits auf der Blockchain geprüft',
  quote_not_needed:
    'Überweisungen in diesem Netzwerk werden per Screenshot nachgewiesen: Es muss kein Betrag reserviert werden',
  too_many_quotes:
    'Sie haben in den letzten 24 Stunden {count} Beträge reserviert. Bitte senden Sie einen davon oder versuchen Sie es später erneut',
  no_unique_amount: 'Gerade senden viele Kunden einen ähnlichen Betrag. Bitte geben Sie einen etwas anderen Betrag ein',
  'invalid.quote_id':
    'Dieser reservierte Betrag gehört nicht Ihnen oder besteht nicht mehr. Bitte reservieren Sie den Betrag erneut',
  quote_used:
    'Dieser reservierte Betrag gehört bereits zu einer anderen Einzahlung. Bitte reservieren Sie einen neuen Betrag',
  amount_not_quoted: 'Der Betrag muss genau die für Sie reservierten {amount} USDT sein',
  'console.not_counted':
    'Ihre Freigabe zählt für das Vier-Augen-Prinzip erst ab {from} oder sobald ein anderer Administrator als der, der Sie angelegt hat, Sie bestätigt. Ein anderer Operator muss dies freigeben',
  'console.not_counted_admin':
    'Das können Sie tun, sobald Sie für das Vier-Augen-Prinzip zählen: ab {from} oder sobald ein anderer Administrator als der, der Sie angelegt hat, Sie bestätigt',
  'console.counted_already': 'Dieser Operator zählt bereits für das Vier-Augen-Prinzip',
  'console.own_change':
    'Das muss ein anderer Administrator bestätigen: weder der Operator selbst noch wer ihn angelegt oder die Änderung beantragt hat',
  'console.no_such_raise':
    'Diese Erhöhung wartet nicht mehr: Sie wurde bestätigt, ersetzt oder zurückgenommen, oder sie gilt bereits. Sehen Sie sich das Limit erneut an',
  'console.enrolment_mail_failed':
    'Die Einrichtungs-E-Mail konnte nicht gesendet werden, daher wurde das Konto nicht angelegt. Prüfen Sie die E-Mail-Einstellungen und versuchen Sie es erneut',
  'mail.staff.role.reviewer': 'Prüfer',
  'mail.staff.role.admin': 'Administrator',
  'mail.staff.footer':
    'Sie erhalten diese E-Mail als Administrator ({admin}) der Bearbeiterkonsole; jeder Administrator erhält dieselbe.',
  'mail.subject.operator_enrolment': 'Ihr Konto in der Bearbeiterkonsole',
  'mail.body.operator_enrolment':
    '{actor} hat für Sie ein Konto in der Bearbeiterkonsole angelegt: {name}, {role}. Öffnen Sie diesen Link, um Ihr Passwort zu wählen und Ihre Authenticator-App einzurichten. Er funktioniert einmal, bis {until}:\n\n{link}\n\nGeben Sie ihn nicht weiter. Wenn Sie ihn nicht erwartet haben, öffnen Sie ihn nicht und benachrichtigen Sie die Administratoren.',
  'mail.operator_enrolment_path':
    'Öffnen Sie ihn unter der eigenen Adresse der Konsole: Setzen Sie diese Adresse vor den Pfad oben.',
  'mail.subject.operator_added': 'Ein Konsolenkonto wurde angelegt',
  'mail.body.operator_added':
    '{actor} hat am {time} das Konsolenkonto {name} ({role}) angelegt. Sein einmaliger Einrichtungslink ging an {email}. Nach der Einrichtung zählen seine Freigaben 24 Stunden später für das Vier-Augen-Prinzip, oder früher, wenn ein anderer Administrator als {actor} das Konto unter Operatoren bestätigt.\n\nWenn Sie das nicht erwartet haben, deaktivieren Sie das Konto unter Operatoren.',
  'mail.subject.operator_enrolled': 'Ein neuer Operator hat sein Konto eingerichtet',
  'mail.body.operator_enrolled':
    '{name} ({role}), angelegt von {adder}, hat die Einrichtung am {time} von der Adresse {ip} abgeschlossen. Die Freigaben dieses Kontos zählen ab {from} für das Vier-Augen-Prinzip, oder früher, wenn ein anderer Administrator als {adder} es unter Operatoren bestätigt.\n\nWenn Sie nicht wissen, wer das Konto eingerichtet hat, deaktivieren Sie es vorher.',
  'mail.subject.operator_confirmed': 'Ein Operator zählt jetzt für das Vier-Augen-Prinzip',
  'mail.body.operator_confirmed':
    '{actor} hat am {time} {name} ({role}) bestätigt: Die Freigaben dieses Kontos zählen ab jetzt für das Vier-Augen-Prinzip.\n\nWenn Sie das nicht erwartet haben, deaktivieren Sie das Konto unter Operatoren.',
  'mail.subject.operator_disabled': 'Ein Konsolenkonto wurde geschlossen',
  'mail.body.operator_disabled':
    '{actor} hat am {time} das Konsolenkonto {name} ({role}) deaktiviert; seine Sitzungen sind beendet.',
  'mail.subject.limit_raise': 'Eine Erhöhung des Limits für die zweite Genehmigung wartet',
  'mail.body.limit_raise':
    '{actor} hat am {time} beantragt, das Limit für die zweite Genehmigung von {before} auf {after} USDT zu erhöhen. Es gilt ab {from}, oder früher, wenn ein anderer Administrator als {actor} es unter Einstellungen bestätigt; bis dahin bleibt das Limit bei {before} USDT.\n\nWenn Sie das nicht erwartet haben, legen Sie das Limit unter Einstellungen erneut fest: Ein Limit, das nicht höher als das heutige ist, gilt sofort und nimmt die Erhöhung zurück.',
  'mail.subject.limit_raise_confirmed': 'Das Limit für die zweite Genehmigung wurde erhöht',
  'mail.body.limit_raise_confirmed':
    '{actor} hat am {time} die von {requester} beantragte Erhöhung des Limits für die zweite Genehmigung auf {after} USDT bestätigt. Sie gilt ab sofort.',
  'mail.subject.limit_lowered': 'Das Limit für die zweite Genehmigung wurde festgelegt',
  'mail.body.limit_lowered':
    '{actor} hat am {time} das Limit für die zweite Genehmigung von {before} auf {after} USDT gesetzt. Es gilt sofort; eine eventuell wartende Erhöhung gilt nicht mehr.',
};
