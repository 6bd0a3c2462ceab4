import type { SqlRunner } from './sql';

/** What a migration's row work may use: the migrating connection, inside its transaction. */
export type MigrationRunner = Pick<SqlRunner, 'dialect' | 'all' | 'get' | 'run'>;

/** One part of a batched fill: committed in a transaction of its own, with the progress made. */
export type BatchedPart = (db: MigrationRunner) => Promise<void>;

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
   * Row work too large for one transaction, run before the steps above: the parts it answers (a
   * range of customers each), every one committed in a transaction of its own, so that no lock
   * is held for the whole of it. Each part's commit records it done, and a start after an
   * interruption goes on from the next part, so the list must be the same at every start for the
   * same rows; when its length changes, the fill runs again from its first part.
   */
  batched?: (db: MigrationRunner) => Promise<readonly BatchedPart[]>;
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
