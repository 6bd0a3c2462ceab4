import type { Db } from './database';

export interface NewUpload {
  user_id: number;
  name: string;
  mime: string;
  size: number;
  created_at: string;
}

export function uploadsQueries(db: Db) {
  const insert = db.prepare<NewUpload>(
    'INSERT INTO uploads (user_id, name, mime, size, created_at) VALUES (@user_id, @name, @mime, @size, @created_at)',
  );
  const owned = db.prepare<[string, number], { found: 1 }>(
    'SELECT 1 AS found FROM uploads WHERE name = ? AND user_id = ?',
  );
  const find = db.prepare<[string], NewUpload>('SELECT * FROM uploads WHERE name = ?');
  return {
    find: (name: string) => find.get(name),
    insert: (upload: NewUpload) => insert.run(upload),
    /** `url` is the public form "/uploads/<name>". */
    isOwnedBy: (url: string, userId: number) => owned.get(url.replace(/^\/uploads\//, ''), userId) !== undefined,
  };
}
