import pg from 'pg';

/** Runs one statement as the superuser on the server's `postgres` database. */
export async function asAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A digest of every table, index and sequence in the public schema with its columns, to tell
 * whether a test changed the schema (some drop a table to provoke an internal error).
 */
export async function schemaDigest(client: pg.Client): Promise<string> {
  const result = await client.query<{ digest: string }>(`
    SELECT md5(string_agg(format('%s/%s/%s/%s', c.relname, c.relkind, a.attname,
                                 format_type(a.atttypid, a.atttypmod)), ',' ORDER BY c.relname, a.attnum)) AS digest
    FROM pg_class c
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE c.relnamespace = 'public'::regnamespace`);
  return result.rows[0]?.digest ?? '';
}
