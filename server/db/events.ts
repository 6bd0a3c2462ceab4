import type { Db } from './database';

export interface EventRow {
  id: number;
  user_id: number;
  payload: string;
  created_at: string;
}

/**
 * Events for a user's live connections. The operator CLI runs in another process, so every
 * event goes through this table and the server relays what is new.
 */
export function eventsQueries(db: Db) {
  const insert = db.prepare<[number, string, string]>(
    'INSERT INTO events (user_id, payload, created_at) VALUES (?, ?, ?)',
  );
  const after = db.prepare<[number, number], EventRow>('SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?');
  const lastId = db.prepare<[], { id: number | null }>('SELECT MAX(id) AS id FROM events');
  const purgeBefore = db.prepare<[string]>('DELETE FROM events WHERE created_at < ?');
  return {
    insert: (userId: number, payload: string, createdAt: string) => insert.run(userId, payload, createdAt),
    after: (id: number, limit: number) => after.all(id, limit),
    lastId: () => lastId.get()?.id ?? 0,
    purgeBefore: (time: string) => purgeBefore.run(time).changes,
  };
}
