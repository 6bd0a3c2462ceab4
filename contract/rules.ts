/**
 * Plain rules both sides share. No schema library here: the app imports this module on its first
 * screen, so it stays small; the zod schemas in `calls.ts` are built from these same rules.
 */

/** A pragmatic e-mail check: one @, a dot in the domain, no spaces, at most 254 characters. */
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;
export const EMAIL_MAX_LENGTH = 254;
/** Mainland-China mobile numbers: 11 digits starting with 13–19. */
export const CN_MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export const ACCOUNT_PATTERN = /^[A-Za-z0-9_]{4,20}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
export const CODE_PATTERN = /^\d{6}$/;
export const CODE_LENGTH = 6;
export const INVITE_CODE_PATTERN = /^[A-Z0-9]{6,12}$/;
export const NICKNAME_MAX_LENGTH = 20;
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const IBAN_PATTERN = /^[A-Za-z0-9]{15,34}$/;
export const SWIFT_PATTERN = /^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/;
export const PAGE_SIZE_MAX = 50;

export function isEmail(value: string): boolean {
  return (
    value.length <= EMAIL_MAX_LENGTH &&
    EMAIL_PATTERN.test(value) &&
    isPlainText(value) &&
    !HIDDEN_IN_ADDRESS.test(value)
  );
}

export function isCnMobile(value: string): boolean {
  return CN_MOBILE_PATTERN.test(value);
}

/** International numbers: an optional +, then 6–20 digits, spaces, dashes or brackets. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,19}$/;

/** A telephone for a bank binding: a mainland-China mobile or an international number. */
export function isPhone(value: string): boolean {
  return isCnMobile(value) || PHONE_PATTERN.test(value);
}

export function normaliseIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** 8–64 characters with at least one letter and one digit. */
export function isStrongEnoughPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    /[A-Za-z]/.test(value) &&
    /\d/.test(value)
  );
}

/**
 * Characters no text field takes: control and format characters (NUL, ESC, backspace, newlines,
 * the right-to-left override, zero-width characters), line and paragraph separators, lone
 * surrogate halves, the noncharacters (U+FFFE, U+FFFF and their kin) and U+FFFD, which stands
 * where a form body carried a lone surrogate or bytes that were not UTF-8.
 */
const NOT_TEXT =
  /\p{Cc}|\p{Cf}|\p{Zl}|\p{Zp}|\p{Cs}|[\u{FDD0}-\u{FDEF}\u{FFFD}]|[\u{FFFE}\u{FFFF}\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{10FFFE}\u{10FFFF}]/u;

/**
 * Characters that draw nothing a reader can see: spaces, combining marks on their own, the
 * default-ignorable ones (the Hangul fillers U+3164 and U+115F among them) and the blank braille
 * pattern U+2800.
 */
const ALL_INVISIBLE = /^[\p{White_Space}\p{M}\p{Default_Ignorable_Code_Point}\u{2800}]*$/u;

/** In an address, where they only serve to make two addresses look alike. */
const HIDDEN_IN_ADDRESS = /[\p{Default_Ignorable_Code_Point}\u{2800}]/u;

/** More combining marks on one letter than any script writes (Zalgo text). */
export const MAX_COMBINING_MARKS = 3;
const STACKED_MARKS = new RegExp(`\\p{M}{${MAX_COMBINING_MARKS + 1}}`, 'u');

/**
 * The one rule for every text field, identifiers included: nothing that is not text (see
 * NOT_TEXT), so no field can carry terminal escapes, bidi tricks or bytes a database refuses.
 */
export function isPlainText(value: string): boolean {
  return !NOT_TEXT.test(value);
}

/**
 * Free text a person reads (names, bank and Wise fields, addresses): plain, with something
 * visible in it, and no letter carrying more than three combining marks.
 */
export function isVisibleText(value: string): boolean {
  return isPlainText(value) && !ALL_INVISIBLE.test(value) && !STACKED_MARKS.test(value);
}

const NOT_TEXT_ANYWHERE = new RegExp(NOT_TEXT.source, 'gu');

/**
 * `value` with every character isPlainText refuses written out as a visible `\uXXXX` escape, one
 * per UTF-16 unit: printed to a terminal it cannot move the cursor, recolour or reorder the line,
 * and inside a JSON string the escape is still valid JSON that reads back as the original.
 */
export function escapeNotText(value: string): string {
  return value.replace(NOT_TEXT_ANYWHERE, (found) =>
    Array.from(
      { length: found.length },
      (_, index) => `\\u${found.charCodeAt(index).toString(16).padStart(4, '0')}`,
    ).join(''),
  );
}

/** The ids the server hands out (orders, merchants, bindings): plain digits, no leading zero. */
export const INTERNAL_ID_PATTERN = /^[1-9]\d{0,14}$/;

/** The longest receiving address the recharge form takes. */
const RECEIVING_ADDRESS_MAX_LENGTH = 128;

/**
 * A receiving address customers copy and pay to: visible, no spaces, and nothing hidden that
 * would make two addresses look alike.
 */
export function isReceivingAddress(value: string): boolean {
  return (
    value.length <= RECEIVING_ADDRESS_MAX_LENGTH &&
    isVisibleText(value) &&
    !/\s/.test(value) &&
    !HIDDEN_IN_ADDRESS.test(value)
  );
}

/** A nickname is 1–20 visible characters once trimmed. */
export function normaliseNickname(value: string): string | null {
  const trimmed = value.trim();
  const length = [...trimmed].length;
  if (length < 1 || length > NICKNAME_MAX_LENGTH || !isVisibleText(trimmed)) return null;
  return trimmed;
}

/** The random id the app keeps per device to tell new devices at sign-in (not a secret). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** How My → Security names a session: the first 16 hex digits of its token's digest. */
export const SESSION_HANDLE_PATTERN = /^[a-f0-9]{16}$/;

const ANTI_PHISHING_MIN_LENGTH = 4;
export const ANTI_PHISHING_MAX_LENGTH = 20;

/**
 * The anti-phishing phrase, trimmed: 4–20 visible characters on one line (a line break is not
 * text), with nothing hidden that would make two phrases look alike; empty takes it away.
 */
export function isAntiPhishingPhrase(value: string): boolean {
  if (value === '') return true;
  const length = [...value].length;
  return (
    length >= ANTI_PHISHING_MIN_LENGTH &&
    length <= ANTI_PHISHING_MAX_LENGTH &&
    isVisibleText(value) &&
    !HIDDEN_IN_ADDRESS.test(value)
  );
}

/** Calls that carry no access token. */
export const PUBLIC_CALLS = [
  'user/login',
  'user/register',
  'sms/send-code',
  'user/reset-password',
  'passkey/sign-in-options',
  'passkey/sign-in',
] as const;

/** The handle of a pending WebAuthn challenge (not the challenge itself). */
export const CHALLENGE_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
export const PASSKEY_NAME_MAX_LENGTH = 60;
/** Passkeys one customer may hold: enough for every device they own, few enough to review. */
export const PASSKEYS_PER_CUSTOMER = 10;

export const API_PREFIX = '/api/v1/';

export const SALE_ORDER_STATES = ['audit', 'completion', 'reject'] as const;
export type SaleOrderState = (typeof SALE_ORDER_STATES)[number];

export const REVIEW_STATES = ['audit', 'success', 'failure'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const INTEREST_ORDER_STATES = ['holding', 'done'] as const;
export type InterestOrderState = (typeof INTEREST_ORDER_STATES)[number];

/**
 * How a chain deposit stands: found and waiting for finality, credited, gone in a reorganisation,
 * or too small. (Their list is in contract/chain.ts: the customer app needs only the type, and
 * every byte of this module is in its first load.)
 */
export type DepositState = 'confirming' | 'credited' | 'orphaned' | 'below_minimum';

/** The two address formats a watched network can have: TRON's `T…` and EVM's `0x…`. */
export type ChainKind = 'tron' | 'evm';

export const BANK_TYPES = ['bank', 'wise'] as const;
export type BankType = (typeof BANK_TYPES)[number];

export const LEDGER_KINDS = [
  'recharge',
  'sale',
  'sale_refund',
  'lixibao_buy',
  'lixibao_return',
  'interest',
  'withdraw',
  'withdraw_refund',
  'adjust',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const CONTACT_CHANNEL_TYPES = ['telegram', 'whatsapp', 'email', 'link'] as const;
export type ContactChannelType = (typeof CONTACT_CHANNEL_TYPES)[number];

/** Customer-service contacts open in the customer's browser: only web and mail links. */
export function isSafeContactUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'mailto:' && url.pathname.includes('@'));
  } catch {
    return false;
  }
}

function parsedUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** `https://user:pw@host` shows a trusted name where another host answers. */
function hasCredentials(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}

/** A contact link an operator may publish: https: or mailto:, without a user name or password. */
export function isContactUrl(value: string): boolean {
  const url = parsedUrl(value);
  return isSafeContactUrl(value) && url !== null && !hasCredentials(url);
}

/**
 * A path under the image base URL that stays under it: segments of letters, digits, `-`, `_`
 * and `~` with dots only between them, so no `.` or `..` segment, `%` escape, backslash, query or
 * empty segment can make it point elsewhere once joined to the base.
 */
const CLEAN_IMAGE_PATH = /^(?:\/[A-Za-z0-9_~-]+(?:\.[A-Za-z0-9_~-]+)*)+$/;

/**
 * A merchant's picture as the app will read it: a clean path under its image base URL, or an
 * https: address without credentials (written out in full); null for anything else.
 */
export function imageAddress(value: string): string | null {
  if (CLEAN_IMAGE_PATH.test(value)) return value;
  if (!/^https:\/\//i.test(value)) return null;
  const url = parsedUrl(value);
  return url?.protocol === 'https:' && !hasCredentials(url) ? url.href : null;
}

/** A network's code, such as TRC20. */
export const NETWORK_TYPE_PATTERN = /^[A-Z0-9]{2,16}$/;
/** A three-letter currency code, such as EUR. */
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;
/** 100.00 %, in basis points. */
export const MAX_COMPLETION_RATE = 10_000;
/** 1000 % a year, in basis points. */
export const MAX_INTEREST_RATE = 100_000;
export const MAX_PRODUCT_DAYS = 3650;

export const SEND_CODE_SCENES = ['register', 'reset', 'bind'] as const;
export type SendCodeScene = (typeof SEND_CODE_SCENES)[number];

/** The wire language codes (`lang`, stored `language`), in the order the language sheet lists them. */
export const WIRE_LANGUAGES = ['en', 'de', 'xby', 'fayu', 'pty', 'ja', 'zh-Hans', 'zh-Hant'] as const;
export type WireLanguage = (typeof WIRE_LANGUAGES)[number];

export function isWireLanguage(value: unknown): value is WireLanguage {
  return typeof value === 'string' && (WIRE_LANGUAGES as readonly string[]).includes(value);
}

export const MIN_WITHDRAW_CENTS = 1_000;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];
