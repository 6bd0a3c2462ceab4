import type { SqlRunner } from '../platform/database/sql';

/** A raise of the second-approval limit that waits for its time or for a second administrator. */
export interface LimitRaiseRow {
  id: number;
  amount: number;
  requested_by: string;
  requested_at: string;
  in_force_at: string;
}

export function settingsQueries(db: SqlRunner) {
  return {
    get: async (key: string) =>
      (await db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', [key]))?.value,
    set: (key: string, value: string) =>
      db.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
        key,
        value,
      ]),

    /** The raise of the second-approval limit that waits, if any (at most one does). */
    limitRaise: () => db.get<LimitRaiseRow>('SELECT * FROM limit_raises ORDER BY id DESC LIMIT 1'),
    stageLimitRaise: (row: Omit<LimitRaiseRow, 'id'>) =>
      db.run(
        `INSERT INTO limit_raises (amount, requested_by, requested_at, in_force_at)
         VALUES (@amount, @requested_by, @requested_at, @in_force_at)`,
        { ...row },
      ),
    /** Withdraws whatever raise waits: it was confirmed, came into force, or a later change replaced it. */
    dropLimitRaises: () => db.run('DELETE FROM limit_raises'),
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly settings: ReturnType<typeof settingsQueries>;
  }
}
