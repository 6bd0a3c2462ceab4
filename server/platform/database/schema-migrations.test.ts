import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withClient } from '../../testing/postgres-admin';
import { testDatabase } from '../../testing/test-support';
import { openDatabase } from './database';
import { checksumOf, type MigrateOptions } from './migrate';
import { MigrationError, type ListedMigration, type MigrationRunner } from './migration';
import { migrations } from './migrations';
import { migrate as migratePostgres } from './postgres';
import { migrate as migrateSqlite } from './sqlite';

/**
 * Every migration file and the checksum of its SQL as it shipped. A migration that has shipped is
 * never edited: a changed checksum here is a mistake to undo, and a new migration adds its line.
 */
const SHIPPED: [file: string, checksum: string][] = [
  ['001-initial-schema.ts', '783720eb4cd2c9f7b459d1d113691a3fd84995ceabaec3e15105dd2ce1dc2c7f'],
  ['002-open-order-indexes.ts', '27291932965b18811289cf286806f60eba6efd7fb23c1622411c8b22eb4d719b'],
  ['003-upload-content.ts', '0af30c1a7f79b015f4d5a01dfda8e4b90853801cb2ec30200b59bc3974b39fba'],
  ['004-rate-limits.ts', '3a4886a09710ed8e906e26acac6e648ef1ea604e07b69bacdccbdd2c44655967'],
  ['005-contact-channels.ts', '60a9f968f6efca0d051ffc3ad3c9742390ab2fb269d34ce0545d355ad49a207c'],
  ['006-proof-digests.ts', '110716fb5f73640840fe2d71577a25aa40e59ec983946c2733bc409b7aa1b069'],
  ['007-operators-console.ts', '9f2758ac8945528bbf3de7e8194d9f3e78c5fc0914b20143f17d6a4a17e7d71a'],
  ['008-paused-offers.ts', 'bc2e7bc88033cb67dd3aa767e79a0fe895071efb94065a99ff81c8bc788267d8'],
  ['009-security-centre.ts', '7ba94950c72dbb2e64b0ee459a8ebd60337df0f5df98ba3ab914814064026c2e'],
  ['010-web-push.ts', 'ced3df389f064acd4d47781e18d147f384d8a3d623502b0734b5ded069e0466d'],
  ['011-passkeys.ts', '70b572defe4a5d2ef1c51683dc061ddd9862b3f2196e6f04bad8c2ae6eda7324'],
  ['012-event-ids-never-reused.ts', '4bfea91654ebbb4595c7a39dbbc392a3015c33f1145ae4b751f0dbc723eaadb0'],
  ['013-identity-keys.ts', '8c50a9cf6b21733deaec7583535d0029b122815b5723017088d489518c0876c5'],
  ['014-guess-sources-and-known-devices.ts', '467c57a15ecfc4e6ed2ba964d8486bc8e63ca068d27b590c7cd1a41c09dd45ab'],
  ['015-passkey-confirm-purpose.ts', '16bce76278fce60ee8766772d5ee085166d86788058b8e338cffa0898cfaca3e'],
  ['016-hall-offers-index.ts', '600dcba9a76923e2eda7995445aa0cda7b4f5cb90f936e373ba9cc0199a900ef'],
  ['017-enrolment-approvals-append-only-audit.ts', '2fe3c6729a6f191746418ae482772c1c8e5787d6d2922288fef7862d1a401cbc'],
  ['018-operator-devices.ts', 'df8626d0ebcae6e39a334a9763d8c0392c13ff8ee53b2c6faf6de76eed6445da'],
  ['019-running-totals.ts', '0dc7831bfe57df3aedf63eac28e0546312902fe32b42bc2765baa4d7bb01bb99'],
  ['020-fill-running-totals.ts', '6cd8cec706fa11110d83fb46f97df1f9be43b4c570f3390e7c7f6a5173f595e6'],
  ['021-chain-deposits.ts', 'f56948954cc18d7489423db3c2682c3bd427b600a8c762a1ac64e0270c24b8b5'],
  ['022-deposit-push-notices.ts', '3fd8c515aab5eb4a19d7c92e3644264fedec6cbb9806d8e4e583691231a925d4'],
  ['023-chain-scan-hash-and-deposit-approvals.ts', '261c8b81157d4b7c7ec45dbe3545ae58665c96d03f3fde982086f4df4ad67773'],
  ['024-chain-checked-proofs.ts', '618a0e29f204cf68a9390122c7c2ae158b934cf713abb3c7955e161f41d78e73'],
  ['025-rolling-sum-indexes.ts', '84081a41f1f46d25d793c5878491b2b1677c39411c2270dd5c9777566fcf58db'],
  ['026-chain-dust.ts', 'cc29f933b2628919ff9ae0186e02e4942fee13856dd2a4d25ea891022348858f'],
  ['027-recharge-quotes.ts', 'b8d9848a77f3d3e85e044ef33c17da7685a688c2adf2bbcc5cc7ad18247bfa21'],
  ['028-four-eyes.ts', '4c476358c93d191fe1b669352870821dad7af5e166808759147c00ad4f84aea4'],
  ['029-review-waiting.ts', 'b5ffe89081a8a9e125c385dd4f7eee4f08545e6e793933a1cfe056dbeed13fee'],
];

let dir: string;
let database: { config: { databaseUrl?: string | undefined; sqliteFile: string }; drop(): Promise<void> };
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-schema-migrations-'));
  database = await testDatabase(dir, { empty: true });
});
afterEach(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Row = Record<string, unknown>;

/** Statements on the test's database from outside the server's code, in either engine's own SQL. */
async function query(sql: string): Promise<Row[]> {
  const url = database.config.databaseUrl;
  if (url) return withClient(url, async (client) => (await client.query<Row>(sql)).rows);
  const connection = new Database(database.config.sqliteFile);
  try {
    const statement = connection.prepare(sql);
    if (statement.reader) return statement.all() as Row[];
    statement.run();
    return [];
  } finally {
    connection.close();
  }
}

/** The engine's own migrate on the test's database, as a start runs it. */
async function migrateWith(options: MigrateOptions): Promise<void> {
  const url = database.config.databaseUrl;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await migratePostgres(pool, options);
    } finally {
      await pool.end();
    }
    return;
  }
  const connection = new Database(database.config.sqliteFile);
  try {
    await migrateSqlite(connection, options);
  } finally {
    connection.close();
  }
}

async function recorded(): Promise<{ version: number; name: string; checksum: string; applied_at: string }[]> {
  const rows = await query('SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version');
  return rows.map((row) => ({
    version: Number(row.version),
    name: String(row.name),
    checksum: String(row.checksum),
    applied_at: String(row.applied_at),
  }));
}

describe('the migration files', () => {
  it('run 001 to the last with no gap, each listed in its place, each as it shipped', () => {
    const folder = path.join(import.meta.dirname, 'migrations');
    const files = fs
      .readdirSync(folder)
      .filter((name) => name !== 'index.ts')
      .sort();
    expect(files).toEqual(
      files.map((_, index) =>
        expect.stringMatching(new RegExp(`^${String(index + 1).padStart(3, '0')}-[a-z0-9]+(-[a-z0-9]+)*\\.ts$`)),
      ),
    );
    expect(migrations.map((listed) => listed.file)).toEqual(files);
    expect(migrations.map((listed) => listed.version)).toEqual(files.map((_, index) => index + 1));
    expect(migrations.map((listed) => [listed.file, checksumOf(listed.migration)])).toEqual(SHIPPED);
  });
});

describe('the table of applied migrations', () => {
  it('is filled in at the first start on a database from before it, which then starts as any other', async () => {
    const before = 25;
    await migrateWith({ upTo: before });
    // What the release before the table left: SQLite counted in user_version, PostgreSQL kept
    // (version, applied_at) rows.
    if (database.config.databaseUrl) {
      await query('DROP TABLE schema_migrations');
      await query('CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, applied_at TEXT NOT NULL)');
      await query(
        `INSERT INTO schema_migrations SELECT version, '2026-01-0' || (version % 9 + 1) FROM generate_series(1, ${before}) AS version`,
      );
    } else {
      await query('DROP TABLE schema_migrations');
      expect(await query('PRAGMA user_version')).toEqual([{ user_version: before }]);
    }

    const lines: string[] = [];
    const db = await openDatabase(database.config, (line) => lines.push(line));
    try {
      expect(await db.schema()).toEqual({ applied: migrations.length, known: migrations.length });
    } finally {
      await db.close();
    }
    const rows = await recorded();
    expect(rows.map(({ version, name, checksum }) => [version, name, checksum])).toEqual(
      migrations.map((listed, index) => [listed.version, listed.name, SHIPPED[index]?.[1]]),
    );
    if (database.config.databaseUrl) expect(rows[10]?.applied_at).toBe('2026-01-03');
    expect(lines[0]).toMatch(/^schema_migrations: recorded migrations 1 to 25, applied before the table/);
    expect(lines.slice(1)).toEqual(
      migrations
        .slice(before)
        .flatMap((listed) => [
          `migration ${listed.version} ${listed.name}: started`,
          expect.stringMatching(new RegExp(`^migration ${listed.version} ${listed.name}: done in \\d+(\\.\\d)? m?s$`)),
        ]),
    );

    // The next start finds everything done and says nothing.
    lines.length = 0;
    await (await openDatabase(database.config, (line) => lines.push(line))).close();
    expect(lines).toEqual([]);
  });

  it('stops the start when a migration it applied has been edited since, and says which and what to do', async () => {
    await (await openDatabase(database.config)).close();
    const edited: readonly ListedMigration[] = migrations.map((listed) =>
      listed.version === 5 && typeof listed.migration === 'string'
        ? { ...listed, migration: listed.migration.replace('contact_channels', 'contacts') }
        : listed,
    );
    const starting = migrateWith({ migrations: edited });
    await expect(starting).rejects.toThrow(MigrationError);
    await expect(starting).rejects.toThrow(
      new RegExp(
        'migration 5 \\(server/platform/database/migrations/005-contact-channels\\.ts\\) is not the one this database ' +
          `applied on .*: its SQL's checksum is ${checksumOf(edited[4]?.migration ?? '')}, the database recorded ` +
          `${SHIPPED[4]?.[1]}\\. An applied migration must never be edited: .* a new migration`,
      ),
    );
    // As a start finds it when the record, not the file, differs: the same refusal.
    await query(`UPDATE schema_migrations SET checksum = 'edited' WHERE version = 12`);
    await expect(openDatabase(database.config)).rejects.toThrow(/migration 12 .*012-event-ids-never-reused\.ts/);
  });
});

describe('a batched fill', () => {
  it('goes on after an interruption from the part after the last one committed, saying how far it is', async () => {
    const runs: number[] = [];
    let interruptAt: number | undefined = 2;
    const fill: readonly ListedMigration[] = [
      { version: 1, name: 'numbers', file: '001-numbers.ts', migration: 'CREATE TABLE numbers (n INTEGER NOT NULL)' },
      {
        version: 2,
        name: 'fill-numbers',
        file: '002-fill-numbers.ts',
        migration: {
          batched: async () =>
            [1, 2, 3].map((n) => async (db: MigrationRunner) => {
              runs.push(n);
              await db.run('INSERT INTO numbers (n) VALUES (?)', [n]);
              if (n === interruptAt) throw new Error('interrupted');
            }),
          sql: 'CREATE INDEX numbers_n ON numbers(n)',
        },
      },
    ];
    const lines: string[] = [];
    const options = { migrations: fill, log: (line: string) => lines.push(line), progressEveryMs: 0 };
    await expect(migrateWith(options)).rejects.toThrow('interrupted');
    expect(lines).toEqual([
      'migration 1 numbers: started',
      expect.stringMatching(/^migration 1 numbers: done in /),
      'migration 2 fill-numbers: started',
      expect.stringMatching(/^migration 2 fill-numbers: 1 of 3 parts done, /),
    ]);
    // The first part is committed, with the progress; the second's insert went with its failure.
    expect((await query('SELECT n FROM numbers')).map((row) => Number(row.n))).toEqual([1]);
    expect((await recorded()).map((row) => row.version)).toEqual([1]);

    interruptAt = undefined;
    lines.length = 0;
    await migrateWith(options);
    expect(runs).toEqual([1, 2, 2, 3]);
    expect((await query('SELECT n FROM numbers ORDER BY n')).map((row) => Number(row.n))).toEqual([1, 2, 3]);
    expect((await recorded()).map((row) => row.version)).toEqual([1, 2]);
    expect(await query('SELECT * FROM schema_migration_progress')).toEqual([]);
    expect(lines).toEqual([
      'migration 2 fill-numbers: started',
      'migration 2 fill-numbers: resuming after 1 of 3 parts',
      expect.stringMatching(/^migration 2 fill-numbers: 2 of 3 parts done, \d/),
      expect.stringMatching(/^migration 2 fill-numbers: 3 of 3 parts done, \d/),
      expect.stringMatching(/^migration 2 fill-numbers: done in /),
    ]);
  });
});
