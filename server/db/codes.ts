import type { SendCodeScene } from '../../contract/rules';
import type { Db } from './database';

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
}

/** E-mail codes and the attempt counters that rate-limit them and logins. */
export function codesQueries(db: Db) {
  const insert = db.prepare<Omit<EmailCodeRow, 'id' | 'attempts' | 'consumed_at'>>(`
    INSERT INTO email_codes (email, scene, code_hash, ip, created_at, expires_at)
    VALUES (@email, @scene, @code_hash, @ip, @created_at, @expires_at)
  `);
  const latestForEmail = db.prepare<[string], EmailCodeRow>(
    'SELECT * FROM email_codes WHERE email = ? ORDER BY id DESC LIMIT 1',
  );
  const latestUsable = db.prepare<[string, SendCodeScene, string], EmailCodeRow>(`
    SELECT * FROM email_codes
    WHERE email = ? AND scene = ? AND consumed_at IS NULL AND expires_at > ?
    ORDER BY id DESC LIMIT 1
  `);
  const sentFromIpSince = db.prepare<[string, string], { n: number; oldest: string | null }>(
    'SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM email_codes WHERE ip = ? AND created_at > ?',
  );
  const countAttempt = db.prepare<[number]>('UPDATE email_codes SET attempts = attempts + 1 WHERE id = ?');
  const consume = db.prepare<[string, number]>(
    'UPDATE email_codes SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL',
  );

  const insertFailure = db.prepare<[string, string]>('INSERT INTO login_failures (account_key, at) VALUES (?, ?)');
  const failuresSince = db.prepare<[string, string], { n: number; oldest: string | null }>(
    'SELECT COUNT(*) AS n, MIN(at) AS oldest FROM login_failures WHERE account_key = ? AND at > ?',
  );
  const clearFailures = db.prepare<[string]>('DELETE FROM login_failures WHERE account_key = ?');
  const deleteFailure = db.prepare<[number]>('DELETE FROM login_failures WHERE id = ?');
  const pruneFailures = db.prepare<[string]>('DELETE FROM login_failures WHERE at <= ?');
  const pruneCodes = db.prepare<[string]>('DELETE FROM email_codes WHERE created_at <= ?');

  /**
   * Counts the guesses in the window and, if one more is allowed, records it, in one statement
   * sequence with no await between: parallel guesses cannot all pass the count.
   */
  const reserveGuess = db.transaction(
    (accountKey: string, since: string, at: string, limit: number): { id: number } | { oldest: string } => {
      const counted = failuresSince.get(accountKey, since) ?? { n: 0, oldest: null };
      if (counted.n >= limit && counted.oldest) return { oldest: counted.oldest };
      return { id: Number(insertFailure.run(accountKey, at).lastInsertRowid) };
    },
  );

  return {
    insert: (row: Omit<EmailCodeRow, 'id' | 'attempts' | 'consumed_at'>) => insert.run(row),
    latestForEmail: (email: string) => latestForEmail.get(email),
    latestUsable: (email: string, scene: SendCodeScene, now: string) => latestUsable.get(email, scene, now),
    sentFromIpSince: (ip: string, since: string) => sentFromIpSince.get(ip, since) ?? { n: 0, oldest: null },
    countAttempt: (id: number) => countAttempt.run(id),
    /** True when this call consumed the code (a second consumer gets false). */
    consume: (id: number, now: string) => consume.run(now, id).changes === 1,
    /** A password guess, counted before it is checked: `oldest` when the window is full. */
    reserveGuess: (accountKey: string, since: string, at: string, limit: number) =>
      reserveGuess(accountKey, since, at, limit),
    /** The guess was right: it no longer counts. Other guesses of the window still do. */
    releaseGuess: (id: number) => deleteFailure.run(id),
    /** The owner proved who they are another way (a password reset by e-mail code). */
    clearGuesses: (accountKey: string) => clearFailures.run(accountKey),
    /** Guesses and e-mail codes past any use (the clean-up job). */
    pruneBefore: (failuresBefore: string, codesSentBefore: string) => {
      pruneFailures.run(failuresBefore);
      pruneCodes.run(codesSentBefore);
    },
  };
}
