import type { Db } from './database';

export interface IdempotencyRow {
  payload_hash: string;
  response: string;
  created_at: string;
}

export function idempotencyQueries(db: Db) {
  const find = db.prepare<[number, string, string, string], IdempotencyRow>(`
    SELECT payload_hash, response, created_at FROM idempotency
    WHERE user_id = ? AND path = ? AND request_id = ? AND created_at > ?
  `);
  const save = db.prepare<[number, string, string, string, string, string]>(`
    INSERT INTO idempotency (user_id, path, request_id, payload_hash, response, created_at) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (user_id, path, request_id) DO UPDATE SET
      payload_hash = excluded.payload_hash, response = excluded.response, created_at = excluded.created_at
  `);
  const purgeBefore = db.prepare<[string]>('DELETE FROM idempotency WHERE created_at <= ?');
  return {
    /** The first answer to this request id, if it came within the window (after `since`). */
    find: (userId: number, path: string, requestId: string, since: string) => find.get(userId, path, requestId, since),
    save: (userId: number, path: string, requestId: string, payloadHash: string, response: string, at: string) =>
      save.run(userId, path, requestId, payloadHash, response, at),
    purgeBefore: (time: string) => purgeBefore.run(time).changes,
  };
}
