import type { SqlRunner } from '../platform/database/sql';

export interface PasskeyRow {
  id: number;
  user_id: number;
  /** base64url, as the browser names the credential. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** Comma-separated AuthenticatorTransport values the browser reported; may be empty. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export type ChallengePurpose = 'register' | 'sign_in' | 'withdraw' | 'confirm';

export interface NewChallenge {
  handle: string;
  challenge: string;
  purpose: ChallengePurpose;
  /** The session it was made for; empty for signing in, where there is none yet. */
  token_hash: string;
  user_id: number | null;
  created_at: string;
  expires_at: string;
}

/** Passkeys and the one-time challenges of their ceremonies. */
export function passkeysQueries(db: SqlRunner) {
  return {
    insert: (row: Omit<PasskeyRow, 'id' | 'last_used_at'>) =>
      db.insert(
        `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, name, created_at)
         VALUES (@user_id, @credential_id, @public_key, @counter, @transports, @name, @created_at)`,
        { ...row },
      ),
    byId: (id: number) => db.get<PasskeyRow>('SELECT * FROM passkeys WHERE id = ?', [id]),
    byCredentialId: (credentialId: string) =>
      db.get<PasskeyRow>('SELECT * FROM passkeys WHERE credential_id = ?', [credentialId]),
    /** A customer's passkeys, oldest first: one page of them, or the first `limit`. */
    ofUser: (userId: number, limit: number, offset = 0) =>
      db.all<PasskeyRow>('SELECT * FROM passkeys WHERE user_id = ? ORDER BY id LIMIT ? OFFSET ?', [
        userId,
        limit,
        offset,
      ]),
    countOf: async (userId: number) =>
      (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM passkeys WHERE user_id = ?', [userId]))?.n ?? 0,
    /** Every passkey of the customer goes (a password reset); how many went. */
    removeAllOf: (userId: number) => db.run('DELETE FROM passkeys WHERE user_id = ?', [userId]),
    /** True when the passkey was the owner's to remove. */
    remove: async (id: number, userId: number) =>
      (await db.run('DELETE FROM passkeys WHERE id = ? AND user_id = ?', [id, userId])) === 1,
    /**
     * Records a verified use. The counter must move forward (unless the authenticator keeps none,
     * and says 0 every time), checked in the statement itself: of two assertions with one counter
     * value sent together, only one is taken.
     */
    recordUse: async (id: number, counter: number, at: string) =>
      (await db.run(
        `UPDATE passkeys SET counter = @counter, last_used_at = @at
         WHERE id = @id AND (counter < @counter OR (counter = 0 AND @counter = 0))`,
        { id, counter, at },
      )) === 1,
    insertChallenge: (row: NewChallenge) =>
      db.insert(
        `INSERT INTO webauthn_challenges (handle, challenge, purpose, token_hash, user_id, created_at, expires_at)
         VALUES (@handle, @challenge, @purpose, @token_hash, @user_id, @created_at, @expires_at)`,
        { ...row },
      ),
    /**
     * Uses up a pending challenge in one statement and returns it; undefined when it is unknown,
     * used, expired, or made for another purpose or session. Two requests with one handle cannot
     * both get it: the second finds used_at set.
     */
    consumeChallenge: (handle: string, purpose: ChallengePurpose, tokenHash: string, now: string) =>
      db.get<{ challenge: string; user_id: number | null }>(
        `UPDATE webauthn_challenges SET used_at = @now
         WHERE handle = @handle AND purpose = @purpose AND token_hash = @token_hash
           AND used_at IS NULL AND expires_at > @now
         RETURNING challenge, user_id`,
        { handle, purpose, token_hash: tokenHash, now },
      ),
    /** Challenges past any use (the clean-up job). */
    pruneChallengesBefore: (before: string) =>
      db.run('DELETE FROM webauthn_challenges WHERE expires_at <= ?', [before]),
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly passkeys: ReturnType<typeof passkeysQueries>;
  }
}
