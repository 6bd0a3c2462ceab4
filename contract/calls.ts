/**
 * The request schema of every call. The server validates each body with these; the app imports
 * only their types (`import type`), so zod never reaches the browser bundle.
 *
 * Bodies are form-encoded, so every field arrives as a string (or not at all). The server names
 * the first failing field in `data.field`; a missing or empty field reads as "required", any other
 * failure as "invalid" for that field, unless the issue carries one of the message keys below.
 */
import { z } from 'zod';
import { TX_HASH_PATTERN } from './chain';
import { parseMoney, type Cents } from './money';
import {
  ACCOUNT_PATTERN,
  ANTI_PHISHING_MAX_LENGTH,
  DEVICE_ID_PATTERN,
  SESSION_HANDLE_PATTERN,
  isAntiPhishingPhrase,
  BANK_TYPES,
  CHALLENGE_ID_PATTERN,
  CODE_PATTERN,
  CURRENCY_PATTERN,
  EMAIL_MAX_LENGTH,
  IBAN_PATTERN,
  INTERNAL_ID_PATTERN,
  INVITE_CODE_PATTERN,
  PAGE_SIZE_MAX,
  PASSKEY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  REQUEST_ID_PATTERN,
  SALE_ORDER_STATES,
  SEND_CODE_SCENES,
  SWIFT_PATTERN,
  isEmail,
  isPhone,
  isPlainText,
  isStrongEnoughPassword,
  isVisibleText,
  normaliseIban,
  normaliseNickname,
} from './rules';

/** Message keys a schema may raise beyond "required" and "invalid". */
export const MessageKey = {
  passwordMismatch: 'password_mismatch',
  weakPassword: 'weak_password',
  passwordCharacters: 'password_characters',
} as const;

const UPLOAD_URL_PATTERN = /^\/uploads\/[a-f0-9]{32}\.(png|jpg|webp)$/;

/** Free text: trimmed, 1 to `max` long, visible (see isVisibleText). */
export const text = (max: number) => z.string().trim().min(1).max(max).refine(isVisibleText);

/**
 * An e-mail address as the customer typed it: the server compares addresses by a key of its own,
 * and mails the address an account holds, never a changed spelling of it.
 */
const email = z.string().trim().max(EMAIL_MAX_LENGTH).refine(isEmail);

/** A new password: strong enough, and nothing in it that is not text (see isPlainText). */
const strongPassword = z
  .string()
  .refine(isStrongEnoughPassword, { message: MessageKey.weakPassword, abort: true })
  .refine(isPlainText, { message: MessageKey.passwordCharacters });

const id = z.string().trim().regex(INTERNAL_ID_PATTERN).transform(Number);

/** A positive amount of money in cents. */
export const money = z.string().transform((value, context): Cents => {
  const parsed = parseMoney(value.trim());
  if (parsed === null || parsed <= 0) {
    context.addIssue({ code: 'custom', message: 'invalid' });
    return z.NEVER;
  }
  return parsed;
});

const requestId = z.string().regex(REQUEST_ID_PATTERN).optional();

const page = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,5}$/)
  .transform(Number)
  .default(1);
const pageSize = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,1}$/)
  .transform(Number)
  .refine((value) => value <= PAGE_SIZE_MAX)
  .default(10);
const paging = { page, page_size: pageSize };

const uploadUrl = z.string().trim().regex(UPLOAD_URL_PATTERN);

const empty = z.object({});

const withMatchingPassword = <T extends { password: string; repassword: string }>(value: T) =>
  value.password === value.repassword;
const mismatch = { message: MessageKey.passwordMismatch, path: ['repassword'] };

/** The random id the app keeps on a device, so a sign-in from a new one can be told apart. */
const device = z.string().trim().regex(DEVICE_ID_PATTERN).optional();

const sendCode = z.object({
  email,
  scene: z.enum(SEND_CODE_SCENES).default('register'),
});

const register = z
  .object({
    account: z.string().trim().regex(ACCOUNT_PATTERN),
    email,
    code: z.string().trim().regex(CODE_PATTERN),
    password: strongPassword,
    repassword: z.string(),
    invite_code: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(z.string().regex(INVITE_CODE_PATTERN)),
    device,
  })
  .refine(withMatchingPassword, mismatch);

const login = z.object({
  account: z.string().trim().min(1).max(EMAIL_MAX_LENGTH).refine(isPlainText),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  device,
});

const resetPassword = z
  .object({
    email,
    code: z.string().trim().regex(CODE_PATTERN),
    password: strongPassword,
    repassword: z.string(),
  })
  .refine(withMatchingPassword, mismatch);

const saveUserInfo = z.object({
  nickname: z.string().transform((value, context) => {
    const nickname = normaliseNickname(value);
    if (nickname === null) {
      context.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }
    return nickname;
  }),
  avatar: uploadUrl.optional(),
});

const networkType = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{2,16}$/));

const receivingAddressRequest = z.object({
  type: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.union([z.literal(''), z.string().regex(/^[A-Z0-9]{2,16}$/)]))
    .default(''),
});

/**
 * *(added)* A unique amount to send to a shared address whose proofs are checked on the chain,
 * asked for before paying: the amount the customer means to recharge, at the address the screen
 * shows.
 */
const quoteRecharge = z.object({
  type: networkType,
  address: text(128),
  amount: money,
});

const createRecharge = z.object({
  type: networkType,
  category: z.literal('USDT'),
  address: text(128),
  amount: money,
  credentials: uploadUrl,
  /**
   * *(added)* The reservation (`recharge/quote`) the transfer was sent for; `amount` is then its
   * `exact_amount`. Only a recharge with one is credited by the chain's check without an operator.
   */
  quote_id: id.optional(),
  /**
   * The transfer's transaction hash, optional: on a network whose proofs are checked on the chain
   * a recharge that matches it is credited without waiting for an operator. Kept as 64 lower-case
   * hex digits without 0x.
   */
  txid: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), z.string().regex(TX_HASH_PATTERN)]))
    .transform((value) => value.replace(/^0x/, '').toLowerCase())
    .default(''),
  request_id: requestId,
});

const assetLogList = z.object({
  ...paging,
  kind: z.enum(['income', 'expense', '']).default(''),
});

const bankType = z.enum(BANK_TYPES);

const iban = z.string().transform(normaliseIban).pipe(z.string().regex(IBAN_PATTERN));

const telephone = z.string().trim().refine(isPhone);

const emailCode = z.string().trim().regex(CODE_PATTERN);

const bankCardFields = z.object({
  type: z.literal('bank'),
  full_name: text(100),
  telephone,
  email,
  iban,
  bank_name: text(100),
  area: text(100),
  country: text(60),
  swift: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(SWIFT_PATTERN)),
  /** *(added)* The code mailed to the customer's own address (scene `bind`); checked last. */
  code: emailCode,
});

const wiseFields = z.object({
  type: z.literal('wise'),
  name: text(60),
  surname: text(60),
  email,
  iban,
  address: text(200),
  city: text(80),
  state_region: text(80),
  country: text(60),
  code: emailCode,
});

const createBankInfo = z.discriminatedUnion('type', [bankCardFields, wiseFields]);

/**
 * A browser's push subscription (PushSubscription.toJSON()): the push service's URL and the
 * subscription's keys, base64url. Whether the server may send to that URL is the server's own
 * check (server/push/endpoints.ts), since the server makes the request.
 */
const PUSH_ENDPOINT_MAX_LENGTH = 2000;
const pushEndpoint = z
  .string()
  .trim()
  .max(PUSH_ENDPOINT_MAX_LENGTH)
  .regex(/^https?:\/\/[\x21-\x7e]+$/)
  .refine((value) => URL.canParse(value));
/** An uncompressed P-256 public key (65 bytes) and a 16-byte secret, base64url. */
const PUSH_KEY_PATTERN = /^[A-Za-z0-9_-]{87}=?$/;
const PUSH_AUTH_PATTERN = /^[A-Za-z0-9_-]{22}(==)?$/;

const pushSubscribe = z.object({
  endpoint: pushEndpoint,
  p256dh: z.string().trim().regex(PUSH_KEY_PATTERN),
  auth: z.string().trim().regex(PUSH_AUTH_PATTERN),
  hide_amounts: z.enum(['0', '1']).transform((value) => value === '1'),
});

/**
 * What a browser's WebAuthn ceremony gave back (PublicKeyCredential.toJSON()), sent as one form
 * field: parsed here, so a handler gets an object, and bounded, so nobody makes the server parse
 * megabytes. The library that verifies it checks every field inside.
 */
const WEBAUTHN_JSON_MAX_LENGTH = 16_384;
const webauthnResponse = z
  .string()
  .max(WEBAUTHN_JSON_MAX_LENGTH)
  .transform((value, context): Record<string, unknown> => {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        return parsed as Record<string, unknown>;
      }
    } catch {
      // Not JSON: the same answer as JSON of the wrong shape.
    }
    context.addIssue({ code: 'custom', message: 'invalid' });
    return z.NEVER;
  });

const challengeId = z.string().trim().regex(CHALLENGE_ID_PATTERN);

/**
 * *(added)* Fresh proof that the one at a signed-in session is the owner, for what a stolen
 * session alone must not do: the account password, or a passkey that verified the customer
 * (fingerprint, face or PIN) for a challenge this session asked for.
 */
const identityProof = {
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
  /** From `passkey/confirm-options` (`passkey/withdraw-options` for a withdrawal), with `passkey`. */
  challenge_id: challengeId.optional(),
  /** The passkey's assertion for that challenge (JSON). */
  passkey: webauthnResponse.optional(),
};

/** `shape` with an identity proof that must be there: a password, or a challenge and its passkey. */
function withIdentityProof<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...shape, ...identityProof }).refine(
    (value) => {
      const proof = value as z.output<z.ZodObject<typeof identityProof>>;
      return proof.password !== undefined || (proof.challenge_id !== undefined && proof.passkey !== undefined);
    },
    { message: 'invalid', path: ['password'] },
  );
}

const withdrawCreate = withIdentityProof({
  type: bankType,
  bk_id: id,
  amount: money,
  request_id: requestId,
});

export const callSchemas = {
  'sms/send-code': sendCode,
  'user/register': register,
  'user/login': login,
  'user/reset-password': resetPassword,
  'user/logout': empty,
  'userinfo/get-info': empty,
  'userinfo/get-money-info': empty,
  'userinfo/save': saveUserInfo,
  'recharge/shoukuan-address': receivingAddressRequest,
  'recharge/deposits': empty,
  'recharge/quote': quoteRecharge,
  'recharge/create': createRecharge,
  'asset-log/list': assetLogList,
  'asset-log/tongji': empty,
  'property/tongji': empty,
  'team/tongji': empty,
  'team/list': z.object(paging),
  'invite/detail': empty,
  'bankinfo/list': z.object({ type: bankType, ...paging }),
  'bankinfo/create': createBankInfo,
  'bankinfo/get-is-add': empty,
  'bankinfo/detail': z.object({ type: bankType, bk_id: id }),
  'lixibao/list': z.object(paging),
  'lixibao/create-order': z.object({ lixibao_id: id, number: money, request_id: requestId }),
  'lixibao/list-order': z.object(paging),
  'withdraw/create': withdrawCreate,
  'withdraw/list': z.object(paging),
  'selling/tongji': empty,
  'selling/history': empty,
  'selling/order': z.object(paging),
  'selling/merchant': z.object(paging),
  'saleu/create-order': z.object({
    saleu_id: id,
    number: money,
    // The price and currency the customer was shown: a sale into an offer that has others now is
    // refused (`SalePriceChangedData`).
    unit_price: money,
    currency: z.string().trim().regex(CURRENCY_PATTERN),
    request_id: requestId,
  }),
  'saleu/list-order': z.object({
    ...paging,
    state: z.enum([...SALE_ORDER_STATES, '']).default(''),
  }),
  'team/kefu-list': empty,
  'attach/upload': empty,
  'security/sessions': z.object(paging),
  'security/end-session': withIdentityProof({ id: z.string().trim().regex(SESSION_HANDLE_PATTERN) }),
  'security/end-other-sessions': withIdentityProof({}),
  'security/sign-ins': empty,
  'security/settings': empty,
  'security/show-anti-phishing': withIdentityProof({}),
  'security/set-anti-phishing': withIdentityProof({
    anti_phishing: z.string().trim().max(ANTI_PHISHING_MAX_LENGTH).refine(isAntiPhishingPhrase),
  }),
  'push/key': empty,
  'push/subscribe': pushSubscribe,
  'push/unsubscribe': z.object({ endpoint: pushEndpoint }),
  'passkey/register-options': z.object({
    /** The account password, before the browser makes a key: a session alone must not add a way in. */
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  }),
  'passkey/register': z.object({
    challenge_id: challengeId,
    response: webauthnResponse,
    /** What the customer calls it, to tell their passkeys apart. */
    name: text(PASSKEY_NAME_MAX_LENGTH),
  }),
  'passkey/list': z.object(paging),
  'passkey/remove': withIdentityProof({ id }),
  'passkey/sign-in-options': empty,
  'passkey/sign-in': z.object({ challenge_id: challengeId, response: webauthnResponse, device }),
  'passkey/withdraw-options': empty,
  'passkey/confirm-options': empty,
} as const;

export type CallPath = keyof typeof callSchemas;
/** What the client sends (form values, before parsing), `lang` excluded: the client adds it. */
export type CallRequest<P extends CallPath> = z.input<(typeof callSchemas)[P]>;
/** What the server works with after validation. */
export type ParsedRequest<P extends CallPath> = z.output<(typeof callSchemas)[P]>;

export const CALL_PATHS = Object.keys(callSchemas) as CallPath[];
