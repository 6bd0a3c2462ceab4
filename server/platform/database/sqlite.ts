import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createPrivateFile, makePrivateFolder } from '../data-folder';
import type { Db, SqlParams, SqliteSynchronous, Transaction } from './sql';
import { toSqlite } from './dialect';
import type { MigrationRunner } from './migration';
import {
  MIGRATIONS_TABLE,
  applyMigrations,
  recordEarlier,
  type MigrateOptions,
  type MigratingConnection,
  type MigrationLog,
} from './migrate';
import { migrations } from './migrations';

/**
 * How long a statement outside a transaction waits for the open one to end. Transactions run
 * nothing but statements, so a wait this long means a statement inside a transaction went
 * through the outer handle instead of its `tx` and waits for itself: fail loudly instead.
 */
const TRANSACTION_WAIT_MS = 5000;

type Statement = Database.Statement<unknown[], unknown>;

/**
 * SQLite through better-sqlite3: one connection, in WAL mode. Its calls are synchronous; this
 * wraps them in the async interface both engines share. A transaction may await between its
 * statements, so while one is open, statements from anywhere else wait for it to end instead of
 * running inside it.
 */
export async function openSqlite(
  file: string,
  synchronous: SqliteSynchronous = 'full',
  migrationLog?: MigrationLog,
): Promise<Db> {
  if (file !== ':memory:') {
    makePrivateFolder(path.dirname(file));
    // SQLite gives the -wal and -shm files it makes the database file's own permissions.
    createPrivateFile(file);
  }
  const connection = new Database(file);
  connection.pragma('journal_mode = WAL');
  // Money: in WAL mode, FULL writes each commit's log to the disk before the commit returns.
  connection.pragma(synchronous === 'normal' ? 'synchronous = NORMAL' : 'synchronous = FULL');
  connection.pragma('foreign_keys = ON');
  // The operator CLI writes to the same file while the server runs; wait instead of failing.
  connection.pragma('busy_timeout = 5000');
  try {
    await migrate(connection, { log: migrationLog });
  } catch (error) {
    connection.close();
    throw error;
  }

  const statements = new Map<string, Statement>();
  /** Every statement run goes through `prepared` once. */
  let sent = 0;
  function prepared(sql: string): Statement {
    sent += 1;
    let statement = statements.get(sql);
    if (!statement) {
      statement = connection.prepare(toSqlite(sql));
      statements.set(sql, statement);
    }
    return statement;
  }

  /** Resolves when the open transaction ends; undefined while none is open. */
  let openTransaction: Promise<void> | undefined;

  /**
   * Waits until no transaction is open. Callers check again synchronously after it resolves
   * (another waiter may have opened the next one first) and act in that same synchronous step.
   */
  async function noOpenTransaction(): Promise<void> {
    const deadline = Date.now() + TRANSACTION_WAIT_MS;
    while (openTransaction) {
      let timer: NodeJS.Timeout | undefined;
      const ended = await Promise.race([
        openTransaction.then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
        }),
      ]);
      clearTimeout(timer);
      if (!ended) throw new Error('a statement waited too long for a transaction (used outside its tx?)');
    }
  }

  const direct = {
    all: <Row>(sql: string, params?: SqlParams) => prepared(sql).all(...bindAll(params)) as Row[],
    get: <Row>(sql: string, params?: SqlParams) => prepared(sql).get(...bindAll(params)) as Row | undefined,
    run: (sql: string, params?: SqlParams) => prepared(sql).run(...bindAll(params)).changes,
    insert: (sql: string, params?: SqlParams) => Number(prepared(sql).run(...bindAll(params)).lastInsertRowid),
  };

  /** Runs a statement now; its result or its error comes back as a promise, like PostgreSQL's. */
  function runNow<T>(statement: () => T): Promise<T> {
    try {
      return Promise.resolve(statement());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  function outside<T>(statement: () => T): Promise<T> {
    // The common case, kept free of an async frame: no transaction is open, the statement runs now.
    return openTransaction ? waitThenRun(statement) : runNow(statement);
  }

  async function waitThenRun<T>(statement: () => T): Promise<T> {
    while (openTransaction) await noOpenTransaction();
    return statement();
  }

  /**
   * Reads outside a transaction share one read snapshot until the event loop's turn ends, so
   * SQLite takes and drops its lock on the file once for all of them rather than once for each
   * (three system calls a statement: a console page of nine statements spent a tenth of its time
   * on them). What they read is what was committed when the turn's first read began; a write or
   * a transaction here ends the snapshot first, and another process's commit shows from the next
   * turn.
   */
  let snapshotOpen = false;
  const beginSnapshot = connection.prepare('BEGIN DEFERRED');
  const endSnapshotStatement = connection.prepare('COMMIT');
  function readSnapshot(): void {
    if (snapshotOpen) return;
    beginSnapshot.run();
    snapshotOpen = true;
    setImmediate(endSnapshot);
  }
  function endSnapshot(): void {
    if (!snapshotOpen) return;
    snapshotOpen = false;
    endSnapshotStatement.run();
  }
  function reading<T>(statement: () => T): () => T {
    return () => {
      readSnapshot();
      return statement();
    };
  }

  /** Transactions waiting for the open one to end. */
  let queued = 0;
  /** Commits made through this connection: SQLite's data_version counts only other connections'. */
  let ownCommits = 0;
  const otherCommits = connection.prepare('PRAGMA data_version').pluck();
  /** A statement outside any transaction commits by itself (or part of it may, when `exec` fails halfway). */
  function committing<T>(statement: () => T): () => T {
    return () => {
      endSnapshot();
      try {
        return statement();
      } finally {
        ownCommits += 1;
      }
    };
  }
  /**
   * A statement that returns rows may still write (`UPDATE … RETURNING`): such a one commits at once
   * like `run`, outside the turn's snapshot. Inside it, the write would wait for the turn's end to
   * commit, unseen by the commit version, and would fail with SQLITE_BUSY whenever another process
   * had committed since the snapshot began (SQLite cannot move a snapshot's reader up to a writer).
   */
  function returningRows<T>(sql: string, rowsOf: (statement: Statement) => T): Promise<T> {
    const statement = prepared(sql);
    const run = () => rowsOf(statement);
    return outside(statement.readonly ? reading(run) : committing(run));
  }
  return {
    dialect: 'sqlite',
    all: <Row>(sql: string, params?: SqlParams) =>
      returningRows(sql, (statement) => statement.all(...bindAll(params)) as Row[]),
    get: <Row>(sql: string, params?: SqlParams) =>
      returningRows(sql, (statement) => statement.get(...bindAll(params)) as Row | undefined),
    run: (sql, params) => outside(committing(() => direct.run(sql, params))),
    insert: (sql, params) => outside(committing(() => direct.insert(sql, params))),
    async exec(sql) {
      await outside(committing(() => connection.exec(sql)));
    },
    commitVersion: () => `${String(otherCommits.get())}:${ownCommits}`,
    waiting: () => queued,
    statementsSent: () => sent,
    async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      queued += 1;
      try {
        while (openTransaction) await noOpenTransaction();
      } finally {
        queued -= 1;
      }
      let end!: () => void;
      openTransaction = new Promise((resolve) => (end = resolve));
      let open = true;
      function inside<R>(statement: () => R): Promise<R> {
        return open ? runNow(statement) : Promise.reject(new Error('the transaction has already ended'));
      }
      const tx: Transaction = {
        dialect: 'sqlite',
        all: (sql, params) => inside(() => direct.all(sql, params)),
        get: (sql, params) => inside(() => direct.get(sql, params)),
        run: (sql, params) => inside(() => direct.run(sql, params)),
        insert: (sql, params) => inside(() => direct.insert(sql, params)),
        // Every SQLite transaction here is IMMEDIATE and they run one at a time: already exclusive.
        lock: () => inside(() => undefined),
      };
      try {
        // IMMEDIATE takes the write lock now, so a writer in another process (the operator CLI)
        // makes this wait at the start rather than fail halfway through.
        endSnapshot();
        connection.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(tx);
          connection.exec('COMMIT');
          ownCommits += 1;
          return result;
        } catch (error) {
          if (connection.inTransaction) connection.exec('ROLLBACK');
          throw error;
        }
      } finally {
        open = false;
        openTransaction = undefined;
        end();
      }
    },
    schema: async () => ({
      applied: connection.pragma('user_version', { simple: true }) as number,
      known: migrations.length,
    }),
    async backup(file) {
      // The name is taken in one step that fails when anything has it, a link above all, dangling
      // or not: a backup never overwrites a file, nor writes where a link points.
      if (!createPrivateFile(file)) {
        throw new Error(`${file} exists already (a file or a link); a backup never overwrites, nor follows a link`);
      }
      // SQLite writes the copy and its own journal in a folder beside it that only this user can
      // enter, where nobody can have put a link in their way; the copy then takes the name.
      let work: string | undefined;
      try {
        work = fs.mkdtempSync(path.join(path.dirname(file), '.wallet-backup-'));
        const copyFile = path.join(work, 'wallet.db');
        createPrivateFile(copyFile);
        // After the first step, the rest in one: a step reads one snapshot, so a writer elsewhere
        // cannot make the copy start again and again.
        await connection.backup(copyFile, { progress: ({ totalPages }) => Math.max(totalPages, 100) });
        const copy = new Database(copyFile, { readonly: true });
        try {
          const verdict = copy.pragma('quick_check', { simple: true });
          if (verdict !== 'ok') throw new Error(`the copy for ${file} does not check out: ${String(verdict)}`);
        } finally {
          copy.close();
        }
        fs.renameSync(copyFile, file);
      } catch (error) {
        fs.rmSync(file, { force: true });
        throw error;
      } finally {
        if (work) fs.rmSync(work, { recursive: true, force: true });
      }
    },
    async close() {
      while (openTransaction) await noOpenTransaction();
      endSnapshot();
      connection.close();
    },
  };
}

/**
 * Applies what is missing (server/platform/database/migrate.ts), one transaction each. A
 * migration's row work is async (it is written once for both engines), but every statement here
 * runs at once: nothing else uses the connection while the database opens.
 *
 * `PRAGMA user_version` stays the number applied, written with each migration's record: the
 * releases from before the table read it, and readiness reads it without a statement.
 */
export async function migrate(connection: Database.Database, options: MigrateOptions = {}): Promise<void> {
  const runner: MigrationRunner = {
    dialect: 'sqlite',
    all: async <Row>(sql: string, params?: SqlParams) =>
      connection.prepare(toSqlite(sql)).all(...bindAll(params)) as Row[],
    get: async <Row>(sql: string, params?: SqlParams) =>
      connection.prepare(toSqlite(sql)).get(...bindAll(params)) as Row | undefined,
    run: async (sql: string, params?: SqlParams) => connection.prepare(toSqlite(sql)).run(...bindAll(params)).changes,
  };
  const migrating: MigratingConnection = {
    runner,
    exec: async (sql) => {
      connection.exec(sql);
    },
    async transaction(work) {
      connection.exec('BEGIN IMMEDIATE');
      try {
        const result = await work();
        connection.exec('COMMIT');
        return result;
      } catch (error) {
        if (connection.inTransaction) connection.exec('ROLLBACK');
        throw error;
      }
    },
    recorded: async (version) => {
      connection.pragma(`user_version = ${version}`);
    },
  };
  await migrating.transaction(async () => {
    const table = connection.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'");
    if (table.get()) return;
    connection.exec(MIGRATIONS_TABLE);
    // A database from before the table: user_version counted the migrations it had applied.
    const before = connection.pragma('user_version', { simple: true }) as number;
    const recordedAt = new Date().toISOString();
    const earlier = Array.from({ length: before }, (_, index) => ({ version: index + 1, appliedAt: recordedAt }));
    await recordEarlier(migrating, earlier, options, `PRAGMA user_version ${before}`);
  });
  await applyMigrations(migrating, options);
}

function bindAll(params: SqlParams | undefined): unknown[] {
  if (params === undefined) return [];
  return Array.isArray(params) ? params : [params];
}
