import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabase } from '../../testing/test-support';
import { openDatabase } from './database';
import type { DatabaseConfig } from './sql';
import { POSTGRES_PRELUDE, schemaForPostgres } from './dialect';
import { createQueries } from '../../query-groups';
import { MigrationError } from './migration';
import { migrations } from './migrations';

const before = migrations.findIndex((listed) => listed.name === 'identity-keys');

let dir: string;
let database: { config: DatabaseConfig; drop(): Promise<void> };
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-migrations-'));
  database = await testDatabase(dir, { empty: true });
});
afterEach(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A database as the release before the identity keys left it, with `statements` run on it: the
 * migrations before that one, applied the way each engine applies them.
 */
async function databaseBeforeKeys(statements: string[]): Promise<void> {
  const earlier = migrations.slice(0, before).map(({ migration }) => {
    if (typeof migration !== 'string') throw new Error('the migrations before the keys are plain SQL');
    return migration;
  });
  const { databaseUrl } = database.config;
  if (databaseUrl === undefined) {
    const connection = new Database(database.config.sqliteFile);
    for (const sql of earlier) connection.exec(sql);
    connection.pragma(`user_version = ${before}`);
    for (const sql of statements) connection.exec(sql);
    connection.close();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(POSTGRES_PRELUDE);
    await client.query('CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, applied_at TEXT NOT NULL)');
    for (const [index, sql] of earlier.entries()) {
      await client.query(schemaForPostgres(sql));
      await client.query("INSERT INTO schema_migrations VALUES ($1, '2026-01-01')", [index + 1]);
    }
    for (const sql of statements) await client.query(sql);
  } finally {
    await client.end();
  }
}

function customer(id: number, account: string, email: string): string {
  return `INSERT INTO users (id, account, email, password_hash, nickname, invite_code, transfer_code, created_at)
          VALUES (${id}, '${account}', '${email}', 'x', '${account}', 'INV${id}', 'TRF${id}', '2026-01-01')`;
}

describe('the identity keys migration', () => {
  it('keys every account, so that ASCII case still matches and look-alikes no longer do', async () => {
    await databaseBeforeKeys([customer(1, 'Alice_1', 'Alice@Example.com'), customer(2, 'bob_2', 'info@ありす.jp')]);
    const db = await openDatabase(database.config);
    try {
      const users = createQueries(db).users;
      expect((await users.byLogin('alice@EXAMPLE.COM'))?.id).toBe(1);
      expect((await users.byLogin('ALICE_1'))?.id).toBe(1);
      expect((await users.byEmail('info@ありす.jp'))?.id).toBe(2);
      expect(await users.byEmail('info@アリス.jp')).toBeUndefined();
      // The addresses are kept as they were given.
      expect((await users.byId(1))?.email).toBe('Alice@Example.com');
    } finally {
      await db.close();
    }
  });

  it('stops, changing nothing, when two accounts would share a key, and says which', async () => {
    const composed = 'jos\u00e9@example.com';
    const decomposed = 'jose\u0301@example.com';
    await databaseBeforeKeys([
      // SQLite's NOCASE kept these two apart; PostgreSQL's ICU collation could not hold both, so
      // there the old constraint goes first, as if the rows came from such a database.
      ...(database.config.databaseUrl ? ['ALTER TABLE users DROP CONSTRAINT users_email_key'] : []),
      customer(1, 'jose_1', composed),
      customer(2, 'jose_2', decomposed),
    ]);
    const opening = openDatabase(database.config);
    await expect(opening).rejects.toThrow(MigrationError);
    await expect(opening).rejects.toThrow(/users 1 \(jose_1\) and 2 \(jose_2\) share one email.*Nothing was changed/);
    // Nothing was merged or half-done: the old release's database, as it was.
    if (database.config.databaseUrl) {
      const client = new pg.Client({ connectionString: database.config.databaseUrl });
      await client.connect();
      try {
        const applied = await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM schema_migrations');
        expect(Number(applied.rows[0]?.n)).toBe(before);
        const columns = await client.query("SELECT 1 FROM information_schema.columns WHERE column_name = 'email_key'");
        expect(columns.rowCount).toBe(0);
        expect((await client.query('SELECT email FROM users ORDER BY id')).rows).toEqual([
          { email: composed },
          { email: decomposed },
        ]);
      } finally {
        await client.end();
      }
    } else {
      const connection = new Database(database.config.sqliteFile);
      expect(connection.pragma('user_version', { simple: true })).toBe(before);
      expect(connection.prepare('SELECT email FROM users ORDER BY id').all()).toEqual([
        { email: composed },
        { email: decomposed },
      ]);
      connection.close();
    }
  });
});
