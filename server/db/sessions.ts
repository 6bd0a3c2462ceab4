import type { SqlRunner } from './database';
import type { UserRow } from './users';

export function sessionsQueries(db: SqlRunner) {
  return {
    insert: (tokenHash: string, userId: number, createdAt: string, expiresAt: string) =>
      db.run('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)', [
        tokenHash,
        userId,
        createdAt,
        expiresAt,
      ]),
    activeUser: (tokenHash: string, now: string) =>
      db.get<UserRow & { session_expires_at: string }>(
        `SELECT users.*, sessions.expires_at AS session_expires_at FROM sessions JOIN users ON users.id = sessions.user_id
         WHERE sessions.token_hash = ? AND sessions.revoked_at IS NULL AND sessions.expires_at > ?`,
        [tokenHash, now],
      ),
    revoke: (tokenHash: string, now: string) =>
      db.run('UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL', [now, tokenHash]),
    revokeAllOf: (userId: number, now: string) =>
      db.run('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [now, userId]),
    purgeExpired: (now: string) => db.run('DELETE FROM sessions WHERE expires_at <= ?', [now]),
  };
}
