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
  'mail.body.reset': 'Your code to reset your password is {code}. It is valid for 10 minutes.',
  'mail.footer': 'If you did not ask for this code, ignore this e-mail. We never ask you for it.',
  insufficient_balance: 'Insufficient balance',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
