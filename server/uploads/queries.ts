import type { SqlRunner } from '../platform/database/sql';

export interface NewUpload {
  user_id: number;
  name: string;
  mime: string;
  size: number;
  content: Buffer;
  /** SHA-256 of the content, hex. */
  content_hash: string;
  created_at: string;
}

export interface UploadRow extends Omit<NewUpload, 'content' | 'content_hash'> {
  /** Null for uploads stored before the content moved into the database (read from the folder). */
  content: Buffer | null;
  /** Null for uploads stored before pictures were told apart by their content. */
  content_hash: string | null;
}

/** `url` is the public form "/uploads/<name>". */
function nameOf(url: string): string {
  return url.replace(/^\/uploads\//, '');
}

export function uploadsQueries(db: SqlRunner) {
  return {
    find: (name: string) => db.get<UploadRow>('SELECT * FROM uploads WHERE name = ?', [name]),
    insert: (upload: NewUpload) =>
      db.run(
        `INSERT INTO uploads (user_id, name, mime, size, content, content_hash, created_at)
         VALUES (@user_id, @name, @mime, @size, @content, @content_hash, @created_at)`,
        { ...upload },
      ),
    /** Whether the upload is its owner's avatar now: the one kind of upload anyone may see. */
    isOwnersAvatar: async (name: string) =>
      (await db.get(
        `SELECT 1 AS found FROM uploads JOIN users ON users.id = uploads.user_id
         WHERE uploads.name = ? AND users.avatar = ?`,
        [name, `/uploads/${name}`],
      )) !== undefined,
    isOwnedBy: async (url: string, userId: number) =>
      (await db.get('SELECT 1 AS found FROM uploads WHERE name = ? AND user_id = ?', [nameOf(url), userId])) !==
      undefined,
    /** What tells this upload's picture apart, when it is the user's: its digest, else its name. */
    identityOf: async (url: string, userId: number) => {
      const row = await db.get<{ name: string; content_hash: string | null }>(
        'SELECT name, content_hash FROM uploads WHERE name = ? AND user_id = ?',
        [nameOf(url), userId],
      );
      return row && (row.content_hash ? `sha256:${row.content_hash}` : `name:${row.name}`);
    },
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly uploads: ReturnType<typeof uploadsQueries>;
  }
}
