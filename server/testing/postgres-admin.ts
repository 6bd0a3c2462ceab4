import pg from 'pg';

/** One connection to `url` for the length of `use`. */
export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Runs one statement as the superuser on the server's `postgres` database. */
export async function asAdmin(adminUrl: string, sql: string): Promise<void> {
  await withClient(adminUrl, (client) => client.query(sql));
}

/** The URL of database `name` on the server `serverUrl` points at. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A digest of every table, index and sequence in the public schema with its columns, to tell
 * whether a test changed the schema (some drop a table to provoke an internal error).
 */
export async function schemaDigest(client: pg.ClientBase): Promise<string> {
  const result = await client.query<{ digest: string }>(`
    SELECT md5(string_agg(format('%s/%s/%s/%s', c.relname, c.relkind, a.attname,
                                 format_type(a.atttypid, a.atttypmod)), ',' ORDER BY c.relname, a.attnum)) AS digest
    FROM pg_class c
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE c.relnamespace = 'public'::regnamespace`);
  return result.rows[0]?.digest ?? '';
}
