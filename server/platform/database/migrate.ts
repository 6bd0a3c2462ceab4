import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { schemaForPostgres } from './dialect';
import {
  MigrationError,
  type BatchedPart,
  type ListedMigration,
  type Migration,
  type MigrationRunner,
} from './migration';
import { migrations as allMigrations } from './migrations';

/** Where the lines of a start's migrations go: one at each one's start and end, and a fill's progress. */
export type MigrationLog = (line: string) => void;

export interface MigrateOptions {
  /** Apply the migrations up to this version only (all of them unless told). */
  upTo?: number;
  /** Silent unless given: the server's start gives one; tests and the operator CLI give none. */
  log?: MigrationLog;
  /** The list to apply, in place of the real one (tests). */
  migrations?: readonly ListedMigration[];
  /** How often a batched fill logs how far it is (a few seconds unless told). */
  progressEveryMs?: number;
}

const PROGRESS_EVERY_MS = 5000;

/**
 * The applied migrations, the same table on both engines: each one's version, the name of its
 * file, the checksum of its SQL when it was applied, and when (for those a SQLite database had
 * applied before the table, which kept no time: when they were recorded in it).
 */
export const MIGRATIONS_TABLE = `
  CREATE TABLE IF NOT EXISTS schema_migrations (
    version BIGINT PRIMARY KEY,
    name TEXT NOT NULL,
    checksum TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`;

/**
 * How far each batched fill under way has come: the parts committed, of how many. A start after an
 * interruption goes on from there; the row goes with the migration's record.
 */
export const PROGRESS_TABLE = `
  CREATE TABLE IF NOT EXISTS schema_migration_progress (
    version BIGINT PRIMARY KEY,
    done_up_to BIGINT NOT NULL,
    parts BIGINT NOT NULL
  )`;

/** The connection a migration runs on, as each engine gives it. */
export interface MigratingConnection {
  readonly runner: MigrationRunner;
  /** Statements without parameters, run as written. */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** Inside the transaction that records `version` applied: what else the engine keeps in step. */
  recorded?(version: number): Promise<void>;
}

/**
 * The checksum of a migration's SQL: sha256 over its texts (shared, SQLite's, PostgreSQL's and
 * those after the row work), in that order. Its row work is code, not counted.
 */
export function checksumOf(migration: Migration): string {
  const steps = typeof migration === 'string' ? { sql: migration } : migration;
  const texts = [steps.sql, steps.sqlite, steps.postgres, steps.after].map((text) => text ?? null);
  return createHash('sha256').update(JSON.stringify(texts)).digest('hex');
}

/** How long something took, for a log line. */
function took(since: number): string {
  const ms = performance.now() - since;
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function label(listed: ListedMigration): string {
  return `migration ${listed.version} ${listed.name}`;
}

/**
 * Records in the table, for a database from before it, the migrations it had applied, with this
 * code's checksums (they are the ones that were applied: no migration is ever edited).
 */
export async function recordEarlier(
  connection: MigratingConnection,
  earlier: readonly { version: number; appliedAt: string }[],
  options: MigrateOptions,
  source: string,
): Promise<void> {
  const list = options.migrations ?? allMigrations;
  for (const { version, appliedAt } of earlier) {
    const listed = list[Number(version) - 1];
    if (!listed) {
      throw new MigrationError(
        `the database has applied migration ${version}, which this release does not know: ` +
          'start the release that applied it, or a later one',
      );
    }
    await connection.runner.run(
      'INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)',
      [version, listed.name, checksumOf(listed.migration), appliedAt],
    );
  }
  if (earlier.length > 0) {
    const versions = earlier.map((row) => row.version);
    options.log?.(
      `schema_migrations: recorded migrations ${Math.min(...versions)} to ${Math.max(...versions)}, ` +
        `applied before the table (${source})`,
    );
  }
}

/**
 * Applies what is missing up to `options.upTo`, one transaction each, once every migration the
 * database has applied is found as it was: an applied migration that has since changed stops the
 * start. The table exists already.
 */
export async function applyMigrations(connection: MigratingConnection, options: MigrateOptions): Promise<void> {
  const list = options.migrations ?? allMigrations;
  await connection.exec(PROGRESS_TABLE);
  const applied = await connection.runner.all<{ version: number; name: string; checksum: string; applied_at: string }>(
    'SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version',
  );
  const done = new Set<number>();
  for (const row of applied) {
    const version = Number(row.version);
    done.add(version);
    // A newer node may have migrated further during a rolling update: its migrations are not ours.
    const listed = list[version - 1];
    if (listed && checksumOf(listed.migration) !== row.checksum) {
      const named = listed.name === row.name ? '' : ` (applied as ${row.name})`;
      throw new MigrationError(
        `migration ${version} (server/platform/database/migrations/${listed.file})${named} is not the one this ` +
          `database applied on ${row.applied_at}: its SQL's checksum is ${checksumOf(listed.migration)}, the ` +
          `database recorded ${row.checksum}. An applied migration must never be edited: put it back as it was, ` +
          'and make the change in a new migration after the last one.',
      );
    }
  }
  for (const listed of list.slice(0, options.upTo ?? list.length)) {
    if (done.has(listed.version)) continue;
    await applyOne(connection, listed, options);
  }
}

async function applyOne(connection: MigratingConnection, listed: ListedMigration, options: MigrateOptions) {
  const { log } = options;
  const started = performance.now();
  log?.(`${label(listed)}: started`);
  const { dialect } = connection.runner;
  const steps = typeof listed.migration === 'string' ? { sql: listed.migration } : listed.migration;
  const shared = (sql: string) => connection.exec(dialect === 'postgres' ? schemaForPostgres(sql) : sql);
  if (steps.batched) await fillInParts(connection, listed, await steps.batched(connection.runner), options);
  await connection.transaction(async () => {
    if (steps.sql) await shared(steps.sql);
    const own = steps[dialect];
    if (own) await connection.exec(own);
    if (steps.rows) await steps.rows(connection.runner);
    if (steps.after) await shared(steps.after);
    await connection.runner.run(
      'INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)',
      [listed.version, listed.name, checksumOf(listed.migration), new Date().toISOString()],
    );
    await connection.runner.run('DELETE FROM schema_migration_progress WHERE version = ?', [listed.version]);
    await connection.recorded?.(listed.version);
  });
  log?.(`${label(listed)}: done in ${took(started)}`);
}

/**
 * Runs a batched fill's parts, each in a transaction of its own that also records it done: after
 * an interruption, the next start goes on from the part after the last one committed.
 */
async function fillInParts(
  connection: MigratingConnection,
  listed: ListedMigration,
  parts: readonly BatchedPart[],
  options: MigrateOptions,
): Promise<void> {
  const { runner } = connection;
  const { log } = options;
  const progress = await runner.get<{ done: number; parts: number }>(
    'SELECT done_up_to AS done, parts FROM schema_migration_progress WHERE version = ?',
    [listed.version],
  );
  let done = 0;
  if (progress && Number(progress.parts) === parts.length) {
    done = Number(progress.done);
    log?.(`${label(listed)}: resuming after ${done} of ${parts.length} parts`);
  } else if (progress) {
    log?.(`${label(listed)}: ${parts.length} parts now, ${progress.parts} before: from the first part again`);
  }
  const started = performance.now();
  let logged = started;
  for (const [index, part] of parts.entries()) {
    if (index < done) continue;
    await connection.transaction(async () => {
      await part(runner);
      await runner.run(
        `INSERT INTO schema_migration_progress (version, done_up_to, parts) VALUES (?, ?, ?)
         ON CONFLICT (version) DO UPDATE SET done_up_to = excluded.done_up_to, parts = excluded.parts`,
        [listed.version, index + 1, parts.length],
      );
    });
    if (performance.now() - logged >= (options.progressEveryMs ?? PROGRESS_EVERY_MS)) {
      logged = performance.now();
      log?.(`${label(listed)}: ${index + 1} of ${parts.length} parts done, ${took(started)}`);
    }
  }
}
