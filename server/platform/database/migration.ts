import type { SqlRunner } from './sql';

/** What a migration's row work may use: the migrating connection, inside its transaction. */
export type MigrationRunner = Pick<SqlRunner, 'dialect' | 'all' | 'get' | 'run'>;

/**
 * A migration that needs more than one text of SQL both engines share: statements of each
 * engine's own (a trigger: SQLite writes its body inline, PostgreSQL calls a function), or work on
 * the rows that SQL cannot do alike. The steps run in this order, in one transaction.
 */
export interface MigrationSteps {
  /** Both engines: SQLite's words, translated for PostgreSQL (server/platform/database/dialect.ts). */
  sql?: string;
  /** Each engine's own statements, run as written. */
  sqlite?: string;
  postgres?: string;
  /** Work on the rows, in code written once for both engines. */
  rows?: (db: MigrationRunner) => Promise<void>;
  /** Statements after `rows` (indexes over what it filled), translated like `sql`. */
  after?: string;
  /**
   * Row work too large for one transaction, run before the steps above, each of its statements
   * committing by itself (a range of customers at a time), so that no lock is held for the whole
   * of it. The version is recorded only once it has finished, so it must be a refill from
   * nothing: an interrupted run is simply run again at the next start.
   */
  batched?: (db: MigrationRunner) => Promise<void>;
}

export type Migration = string | MigrationSteps;

/** A migration in its place in the list: its version (from 1), its name, its file. */
export interface ListedMigration {
  version: number;
  name: string;
  file: string;
  migration: Migration;
}

/** Why a migration stopped: for the person starting the server, with what to do about it. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}
