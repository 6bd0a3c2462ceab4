import type { SqlRunner } from '../platform/database/sql';

export interface IdempotencyRow {
  payload_hash: string;
  response: string;
  created_at: string;
}

export function idempotencyQueries(db: SqlRunner) {
  return {
    /** The first answer to this request id, if it came within the window (after `since`). */
    find: (userId: number, path: string, requestId: string, since: string) =>
      db.get<IdempotencyRow>(
        `SELECT payload_hash, response, created_at FROM idempotency
         WHERE user_id = ? AND path = ? AND request_id = ? AND created_at > ?`,
        [userId, path, requestId, since],
      ),
    save: (userId: number, path: string, requestId: string, payloadHash: string, response: string, at: string) =>
      db.run(
        `INSERT INTO idempotency (user_id, path, request_id, payload_hash, response, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, path, request_id) DO UPDATE SET
           payload_hash = excluded.payload_hash, response = excluded.response, created_at = excluded.created_at`,
        [userId, path, requestId, payloadHash, response, at],
      ),
    purgeBefore: (time: string) => db.run('DELETE FROM idempotency WHERE created_at <= ?', [time]),
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly idempotency: ReturnType<typeof idempotencyQueries>;
  }
}
