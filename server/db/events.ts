import type { SqlRunner } from './database';

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
export function eventsQueries(db: SqlRunner) {
  return {
    insert: (userId: number, payload: string, createdAt: string) =>
      db.run('INSERT INTO events (user_id, payload, created_at) VALUES (?, ?, ?)', [userId, payload, createdAt]),
    after: (id: number, limit: number) =>
      db.all<EventRow>('SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?', [id, limit]),
    lastId: async () => (await db.get<{ id: number | null }>('SELECT MAX(id) AS id FROM events'))?.id ?? 0,
    purgeBefore: (time: string) => db.run('DELETE FROM events WHERE created_at < ?', [time]),
  };
}
