import type { SqlRunner } from './database';

export interface EventRow {
  id: number;
  user_id: number;
  payload: string;
  created_at: string;
}

/** On PostgreSQL, where each event is also announced to every node; see server/live.ts. */
export const LIVE_EVENTS_CHANNEL = 'live_events';

/** What a node hears on LIVE_EVENTS_CHANNEL. */
export interface AnnouncedEvent {
  user: number;
  payload: string;
}

/**
 * Events for a user's live connections. The operator CLI runs in another process and, on
 * PostgreSQL, other nodes serve other sockets, so every event goes through the database: a row
 * in this table, which a SQLite server polls, and on PostgreSQL a NOTIFY that reaches every node
 * when (and only if) the transaction commits.
 */
export function eventsQueries(db: SqlRunner) {
  return {
    insert: async (userId: number, payload: string, createdAt: string) => {
      await db.run('INSERT INTO events (user_id, payload, created_at) VALUES (?, ?, ?)', [userId, payload, createdAt]);
      if (db.dialect === 'postgres') {
        const announced: AnnouncedEvent = { user: userId, payload };
        await db.get('SELECT pg_notify(?, ?)', [LIVE_EVENTS_CHANNEL, JSON.stringify(announced)]);
      }
    },
    after: (id: number, limit: number) =>
      db.all<EventRow>('SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?', [id, limit]),
    lastId: async () => (await db.get<{ id: number | null }>('SELECT MAX(id) AS id FROM events'))?.id ?? 0,
    purgeBefore: (time: string) => db.run('DELETE FROM events WHERE created_at < ?', [time]),
  };
}
