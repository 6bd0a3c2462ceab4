import type { Db } from './database';

export function settingsQueries(db: Db) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const set = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  return {
    get: (key: string) => get.get(key)?.value,
    set: (key: string, value: string) => set.run(key, value),
  };
}
