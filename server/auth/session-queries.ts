import type { SqlRunner } from '../platform/database/sql';
import type { UserRow } from '../customers/queries';

export interface NewSession {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  user_agent: string;
  ip: string;
}

export interface SessionRow extends NewSession {
  revoked_at: string | null;
  last_seen_at: string | null;
  last_ip: string;
}

/** How long a session's "last seen" may lag: the write it costs happens at most this often. */
export const LAST_SEEN_STEP_SECONDS = 60;

export function sessionsQueries(db: SqlRunner) {
  return {
    insert: (session: NewSession) =>
      db.run(
        `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, user_agent, ip, last_seen_at, last_ip)
         VALUES (@token_hash, @user_id, @created_at, @expires_at, @user_agent, @ip, @created_at, @ip)`,
        { ...session },
      ),
    /** Records a use, unless one was recorded since `staleBefore`. */
    touch: (tokenHash: string, at: string, ip: string, staleBefore: string) =>
      db.run(
        `UPDATE sessions SET last_seen_at = @at, last_ip = @ip
         WHERE token_hash = @token_hash AND (last_seen_at IS NULL OR last_seen_at < @stale_before)`,
        { token_hash: tokenHash, at, ip, stale_before: staleBefore },
      ),
    /** One page of a user's live sessions, the most recently used first. */
    activeOf: (userId: number, now: string, limit: number, offset: number) =>
      db.all<SessionRow>(
        `SELECT * FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?
         ORDER BY COALESCE(last_seen_at, created_at) DESC, token_hash LIMIT ? OFFSET ?`,
        [userId, now, limit, offset],
      ),
    countActiveOf: async (userId: number, now: string) =>
      (
        await db.get<{ n: number }>(
          'SELECT COUNT(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?',
          [userId, now],
        )
      )?.n ?? 0,
    /** A live session of the user named by the first 16 hex digits of its digest (see sessionHandle). */
    activeByHandle: (userId: number, handle: string, now: string) =>
      db.get<SessionRow>(
        `SELECT * FROM sessions WHERE user_id = ? AND substr(token_hash, 1, 16) = ? AND revoked_at IS NULL AND expires_at > ?
         LIMIT 1`,
        [userId, handle, now],
      ),
    activeUser: (tokenHash: string, now: string) =>
      db.get<UserRow & { session_expires_at: string; session_last_seen_at: string | null }>(
        `SELECT users.*, sessions.expires_at AS session_expires_at, sessions.last_seen_at AS session_last_seen_at
         FROM sessions JOIN users ON users.id = sessions.user_id
         WHERE sessions.token_hash = ? AND sessions.revoked_at IS NULL AND sessions.expires_at > ?`,
        [tokenHash, now],
      ),
    revoke: (tokenHash: string, now: string) =>
      db.run('UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL', [now, tokenHash]),
    revokeAllOf: (userId: number, now: string) =>
      db.run('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [now, userId]),
    /** Ends every session of the user but `keep`; says how many ended. */
    revokeAllBut: (userId: number, keep: string, now: string) =>
      db.run('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND token_hash <> ? AND revoked_at IS NULL', [
        now,
        userId,
        keep,
      ]),
    purgeExpired: (now: string) => db.run('DELETE FROM sessions WHERE expires_at <= ?', [now]),
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly sessions: ReturnType<typeof sessionsQueries>;
  }
}
