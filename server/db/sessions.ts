import type { Db } from './database';
import type { UserRow } from './users';

export function sessionsQueries(db: Db) {
  const insert = db.prepare<{ token_hash: string; user_id: number; created_at: string; expires_at: string }>(`
    INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
    VALUES (@token_hash, @user_id, @created_at, @expires_at)
  `);
  const activeUser = db.prepare<[string, string], UserRow & { session_expires_at: string }>(`
    SELECT users.*, sessions.expires_at AS session_expires_at FROM sessions JOIN users ON users.id = sessions.user_id
    WHERE sessions.token_hash = ? AND sessions.revoked_at IS NULL AND sessions.expires_at > ?
  `);
  const revoke = db.prepare<[string, string]>(
    'UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL',
  );
  const revokeAll = db.prepare<[string, number]>(
    'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL',
  );
  const purgeExpired = db.prepare<[string]>('DELETE FROM sessions WHERE expires_at <= ?');

  return {
    insert: (tokenHash: string, userId: number, createdAt: string, expiresAt: string) =>
      insert.run({ token_hash: tokenHash, user_id: userId, created_at: createdAt, expires_at: expiresAt }),
    activeUser: (tokenHash: string, now: string) => activeUser.get(tokenHash, now),
    revoke: (tokenHash: string, now: string) => revoke.run(now, tokenHash),
    revokeAllOf: (userId: number, now: string) => revokeAll.run(now, userId),
    purgeExpired: (now: string) => purgeExpired.run(now).changes,
  };
}
