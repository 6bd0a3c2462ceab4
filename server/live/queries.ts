import type { SqlRunner } from '../platform/database/sql';

export interface EventRow {
  id: number;
  user_id: number;
  payload: string;
  created_at: string;
}

/** On PostgreSQL, where each event is also announced to every node; see server/live/hub.ts. */
export const LIVE_EVENTS_CHANNEL = 'live_events';

/** What a node hears on LIVE_EVENTS_CHANNEL. */
export interface AnnouncedEvent {
  user: number;
  payload: string;
}

/** How many events one statement may carry: a change announces at most this many together. */
const MOST_AT_ONCE = 4;

/** The text that writes `count` events (and on PostgreSQL announces them), composed once per count. */
function insertText(count: number, dialect: SqlRunner['dialect']): string {
  const rows = Array<string>(count).fill('(?, ?, ?)').join(', ');
  const insert = `INSERT INTO events (user_id, payload, created_at) VALUES ${rows}`;
  if (dialect === 'sqlite') return insert;
  // The notices go in the same statement: one round trip rather than two a change.
  return `WITH inserted AS (${insert}) SELECT ${Array<string>(count).fill('pg_notify(?, ?)').join(', ')}`;
}

const INSERTS = {
  sqlite: Array.from({ length: MOST_AT_ONCE + 1 }, (_, count) => insertText(count, 'sqlite')),
  postgres: Array.from({ length: MOST_AT_ONCE + 1 }, (_, count) => insertText(count, 'postgres')),
};

/**
 * Events for a user's live connections. The operator CLI runs in another process and, on
 * PostgreSQL, other nodes serve other sockets, so every event goes through the database: a row
 * in this table, which a SQLite server polls, and on PostgreSQL a NOTIFY that reaches every node
 * when (and only if) the transaction commits.
 */
export function eventsQueries(db: SqlRunner) {
  return {
    /** Writes the user's events, in this order, in one statement. */
    insert: async (userId: number, payloads: readonly string[], createdAt: string) => {
      const sql = INSERTS[db.dialect][payloads.length];
      if (sql === undefined || payloads.length === 0) {
        throw new Error(`between 1 and ${MOST_AT_ONCE} events at once, not ${payloads.length}`);
      }
      const rows = payloads.flatMap((payload) => [userId, payload, createdAt]);
      if (db.dialect === 'sqlite') {
        await db.run(sql, rows);
        return;
      }
      const notices = payloads.flatMap((payload) => {
        const announced: AnnouncedEvent = { user: userId, payload };
        return [LIVE_EVENTS_CHANNEL, JSON.stringify(announced)];
      });
      await db.get(sql, [...rows, ...notices]);
    },
    after: (id: number, limit: number) =>
      db.all<EventRow>('SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?', [id, limit]),
    lastId: async () => (await db.get<{ id: number | null }>('SELECT MAX(id) AS id FROM events'))?.id ?? 0,
    purgeBefore: (time: string) => db.run('DELETE FROM events WHERE created_at < ?', [time]),
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly events: ReturnType<typeof eventsQueries>;
  }
}
