import type { ConsoleCallPath, ReviewKind } from '../../contract/console';

/**
 * The wire constants the console needs, copied from contract/console.ts. That module builds its
 * zod schemas as it loads, so importing any value from it would ship zod to the browser; types
 * come from it directly. wire.test.ts proves every copy here equals the contract's.
 */
export const CONSOLE_API_PREFIX = '/api/console/';
export const CONSOLE_LIVE_PATH = '/api/console/live';
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FREE_CALLS: readonly ConsoleCallPath[] = [
  'auth/login',
  'auth/session',
  'enrol/start',
  'enrol/finish',
];
export const REVIEW_KINDS: readonly ReviewKind[] = ['recharge', 'withdraw', 'sale'];
export const REMARK_MAX_LENGTH = 200;
export const OPERATOR_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,31}$/;
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const ENROLMENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
