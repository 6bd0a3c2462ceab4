import type { SqlRunner } from './database';

export interface NewUpload {
  user_id: number;
  name: string;
  mime: string;
  size: number;
  content: Buffer;
  created_at: string;
}

export interface UploadRow extends Omit<NewUpload, 'content'> {
  /** Null for uploads stored before the content moved into the database (read from the folder). */
  content: Buffer | null;
}

export function uploadsQueries(db: SqlRunner) {
  return {
    find: (name: string) => db.get<UploadRow>('SELECT * FROM uploads WHERE name = ?', [name]),
    insert: (upload: NewUpload) =>
      db.run(
        `INSERT INTO uploads (user_id, name, mime, size, content, created_at)
         VALUES (@user_id, @name, @mime, @size, @content, @created_at)`,
        { ...upload },
      ),
    /** `url` is the public form "/uploads/<name>". */
    isOwnedBy: async (url: string, userId: number) =>
      (await db.get('SELECT 1 AS found FROM uploads WHERE name = ? AND user_id = ?', [
        url.replace(/^\/uploads\//, ''),
        userId,
      ])) !== undefined,
  };
}
