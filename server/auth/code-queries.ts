import type { SendCodeScene } from '../../contract/rules';
import { identityKey } from '../platform/database/identity-keys';
import type { SqlRunner } from '../platform/database/sql';

export interface EmailCodeRow {
  id: number;
  email: string;
  scene: SendCodeScene;
  code_hash: string;
  ip: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  consumed_at: string | null;
  send_failed_at: string | null;
}

/** E-mail codes and the attempt counters that rate-limit them and logins. */
export function codesQueries(db: SqlRunner) {
  return {
    insert: (row: Omit<EmailCodeRow, 'id' | 'attempts' | 'consumed_at' | 'send_failed_at'>) =>
      db.insert(
        `INSERT INTO email_codes (email, email_key, scene, code_hash, ip, created_at, expires_at)
         VALUES (@email, @email_key, @scene, @code_hash, @ip, @created_at, @expires_at)`,
        { ...row, email_key: identityKey(row.email) },
      ),
    /** The latest code whose mail went out (or is still going out) to this address. */
    latestForEmail: (email: string) =>
      db.get<EmailCodeRow>(
        'SELECT * FROM email_codes WHERE email_key = ? AND send_failed_at IS NULL ORDER BY id DESC LIMIT 1',
        [identityKey(email)],
      ),
    latestUsable: (email: string, scene: SendCodeScene, now: string) =>
      db.get<EmailCodeRow>(
        `SELECT * FROM email_codes
         WHERE email_key = ? AND scene = ? AND consumed_at IS NULL AND expires_at > ?
         ORDER BY id DESC LIMIT 1`,
        [identityKey(email), scene, now],
      ),
    sentFromIpSince: async (ip: string, since: string) =>
      (await db.get<{ n: number; oldest: string | null }>(
        'SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM email_codes WHERE ip = ? AND created_at > ?',
        [ip, since],
      )) ?? { n: 0, oldest: null },
    /**
     * Counts one try against the latest usable code of the address and scene, in one statement, and
     * returns that code as it is after the count; undefined when there is none or its tries are
     * used up. Tries sent together (to one node or several) each count before any is compared:
     * PostgreSQL re-checks `attempts < @max` against the row another try has just changed.
     */
    countAttempt: (email: string, scene: SendCodeScene, now: string, max: number) =>
      db.get<Pick<EmailCodeRow, 'id' | 'code_hash' | 'attempts'>>(
        `UPDATE email_codes SET attempts = attempts + 1
         WHERE id = (SELECT id FROM email_codes
                     WHERE email_key = @email_key AND scene = @scene AND consumed_at IS NULL AND expires_at > @now
                     ORDER BY id DESC LIMIT 1)
           AND attempts < @max
         RETURNING id, code_hash, attempts`,
        { email_key: identityKey(email), scene, now, max },
      ),
    /** The mail of this code could not be sent: it holds nobody to the resend wait. */
    markSendFailed: (id: number, at: string) =>
      db.run('UPDATE email_codes SET send_failed_at = ? WHERE id = ?', [at, id]),
    /** True when this call consumed the code (a second consumer gets false). */
    consume: async (id: number, now: string) =>
      (await db.run('UPDATE email_codes SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL', [now, id])) === 1,
    /** Password guesses on `accountKey` from `source` since `since`, and the oldest of them. */
    guessesFromSince: async (accountKey: string, source: string, since: string) =>
      (await db.get<{ n: number; oldest: string | null }>(
        'SELECT COUNT(*) AS n, MIN(at) AS oldest FROM login_failures WHERE account_key = ? AND source = ? AND at > ?',
        [accountKey, source, since],
      )) ?? { n: 0, oldest: null },
    /** Password guesses on `accountKey` from every source the owner has not used, since `since`. */
    untrustedGuessesSince: async (accountKey: string, since: string) =>
      (await db.get<{ n: number; oldest: string | null }>(
        'SELECT COUNT(*) AS n, MIN(at) AS oldest FROM login_failures WHERE account_key = ? AND untrusted = 1 AND at > ?',
        [accountKey, since],
      )) ?? { n: 0, oldest: null },
    recordGuess: (accountKey: string, source: string, untrusted: boolean, at: string) =>
      db.insert('INSERT INTO login_failures (account_key, source, untrusted, at) VALUES (?, ?, ?, ?)', [
        accountKey,
        source,
        untrusted ? 1 : 0,
        at,
      ]),
    /**
     * The guess, found wrong at `at`, counts from then. A sign-in on a name with no account writes
     * this where one on a real account writes its failed-sign-in record: a row rewritten in three
     * indexes against a row added to three, so both answers take the same time (see user/login).
     */
    restampGuess: (id: number, at: string) => db.run('UPDATE login_failures SET at = ? WHERE id = ?', [at, id]),
    /** The guess was right: it no longer counts. Other guesses of the window still do. */
    releaseGuess: (id: number) => db.run('DELETE FROM login_failures WHERE id = ?', [id]),
    /** The owner proved who they are another way (a password reset by e-mail code). */
    clearGuesses: (accountKey: string) => db.run('DELETE FROM login_failures WHERE account_key = ?', [accountKey]),
    /** Guesses and e-mail codes past any use (the clean-up job). */
    pruneBefore: async (failuresBefore: string, codesSentBefore: string) => {
      await db.run('DELETE FROM login_failures WHERE at <= ?', [failuresBefore]);
      await db.run('DELETE FROM email_codes WHERE created_at <= ?', [codesSentBefore]);
    },
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly codes: ReturnType<typeof codesQueries>;
  }
}
