/**
 * Server messages in English: the source every other language mirrors key for key.
 * `{name}` marks a parameter.
 */
export const en = {
  ok: 'Success',
  signed_out: 'Please sign in again',
  forbidden: 'This account is locked. Please contact customer service',
  not_found: 'Not found',
  internal: 'Something went wrong. Please try again later',
  bad_request: 'The request could not be read',
  too_many_requests: 'Too many attempts. Please try again in {seconds} s',
  incomplete: 'Please fill in all the fields',
  invalid: 'Please check the highlighted field',

  'required.account': 'Please enter the account',
  'required.email': 'Please enter e-mail',
  'required.code': 'Please enter the e-mail code',
  'required.password': 'Please enter the password',
  'required.repassword': 'Please confirm the password',
  'required.invite_code': 'The invitation code cannot be empty',
  'required.nickname': 'Please enter a nickname',
  'required.amount': 'Please enter the amount',
  'required.credentials': 'Please upload the transfer proof',
  'required.number': 'Please enter the quantity',
  'required.lixibao_id': 'Please choose a product',
  'required.telephone': 'Please enter phone',
  'required.file': 'Please choose an image',

  'invalid.account': 'The account must be 4–20 letters, digits or underscores',
  'invalid.email': 'E-mail format is wrong',
  'invalid.code': 'The e-mail code is 6 digits',
  'invalid.invite_code': 'The invitation code is not valid',
  'invalid.nickname': 'A nickname is 1–20 characters',
  'invalid.amount': 'Enter a positive amount with at most two decimals',
  'invalid.number': 'Enter a positive quantity with at most two decimals',
  'invalid.telephone': 'Phone format is wrong',
  'invalid.iban': 'The IBAN is 15–34 letters and digits',
  'invalid.swift': 'The SWIFT code is 8 or 11 letters and digits',
  'invalid.avatar': 'Upload the image first',
  'invalid.credentials': 'Upload the transfer proof first',

  password_mismatch: 'The password is different from the confirm password',
  weak_password: 'The password must be 8–64 characters with at least one letter and one digit',
  email_taken: 'This e-mail is already registered',
  account_taken: 'This account name is taken',
  invite_code_unknown: 'This invitation code does not exist',
  code_wrong: 'The e-mail code is wrong or has expired',
  code_exhausted: 'Too many wrong codes. Please request a new one',
  login_failed: 'Wrong account or password',

  'mail.subject': 'Your verification code',
  'mail.body.register': 'Your code to create an account is {code}. It is valid for 10 minutes.',
  'mail.body.reset':
    'Your code to reset your password is {code}. It is valid for 10 minutes. Resetting your password signs out every device and removes all your passkeys: add them again afterwards.',
  'mail.footer': 'If you did not ask for this code, ignore this e-mail. We never ask you for it.',
  insufficient_balance: 'Insufficient balance',
  address_changed: 'The receiving address has changed. Please check the new address before you pay',
  amount_below_minimum: 'The minimum amount is {min} USDT',
  upload_type: 'Please upload a PNG, JPEG or WebP image',
  upload_too_large: 'The image must be 5 MB or smaller',
  wrong_password: 'The password is not correct',
  already_bound: 'This account is already bound. Please contact customer service to change it',
  request_conflict: 'This request was already sent with different details. Please start again',
  'invalid.type': 'Please choose a valid type',
  'invalid.address': 'The receiving address is not valid',
  'required.type': 'Please choose a type',
  offer_exhausted: 'This offer has no USDT left to buy',
  offer_not_enough: 'Only {remaining} USDT are left on this offer',
  number_out_of_range: 'On this offer you can sell between {min} and {max} USDT',
  deposit_out_of_range: 'You can deposit between {min} and {max} USDT in this product',
  'required.saleu_id': 'Please choose an offer',
  busy: 'The server is busy. Please try again in a moment',
  password_characters: 'The password cannot contain line breaks or other control characters',
  proof_used: 'This transfer proof already belongs to another recharge. Please upload the proof of this payment',
  too_many_pending_recharges:
    'You already have {count} recharges waiting for review. Please wait until they are reviewed',
  'mail.subject.registered': 'About your account',
  'mail.body.registered':
    'Someone asked to create an account with this e-mail address, which already has one. If it was you, sign in with your account name or this address, or reset your password in the app. If it was not you, ignore this e-mail.',
  'console.sign_in_failed': 'Wrong name, password or authenticator code',
  'console.csrf': 'This request did not come from the console. Reload the page and try again',
  'console.password_change': 'Set a new password before you go on',
  'console.admin_only': 'Only an administrator can do this',
  'console.same_password': 'The new password must differ from the current one',
  'console.review_not_found': 'There is no such order',
  'console.already_reviewed': 'This order has already been reviewed',
  'console.approved_already_by_you': 'You have approved this order already. A second operator must approve it',
  'console.required.name': 'Please enter a name',
  'console.required.code': 'Please enter the code from your authenticator app',
  'console.invalid.code': 'The authenticator code is 6 digits',
  'console.required.remark': 'Please write the reason the customer will read',
  'console.required.new_password': 'Please enter a new password',
  'console.operator_exists': 'There is already an operator with this name',
  'console.disable_self': 'You cannot disable your own account',
  'console.customer_not_found': 'There is no such customer',
  'console.required.reason': 'Please write the reason for the audit log',
  'console.required.query': 'Type an account name or e-mail address',
  offer_paused: 'This offer is paused. Please choose another one',
  price_changed: 'The price of this offer has changed. Please check the new price and confirm again',
  'required.unit_price': 'Please reload the app and open the offer again',
  'required.currency': 'Please reload the app and open the offer again',
  'console.below_sold': 'More than this has been sold from the offer already',
  'console.deposit_not_below_minimum':
    'Only a deposit below the minimum can be credited by hand; this one is not (any more)',
  'console.deposit_nothing_to_credit': 'This deposit is less than a cent: there is nothing to credit',
  'console.deposit_approved_already':
    'You approved this deposit already; another administrator must give the second approval',
  'console.network_exists': 'This network type is in use already: watched, or with a shared receiving address',
  'console.network_key':
    "Give the account's extended public key (xpub, exported at m/44'/coin'/0'); a private key is never accepted",
  'console.network_key_kind': 'This key gives the other kind of address already',
  'console.network_contract': 'Not a contract address of this kind of network (T… for TRON, 0x… for EVM)',
  'console.network_url':
    'Give one to five node URLs, each https:// (http:// only to this machine or a private network address: on any other network its answers could be changed on the way)',
  'console.network_chains': 'The nodes answer different chains: every URL must be a node of this one network',
  'console.network_decimals': 'The contract has {found} decimals, not {given}',
  'console.network_unreachable': 'The nodes did not answer: check the URLs and that the contract is on this network',
  'console.enrolment_invalid':
    'This enrolment link no longer works: it was used, it is more than 24 hours old, or the account was closed. Ask an administrator to add your account again',
  'console.enrolment_code':
    'That code is not right. Make sure your authenticator app holds the secret shown here, then enter its current code',
  'console.invalid.token': 'This enrolment link is not complete. Open the whole link you were given',
  'console.required.token': 'This enrolment link is not complete. Open the whole link you were given',
  'mail.body.bind': 'Your code to bind a payout account is {code}. It is valid for 10 minutes.',
  'mail.anti_phishing': 'Your anti-phishing code: {phrase}',
  'mail.subject.new_device': 'New sign-in to your account',
  'mail.body.new_device':
    'Your account {account} was signed in from a device that has not signed in before.\n\nTime: {time}\nDevice: {device}\nAddress: {ip} ({place})\n\nIf it was you, there is nothing to do. If it was not, reset your password now and end that session in My → Security.',
  'mail.subject.payout_bound': 'A payout account was added',
  'mail.body.payout_bound':
    'A {method} ending in {ending} was added to your account {account} at {time}. Withdrawals to it are possible from {usable}.\n\nIf it was not you, contact customer service at once and reset your password.',
  'device.browser_on_os': '{browser} on {os}',
  'device.unknown': 'Unknown device',
  'place.loopback': 'this computer',
  'place.private': 'a local network',
  'place.public': 'network {range}',
  'payout.bank': 'bank card',
  'payout.wise': 'Wise account',
  payout_on_hold: 'This payout account was added recently. Withdrawals to it are possible from {time}',
  current_session: 'This is the device you are using. Log out instead',
  'invalid.anti_phishing': 'The anti-phishing code must be 4 to 20 characters',
  'required.id': 'Please choose a session',
  'invalid.endpoint': "Notifications cannot be sent to this device's address",
  'push.sale_order.completion.title': 'Sale completed',
  'push.sale_order.completion.body': 'Your sale of {amount} USDT is complete.',
  'push.sale_order.completion.hidden': 'Your sale is complete.',
  'push.sale_order.reject.title': 'Sale rejected',
  'push.sale_order.reject.body': 'Your sale of {amount} USDT was rejected; the USDT is back in your balance.',
  'push.sale_order.reject.hidden': 'Your sale was rejected; the USDT is back in your balance.',
  'push.recharge.success.title': 'Recharge credited',
  'push.recharge.success.body': 'Your recharge of {amount} USDT was approved and credited to your balance.',
  'push.recharge.success.hidden': 'Your recharge was approved and credited to your balance.',
  'push.deposit.credited.title': 'Recharge credited',
  'push.deposit.credited.body':
    'Your deposit of {amount} USDT reached its confirmations and was credited to your balance.',
  'push.deposit.credited.hidden': 'Your deposit reached its confirmations and was credited to your balance.',
  'push.recharge.failure.title': 'Recharge rejected',
  'push.recharge.failure.body':
    'Your recharge of {amount} USDT was rejected. Contact customer service if you have questions.',
  'push.recharge.failure.hidden': 'Your recharge was rejected. Contact customer service if you have questions.',
  'push.withdraw.success.title': 'Withdrawal paid',
  'push.withdraw.success.body': 'Your withdrawal of {amount} USDT was paid out.',
  'push.withdraw.success.hidden': 'Your withdrawal was paid out.',
  'push.withdraw.failure.title': 'Withdrawal refused',
  'push.withdraw.failure.body': 'Your withdrawal of {amount} USDT was refused; the amount is back in your balance.',
  'push.withdraw.failure.hidden': 'Your withdrawal was refused; the amount is back in your balance.',
  'push.lixibao.done.title': 'Interest deposit matured',
  'push.lixibao.done.body': 'Your deposit of {amount} USDT has matured: principal and interest are in your balance.',
  'push.lixibao.done.hidden': 'Your deposit has matured: principal and interest are in your balance.',
  passkey_failed: 'The passkey could not be checked. Please try again',
  passkey_not_verified:
    'This passkey did not confirm it is you (fingerprint, face or PIN). Please try again or use your password',
  'mail.subject.passkey_added': 'A passkey was added',
  'mail.body.passkey_added':
    'A passkey ({name}) was added to your account {account} at {time}. It can sign in to your account.\n\nIf it was not you, remove it in My → Security, contact customer service at once and reset your password.',
  'mail.subject.passkey_removed': 'A passkey was removed',
  'mail.body.passkey_removed':
    'The passkey "{name}" was removed from your account {account} at {time}. It can no longer sign in.\n\nIf it was not you, reset your password at once and contact customer service.',
  'mail.subject.device_signed_out': 'A device was signed out',
  'mail.body.device_signed_out':
    'The device {device} was signed out of your account {account} at {time}, from another device signed in to it.\n\nIf it was not you, reset your password at once and contact customer service.',
  'mail.subject.devices_signed_out': 'Your other devices were signed out',
  'mail.body.devices_signed_out':
    'Every device but one was signed out of your account {account} at {time} ({count} in all). The one still signed in: {device}.\n\nIf it was not you, reset your password at once and contact customer service.',
  'mail.subject.anti_phishing_set': 'Your anti-phishing code was changed',
  'mail.body.anti_phishing_set':
    'The anti-phishing code of your account {account} was changed at {time}. Our next e-mails start with the new code; this one still shows the one you knew.\n\nIf it was not you, reset your password at once and contact customer service.',
  'mail.subject.anti_phishing_removed': 'Your anti-phishing code was removed',
  'mail.body.anti_phishing_removed':
    'The anti-phishing code of your account {account} was removed at {time}: our next e-mails start without one.\n\nIf it was not you, reset your password at once and contact customer service.',
  'mail.subject.anti_phishing_shown': 'Your anti-phishing code was shown',
  'mail.body.anti_phishing_shown':
    'The anti-phishing code of your account {account} was shown on {device} at {time}, after your password or passkey was confirmed.\n\nIf it was not you, reset your password at once and contact customer service.',
  passkey_limit: 'You have {max} passkeys already. Remove one before adding another',
  'required.name': 'Please enter a name',
  'invalid.txid': 'A transaction hash is 64 hexadecimal characters, with or without 0x',
  tx_used: 'This transaction already belongs to another recharge. Please check the transaction hash',
  'console.network_no_shared_address':
    'Add a shared receiving address for this network first: its proofs are what is checked',
  'console.check_exists': 'The proofs of this network are checked on the chain already',
  quote_not_needed: "This network's transfers are proved by the screenshot: no amount needs reserving",
  too_many_quotes:
    'You have reserved {count} amounts in the last 24 hours. Please send one of them, or try again later',
  no_unique_amount:
    'Many customers are sending close to this amount right now. Please enter a slightly different amount',
  'invalid.quote_id': 'This reserved amount is not yours or no longer exists. Please reserve the amount again',
  quote_used: 'This reserved amount already belongs to another recharge. Please reserve a new amount',
  amount_not_quoted: 'The amount must be exactly the {amount} USDT reserved for you',
  'console.not_counted':
    'Your approval does not count toward four eyes until {from}, or until an administrator other than the one who added you confirms you. Another operator must approve this',
  'console.not_counted_admin':
    'You can do this once you count toward four eyes: from {from}, or once an administrator other than the one who added you confirms you',
  'console.counted_already': 'This operator counts toward four eyes already',
  'console.own_change':
    'Another administrator must confirm this: not the operator themselves, nor whoever added them or asked for the change',
  'console.no_such_raise':
    'This raise no longer waits: it was confirmed, replaced or withdrawn, or it came into force. Look at the limit again',
  'console.enrolment_mail_failed':
    'The enrolment e-mail could not be sent, so the account was not added. Check the mail settings and try again',
  'mail.staff.role.reviewer': 'reviewer',
  'mail.staff.role.admin': 'administrator',
  'mail.staff.footer':
    "You receive this as an administrator ({admin}) of the operators' console; every administrator gets the same e-mail.",
  'mail.subject.operator_enrolment': "Your operators' console account",
  'mail.body.operator_enrolment':
    "{actor} added an account for you to the operators' console: {name}, {role}. Open this link to choose your password and set up your authenticator app. It works once, until {until}:\n\n{link}\n\nKeep it to yourself. If you did not expect it, do not open it, and tell the administrators.",
  'mail.operator_enrolment_path': "Open it on the console's own address: put that address in front of the path above.",
  'mail.subject.operator_added': 'A console account was added',
  'mail.body.operator_added':
    '{actor} added the console account {name} ({role}) at {time}. Its one-time enrolment link went to {email}. Once enrolled, its approvals count toward four eyes 24 hours later, or sooner if an administrator other than {actor} confirms it in Operators.\n\nIf you did not expect this, disable the account in Operators.',
  'mail.subject.operator_enrolled': 'A new operator enrolled',
  'mail.body.operator_enrolled':
    '{name} ({role}), added by {adder}, finished enrolment at {time} from the address {ip}. Their approvals count toward four eyes from {from}, or sooner if an administrator other than {adder} confirms them in Operators.\n\nIf you do not know who enrolled, disable the account before then.',
  'mail.subject.operator_confirmed': 'An operator counts toward four eyes now',
  'mail.body.operator_confirmed':
    '{actor} confirmed {name} ({role}) at {time}: their approvals count toward four eyes from now on.\n\nIf you did not expect this, disable the account in Operators.',
  'mail.subject.operator_disabled': 'A console account was closed',
  'mail.body.operator_disabled':
    '{actor} disabled the console account {name} ({role}) at {time}; its sessions have ended.',
  'mail.subject.limit_raise': 'A raise of the second-approval limit waits',
  'mail.body.limit_raise':
    "{actor} asked at {time} to raise the second-approval limit from {before} to {after} USDT. It applies from {from}, or sooner if an administrator other than {actor} confirms it in Settings; until then the limit stays {before} USDT.\n\nIf you did not expect this, set the limit again in Settings: a limit no higher than today's applies at once and withdraws the raise.",
  'mail.subject.limit_raise_confirmed': 'The second-approval limit was raised',
  'mail.body.limit_raise_confirmed':
    '{actor} confirmed at {time} the raise of the second-approval limit to {after} USDT that {requester} asked for. It applies now.',
  'mail.subject.limit_lowered': 'The second-approval limit was set',
  'mail.body.limit_lowered':
    '{actor} set the second-approval limit from {before} to {after} USDT at {time}. It applies at once; a raise that was waiting, if any, no longer applies.',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
