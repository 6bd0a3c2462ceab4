import net from 'node:net';
import type { Limits } from '../platform/limits';
import { inTransaction } from '../ledger/transactions';
import { isoNow, secondsAgo, secondsUntil, type Domain } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import { tooManyRequests } from '../platform/http/errors';
import { ipv6Groups } from './devices';
import { identityKey } from '../platform/database/identity-keys';
import { holdHashSlot } from './passwords';

/**
 * Where a password guess counts: one counter per account, whichever of its names (account or
 * e-mail) was typed, and per typed name for names that match no account.
 */
export function guessKey(user: { id: number } | undefined, typedName: string): string {
  return user ? `user:${user.id}` : `name:${identityKey(typedName)}`;
}

/**
 * Where a guess comes from. Each source has an allowance of its own on each account, so that
 * nobody's wrong guesses use up the owner's: a session already open, or a device the account has
 * signed in from before, is `trusted`; anywhere else is an address range, and those together
 * share one more allowance per account, which keeps guessing from many addresses at once bounded.
 */
export interface GuessSource {
  key: string;
  trusted: boolean;
}

/** A guess made inside a signed-in session (a withdrawal, a passkey, a proof of identity). */
export function fromSession(tokenHash: string): GuessSource {
  return { key: `session:${tokenHash}`, trusted: true };
}

/** A sign-in from a device the account has signed in from before (see known_devices). */
export function fromKnownDevice(device: string): GuessSource {
  return { key: `device:${device}`, trusted: true };
}

/**
 * A sign-in from anywhere else, counted by its address: an IPv4 address, or an IPv6 /64 (one
 * subscriber's network holds a whole /64, so counting single addresses there would count nothing).
 */
export function fromAddress(ip: string): GuessSource {
  if (!net.isIPv6(ip) || ip.toLowerCase().startsWith('::ffff:')) return { key: `address:${ip}`, trusted: false };
  const prefix = ipv6Groups(ip)
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16));
  return { key: `address:${prefix.join(':')}::/64`, trusted: false };
}

/** A guess counted and recorded, or how long until its source may guess again. */
export type Reservation = { id: number } | { retryAfter: number };

/** The operator CLI, run by staff on the server: its wrong authenticator codes count on their own. */
export const FROM_COMMAND_LINE: GuessSource = { key: 'command line', trusted: true };

/**
 * Counts one guess on `account` from `source` before it is checked, under a lock, so parallel
 * guesses (on any node) cannot all pass the count. A source may make `loginFailures` wrong guesses
 * per `loginWindowSeconds`; sources that are not trusted share `untrustedLoginFailures` more.
 * Whoever checks the guess releases it when it was right.
 */
export function reserveGuess(
  domain: Domain,
  limits: Pick<Limits, 'loginFailures' | 'untrustedLoginFailures' | 'loginWindowSeconds'>,
  account: string,
  source: GuessSource,
): Promise<Reservation> {
  return inTransaction(domain, async (tx): Promise<Reservation> => {
    await tx.lock(`guesses:${account}`);
    const since = secondsAgo(tx, limits.loginWindowSeconds);
    const retryAfter = (oldest: string) => limits.loginWindowSeconds + secondsUntil(tx, oldest);
    const fromSource = await tx.queries.codes.guessesFromSince(account, source.key, since);
    if (fromSource.n >= limits.loginFailures && fromSource.oldest) return { retryAfter: retryAfter(fromSource.oldest) };
    if (!source.trusted) {
      const untrusted = await tx.queries.codes.untrustedGuessesSince(account, since);
      if (untrusted.n >= limits.untrustedLoginFailures && untrusted.oldest) {
        return { retryAfter: retryAfter(untrusted.oldest) };
      }
    }
    return { id: await tx.queries.codes.recordGuess(account, source.key, !source.trusted, isoNow(tx)) };
  });
}

/** What a password check may do besides comparing the password. */
export interface GuessCheck {
  /**
   * Checked only after a right password; the guess is taken off only when it holds too: a wrong
   * authenticator code counts like a wrong password, inside the same reservation, so parallel
   * tries cannot slip past the count between two steps.
   */
  secondFactor?: () => Promise<boolean>;
  /** Runs before a wrong guess is answered, with the id of its counted row (see restampGuess). */
  whenWrong?: (guessId: number) => Promise<unknown>;
}

/**
 * Checks one password guess on `account` from `source` (see reserveGuess for the allowances).
 * The guess is counted before the slow hash runs; a right guess is then taken off again, and only
 * that one: wrong guesses of the same window keep counting. Throws 429 when an allowance is used
 * up.
 */
export async function checkPasswordGuess(
  context: ServerContext,
  account: string,
  source: GuessSource,
  password: string,
  hash: string,
  { secondFactor, whenWrong }: GuessCheck = {},
): Promise<boolean> {
  // Too busy to check it: no guess, and nothing written.
  const slot = holdHashSlot();
  try {
    const reserved = await reserveGuess(context, context.limits, account, source);
    if ('retryAfter' in reserved) throw tooManyRequests(reserved.retryAfter);
    const matches = await slot.verify(password, hash);
    slot.release();
    const right = matches && (!secondFactor || (await secondFactor()));
    if (right) await context.queries.codes.releaseGuess(reserved.id);
    else await whenWrong?.(reserved.id);
    return right;
  } finally {
    slot.release();
  }
}
