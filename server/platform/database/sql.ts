/**
 * The server's one way to reach its database, whichever engine holds it: SQLite (one file under
 * the data folder, the default) or PostgreSQL (`DATABASE_URL`, for several nodes).
 *
 * Statements are written once, in SQL both engines accept, with `?` or `@name` parameters; the
 * PostgreSQL side rewrites them to `$n` (server/platform/database/dialect.ts). Everything is async, because
 * PostgreSQL is a network away; on SQLite the same calls finish at once.
 */
export type Dialect = 'sqlite' | 'postgres';

export type SqlValue = string | number | null | Buffer;
export type SqlParams = readonly SqlValue[] | Readonly<Record<string, SqlValue>>;

/** What runs statements: the database itself, or one open transaction of it. */
export interface SqlRunner {
  readonly dialect: Dialect;
  all<Row>(sql: string, params?: SqlParams): Promise<Row[]>;
  get<Row>(sql: string, params?: SqlParams): Promise<Row | undefined>;
  /** Runs a statement and tells how many rows it changed. */
  run(sql: string, params?: SqlParams): Promise<number>;
  /** Runs an INSERT into a table with an `id` key and returns the new row's id. */
  insert(sql: string, params?: SqlParams): Promise<number>;
}

export interface Transaction extends SqlRunner {
  /**
   * Holds `key` until this transaction ends: another transaction asking for the same key waits.
   * Needed where a transaction reads something and then writes based on it (count, then
   * record); a single guarded statement needs no lock.
   */
  lock(key: string): Promise<void>;
}

/**
 * Messages between the nodes that share one database (PostgreSQL's LISTEN/NOTIFY). A message
 * sent inside a transaction is delivered when it commits, in commit order, or never.
 */
export interface NodeMessages {
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `handler` for every message on `channel`, this node's own included; returns a stop.
   * The listening connection can die (a restarted database, a dropped network path): messages
   * sent until it listens again are lost, so the caller says what makes up for them.
   */
  listen(channel: string, handler: (payload: string) => void, recovery: ListenerRecovery): Promise<() => Promise<void>>;
}

export interface ListenerRecovery {
  /** The connection was found dead; from now until `catchUp`, messages are being missed. */
  lost(error: Error): void;
  /** Listening again after a loss: make good whatever was missed meanwhile. */
  catchUp(): void;
}

export interface Db extends SqlRunner {
  /** Present where several nodes may share the database (PostgreSQL); SQLite has one node. */
  readonly messages?: NodeMessages;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * Statements inside must go through the `tx` it is given; on SQLite the transactions of the
   * whole server run one at a time.
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Runs several statements without parameters (schema changes, tests). */
  exec(sql: string): Promise<void>;
  /**
   * SQLite only: a value that changes whenever anything is committed to the database, by this
   * server or by another process on the same file (the operator CLI). An answer read while it
   * held is still exact as long as it holds, so it may be kept and served again. PostgreSQL has
   * none (other nodes commit unseen): whoever caches by it must not cache there.
   */
  commitVersion?(): string;
  /** Work waiting for the database now: transactions queued for SQLite's writer, or callers for a pool connection. */
  waiting?(): number;
  /** Statements this node has sent so far, BEGIN and COMMIT aside: what a request costs the database, counted. */
  statementsSent?(): number;
  /** How many schema migrations the database has had, and how many this code knows. */
  schema(): Promise<{ applied: number; known: number }>;
  /**
   * SQLite only: a consistent copy of the whole database into `file` while the server goes on
   * writing (SQLite's online backup API), as a new file only its owner may read: never over a
   * file, nor through a link. PostgreSQL is backed up with its own tools.
   */
  backup?(file: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * When a SQLite commit reaches the disk (SQLITE_SYNCHRONOUS). `full`: before the commit returns,
 * so a power cut or a crash of the machine loses no committed transaction. `normal`: at the next
 * checkpoint, so such a cut may lose the last commits before it (the database stays whole, and a
 * crash of the server's process alone loses nothing either way).
 */
export type SqliteSynchronous = 'full' | 'normal';

export interface DatabaseConfig {
  /** `postgres://…` selects PostgreSQL; otherwise `sqliteFile` is used. */
  databaseUrl?: string | undefined;
  sqliteFile: string;
  /** `full` unless told. */
  sqliteSynchronous?: SqliteSynchronous;
}

/** A unique or primary-key constraint refused the row (same meaning on both engines). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  const code = error.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
