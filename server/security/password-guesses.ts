import { inTransaction, isoNow, secondsAgo, secondsUntil, type ServerContext } from '../context';
import { isServerBusy, tooManyRequests } from '../errors';
import { identityKey } from './identity-keys';
import { verifyPassword } from './passwords';

/**
 * Where a password guess counts: one counter per account, whichever of its names (account or
 * e-mail) was typed, and per typed name for names that match no account.
 */
export function guessKey(user: { id: number } | undefined, typedName: string): string {
  return user ? `user:${user.id}` : `name:${identityKey(typedName)}`;
}

/**
 * Checks one password guess against the account's allowance (`loginFailures` per
 * `loginWindowSeconds`). The guess is counted before the slow hash runs, so guesses sent in
 * parallel cannot all pass the count; a right guess is then taken off again, and only that one:
 * wrong guesses of the same window keep counting. Throws 429 when the allowance is used up.
 * `secondFactor`, when given, is checked only after a right password, and the guess is taken off
 * only when it holds too: a wrong authenticator code counts like a wrong password, inside the same
 * reservation, so parallel tries cannot slip past the count between two steps.
 */
export async function checkPasswordGuess(
  context: ServerContext,
  key: string,
  password: string,
  hash: string,
  secondFactor?: () => Promise<boolean>,
): Promise<boolean> {
  const { limits } = context;
  const reserved = await inTransaction(context, async (tx): Promise<{ id: number } | { oldest: string }> => {
    // Count and record under one lock, so parallel guesses (on any node) cannot all pass the count.
    await tx.lock(`guesses:${key}`);
    const counted = await tx.queries.codes.guessesSince(key, secondsAgo(tx, limits.loginWindowSeconds));
    if (counted.n >= limits.loginFailures && counted.oldest) return { oldest: counted.oldest };
    return { id: await tx.queries.codes.recordGuess(key, isoNow(tx)) };
  });
  if ('oldest' in reserved) {
    throw tooManyRequests(limits.loginWindowSeconds + secondsUntil(context, reserved.oldest));
  }
  let matches: boolean;
  try {
    matches = await verifyPassword(password, hash);
  } catch (error) {
    // The server was too busy to check it: it was no guess.
    if (isServerBusy(error)) await context.queries.codes.releaseGuess(reserved.id);
    throw error;
  }
  if (matches && secondFactor && !(await secondFactor())) return false;
  if (matches) await context.queries.codes.releaseGuess(reserved.id);
  return matches;
}
