import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { SqlValue } from '../server/platform/database/sql';
import { migrate as migratePostgres } from '../server/platform/database/postgres';
import { migrate as migrateSqlite } from '../server/platform/database/sqlite';
import { findPostgresBin } from '../server/testing/postgres-cluster';
import { freePort } from '../server/testing/free-port';
import type { ScalePlan } from './scale-data';

/**
 * Writes a planned data set (bench/scale-data.ts) into a database at one schema version: the
 * first SCHEMA_VERSION migrations, applied by the server's own migrate (server/platform/database/sqlite.ts and
 * postgres.ts), then the rows. The server applies whatever came after when it first starts on a copy.
 */
export const SCHEMA_VERSION = 18;

const SQLITE_BATCH = 100_000;

/** A SQLite file at SCHEMA_VERSION holding the plan; fast and unsafe while it is built (a failed build is thrown away). */
export async function writeSqlite(file: string, plan: ScalePlan): Promise<void> {
  fs.rmSync(file, { force: true });
  const connection = new Database(file);
  try {
    connection.pragma('journal_mode = OFF');
    connection.pragma('synchronous = OFF');
    connection.pragma('foreign_keys = OFF');
    connection.pragma('cache_size = -262144');
    await migrateSqlite(connection, { upTo: SCHEMA_VERSION });
    for (const table of plan.tables) {
      const insert = connection.prepare(
        `INSERT INTO ${table.table} (${table.columns.join(', ')}) VALUES (${table.columns.map(() => '?').join(', ')})`,
      );
      let inBatch = 0;
      connection.exec('BEGIN');
      for (const row of table.rows()) {
        insert.run(...row);
        inBatch += 1;
        if (inBatch === SQLITE_BATCH) {
          connection.exec('COMMIT; BEGIN');
          inBatch = 0;
        }
      }
      connection.exec('COMMIT');
    }
    // The server's own settings for the file; it sets them again on every open.
    connection.pragma('journal_mode = WAL');
  } finally {
    connection.close();
  }
}

/** COPY's text format: tab-separated, \N for null; none of the planned values hold a tab, newline or backslash. */
function copyLine(row: SqlValue[]): string {
  return `${row.map((value) => (value === null ? '\\N' : String(value))).join('\t')}\n`;
}

/** Streams rows into one table through psql's COPY FROM STDIN: PostgreSQL's fastest way in. */
async function copyInto(bin: string, url: string, table: string, columns: string[], rows: Iterable<SqlValue[]>) {
  const child = spawn(
    path.join(bin, 'psql'),
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', `COPY ${table} (${columns.join(', ')}) FROM STDIN`],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let chunk = '';
  for (const row of rows) {
    chunk += copyLine(row);
    if (chunk.length > 1 << 20) {
      if (!child.stdin.write(chunk)) await new Promise((resolve) => child.stdin.once('drain', resolve));
      chunk = '';
    }
  }
  child.stdin.end(chunk);
  const code = await exited;
  if (code !== 0) throw new Error(`psql COPY into ${table} exited with ${code}`);
}

/** The plan in a PostgreSQL database at SCHEMA_VERSION, its identity keys moved past the rows, analysed. */
export async function writePostgres(bin: string, url: string, plan: ScalePlan): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await migratePostgres(pool, { upTo: SCHEMA_VERSION });
    } finally {
      await pool.end();
    }
    for (const table of plan.tables) await copyInto(bin, url, table.table, table.columns, table.rows());
    const identities = await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.columns WHERE is_identity = 'YES' AND column_name = 'id'",
    );
    for (const { table_name: table } of identities.rows) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM ${table}), false)`,
      );
    }
    // A live database has been vacuumed and analysed by autovacuum long since.
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

/** A PostgreSQL cluster the benchmark owns: its data folder is kept (cached) or copied, not thrown away. */
export interface OwnCluster {
  url: string;
  dataDir: string;
  bin: string;
  /** A clean shutdown: the folder can be copied and started again. */
  stop(): void;
}

export function postgresBin(): string {
  const found = findPostgresBin();
  if (!found) throw new Error("PostgreSQL's server binaries were not found (set PG_BIN)");
  return found;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool, as the `postgres` user when this runs as root (the server refuses root). */
function runTool(bin: string, tool: string, args: string[]): void {
  const command = asRoot ? 'runuser' : path.join(bin, tool);
  const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
  execFileSync(command, fullArgs, { stdio: 'pipe' });
}

/** A new, empty cluster in `dataDir` (which must not exist), not started. */
export function initCluster(bin: string, dataDir: string): void {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  if (asRoot) execFileSync('chown', ['postgres:postgres', path.dirname(dataDir)]);
  runTool(bin, 'initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--locale=C', '-E', 'UTF8', '--no-sync']);
}

/**
 * Starts the cluster in `dataDir`. `loading` is for the build: no WAL to speak of and no
 * durability; otherwise as bench/run.ts runs PostgreSQL (a commit returns once its WAL is on disk,
 * as the server's SQLite does by default).
 */
export async function startCluster(bin: string, dataDir: string, loading: boolean): Promise<OwnCluster> {
  const port = await freePort();
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-pg-socket-'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', socketDir]);
  const options = [
    `-p ${port}`,
    `-k ${socketDir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c max_connections=300',
    '-c shared_buffers=512MB',
    '-c maintenance_work_mem=512MB',
    ...(loading
      ? [
          '-c synchronous_commit=off',
          '-c fsync=off',
          '-c full_page_writes=off',
          '-c wal_level=minimal',
          '-c max_wal_senders=0',
          '-c autovacuum=off',
        ]
      : []),
    '-c max_wal_size=4GB',
  ].join(' ');
  runTool(bin, 'pg_ctl', [
    '-D',
    dataDir,
    '-o',
    options,
    '-l',
    path.join(path.dirname(dataDir), 'log'),
    '-w',
    '-t',
    '120',
    'start',
  ]);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    bin,
    stop() {
      if (stopped) return;
      stopped = true;
      runTool(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '300', 'stop']);
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** A copy of a stopped cluster's folder, for one run to change as it likes; returns the copy's data folder. */
export function copyCluster(cachedDataDir: string): { dataDir: string; remove: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-pg-scale-'));
  const dataDir = path.join(root, 'data');
  execFileSync('cp', ['-a', cachedDataDir, dataDir]);
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', root]);
  return { dataDir, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
