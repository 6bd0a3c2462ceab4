import type { SqlRunner } from './database';

export function settingsQueries(db: SqlRunner) {
  return {
    get: async (key: string) =>
      (await db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', [key]))?.value,
    set: (key: string, value: string) =>
      db.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
        key,
        value,
      ]),
  };
}
