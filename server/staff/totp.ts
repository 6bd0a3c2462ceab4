import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it by default: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const ISSUER = 'USDT Wallet console';

function totpOf(secret: string, name: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: name,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

/** A new secret of 160 random bits, in the base32 that authenticator apps take. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an authenticator app scans or takes pasted. */
export function totpUri(secret: string, name: string): string {
  return totpOf(secret, name).toString();
}

/** The code for `at`, as an authenticator app shows it (tests and the demo use it). */
export function totpCode(secret: string, at: Date): string {
  return totpOf(secret, 'code').generate({ timestamp: at.getTime() });
}

/**
 * The time step `code` belongs to when it is right for `at`, give or take one step for a clock
 * that drifts; null when it is wrong. The caller refuses a step already used, so a code that was
 * seen over a shoulder or in a log cannot sign in a second time.
 */
export function totpStep(secret: string, code: string, at: Date): number | null {
  const delta = totpOf(secret, 'code').validate({ token: code, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / PERIOD_SECONDS) + delta;
}
