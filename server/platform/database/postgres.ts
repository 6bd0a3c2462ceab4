import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Db, NodeMessages, SqlParams, SqlRunner, Transaction } from './sql';
import { POSTGRES_PRELUDE, postgresValues, toPostgres, type PostgresStatement } from './dialect';
import {
  MIGRATIONS_TABLE,
  applyMigrations,
  recordEarlier,
  type MigrateOptions,
  type MigratingConnection,
  type MigrationLog,
} from './migrate';
import { migrations } from './migrations';

/** Connections one node keeps open; several nodes share the database's max_connections. */
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 10);
/** The pool's connections in pg_stat_activity; the listeners' are `wallet listener: <channel>`. */
const POOL_NAME = 'wallet';
/** Two transactions that lock rows in opposite orders: the loser is retried this many times. */
const DEADLOCK_RETRIES = 3;
const MIGRATION_LOCK = 'schema migrations';

/** How a listening connection proves it is alive, and how soon a dead one is replaced. */
export interface ListenerTiming {
  /** The wait between one heartbeat heard and the next one sent. */
  heartbeatMs: number;
  /** How long a heartbeat, or connecting and LISTEN, may take before the connection counts as dead. */
  answerMs: number;
  /** The wait before connecting again after a loss or a failed attempt. */
  retryMs: number;
}

/** A dead listener is found within half a minute, as a dead live socket is by its ping. */
const LISTENER_TIMING: ListenerTiming = { heartbeatMs: 20_000, answerMs: 10_000, retryMs: 1000 };
/** Idle time before the first TCP keep-alive probe: the operating system's own check, under ours. */
const LISTENER_KEEPALIVE_MS = 10_000;

/**
 * 64-bit integers (ids, cents, counts) and the integral NUMERIC that SUM() of them returns come
 * back as numbers. A value past 2^53 or with a fraction would be a bug on the money path: it
 * throws instead of being rounded.
 */
function integerFrom(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`not a safe integer from the database: ${text}`);
  return value;
}

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return integerFrom;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * PostgreSQL through node-postgres: a pool per node. Transactions run at READ COMMITTED: every
 * balance and stock change is one guarded statement (`… WHERE balance + @amount >= 0`), which
 * PostgreSQL re-checks against the newest row when it had to wait for another writer; where a
 * transaction reads before it writes, it takes a lock on what it read (`tx.lock`).
 */
export async function openPostgres(
  url: string,
  options: { poolName?: string; listenerTiming?: ListenerTiming; migrationLog?: MigrationLog } = {},
): Promise<Db & { pool: pg.Pool }> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    types: typeParsers,
    // How pg_stat_activity names the pool's connections, beside the listeners' (an
    // application_name in DATABASE_URL names both instead).
    application_name: options.poolName ?? POOL_NAME,
  });
  // An idle client that loses its connection emits here; the pool replaces it.
  pool.on('error', () => undefined);

  const statements = new Map<string, PostgresStatement & { name: string }>();
  /** Each INSERT's text with `RETURNING id`, built once rather than on every insert. */
  const returningId = new Map<string, string>();
  function prepared(sql: string): PostgresStatement & { name: string } {
    let statement = statements.get(sql);
    if (!statement) {
      statement = { ...toPostgres(sql), name: `s${statements.size + 1}` };
      statements.set(sql, statement);
    }
    return statement;
  }

  /** Every statement but BEGIN, COMMIT and ROLLBACK goes through `query`. */
  let sent = 0;
  async function query<Row>(on: pg.Pool | pg.PoolClient, sql: string, params?: SqlParams) {
    sent += 1;
    const statement = prepared(sql);
    return on.query<Row & pg.QueryResultRow>({
      name: statement.name,
      text: statement.text,
      values: postgresValues(statement, params),
    });
  }

  function runnerOn(on: () => pg.Pool | pg.PoolClient): SqlRunner {
    return {
      dialect: 'postgres',
      all: async <Row>(sql: string, params?: SqlParams) => (await query<Row>(on(), sql, params)).rows,
      get: async <Row>(sql: string, params?: SqlParams) => (await query<Row>(on(), sql, params)).rows[0],
      run: async (sql, params) => (await query(on(), sql, params)).rowCount ?? 0,
      insert: async (sql, params) => {
        let text = returningId.get(sql);
        if (text === undefined) {
          text = `${sql} RETURNING id`;
          returningId.set(sql, text);
        }
        const row = (await query<{ id: number }>(on(), text, params)).rows[0];
        if (!row) throw new Error('the insert returned no id');
        return row.id;
      },
    };
  }

  async function transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const client = await pool.connect();
      let open = true;
      const live = () => {
        if (!open) throw new Error('the transaction has already ended');
        return client;
      };
      const tx: Transaction = {
        ...runnerOn(live),
        async lock(key) {
          await query(live(), 'SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
        },
      };
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await work(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        if (isDeadlock(error) && attempt < DEADLOCK_RETRIES) continue;
        throw error;
      } finally {
        open = false;
        client.release(broken);
      }
    }
  }

  const db = {
    ...runnerOn(() => pool),
    pool,
    messages: nodeMessages(
      url,
      (sql, params) => query(pool, sql, params).then(() => undefined),
      options.listenerTiming ?? LISTENER_TIMING,
    ),
    transaction,
    async exec(sql: string) {
      await pool.query(sql);
    },
    waiting: () => pool.waitingCount,
    statementsSent: () => sent,
    async schema() {
      const { rows } = await pool.query<{ n: string }>('SELECT COUNT(*) AS n FROM schema_migrations');
      return { applied: Number(rows[0]?.n ?? 0), known: migrations.length };
    },
    async close() {
      await pool.end();
    },
  };
  try {
    await migrate(pool, { log: options.migrationLog });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return db;
}

/** Rejects when `work` takes longer than `ms`; `work` is left to settle on its own. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Closes a listening client now, whatever its connection's state: a dead peer never answers a goodbye. */
function drop(client: pg.Client): void {
  client.end().catch(() => undefined);
  client.connection.stream.destroy();
}

/**
 * LISTEN on one dedicated connection per channel. A connection can die without closing (a
 * network path dropped, a database host gone), so besides TCP keep-alive each listener sends
 * itself a heartbeat on a channel of its own and expects to hear it within a bound. A connection
 * that ends, fails or misses its heartbeat is dropped and opened again a second later; once it
 * listens again, the caller catches up (`ListenerRecovery`), because what was sent meanwhile was
 * not heard.
 */
export function nodeMessages(
  url: string,
  send: (sql: string, params: string[]) => Promise<void>,
  timing: ListenerTiming = LISTENER_TIMING,
): NodeMessages {
  return {
    notify: (channel, payload) => send('SELECT pg_notify(?, ?)', [channel, payload]),
    async listen(channel, handler, recovery) {
      const heartbeatChannel = `heartbeat_${randomUUID().replaceAll('-', '')}`;
      let stopped = false;
      let current: pg.Client | undefined;
      let retry: NodeJS.Timeout | undefined;
      let nextBeat: NodeJS.Timeout | undefined;
      let heard: () => void = () => undefined;

      /** A client listening on the channel and its heartbeat channel; closed again if that fails. */
      const open = async (): Promise<pg.Client> => {
        const client = new pg.Client({
          connectionString: url,
          keepAlive: true,
          keepAliveInitialDelayMillis: LISTENER_KEEPALIVE_MS,
          application_name: `wallet listener: ${channel}`,
        });
        client.on('error', () => undefined);
        client.on('notification', (message) => {
          if (message.channel === channel) handler(message.payload ?? '');
          else if (message.channel === heartbeatChannel) heard();
        });
        try {
          await within(
            timing.answerMs,
            `listening on ${channel}`,
            client
              .connect()
              .then(() =>
                client.query(`LISTEN ${pg.escapeIdentifier(channel)}; LISTEN ${pg.escapeIdentifier(heartbeatChannel)}`),
              ),
          );
        } catch (error) {
          drop(client);
          throw error;
        }
        return client;
      };

      const heartbeat = (client: pg.Client) => {
        const answered = new Promise<void>((resolve) => (heard = resolve));
        return within(
          timing.answerMs,
          `the heartbeat on ${channel}`,
          Promise.all([client.query(`NOTIFY ${pg.escapeIdentifier(heartbeatChannel)}`), answered]),
        );
      };

      const lose = (client: pg.Client, error: Error) => {
        if (current !== client) return;
        current = undefined;
        clearTimeout(nextBeat);
        drop(client);
        recovery.lost(error);
        reconnect();
      };

      const listening = (client: pg.Client) => {
        current = client;
        client.on('end', () => lose(client, new Error(`the connection listening on ${channel} ended`)));
        const beat = () => {
          nextBeat = setTimeout(() => {
            heartbeat(client).then(
              () => {
                if (current === client) beat();
              },
              (error: unknown) => lose(client, error instanceof Error ? error : new Error(String(error))),
            );
          }, timing.heartbeatMs);
          nextBeat.unref();
        };
        beat();
      };

      const reconnect = () => {
        if (stopped) return;
        retry = setTimeout(() => {
          open().then((client) => {
            if (stopped) {
              drop(client);
              return;
            }
            listening(client);
            recovery.catchUp();
          }, reconnect);
        }, timing.retryMs);
        retry.unref();
      };

      listening(await open());
      return async () => {
        stopped = true;
        clearTimeout(retry);
        clearTimeout(nextBeat);
        const client = current;
        current = undefined;
        if (client) await within(timing.answerMs, 'closing a listener', client.end()).catch(() => drop(client));
      };
    },
  };
}

/** A statement of a migration's row work, its placeholders rewritten; not prepared (it runs once). */
function rewritten<Row>(client: pg.PoolClient, sql: string, params?: SqlParams) {
  const statement = toPostgres(sql);
  return client.query<Row & pg.QueryResultRow>(statement.text, postgresValues(statement, params));
}

function isDeadlock(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === '40P01';
}

/**
 * Applies what is missing (server/platform/database/migrate.ts), one transaction each; nodes
 * starting together take turns, the first doing the work and the others finding it done.
 */
export async function migrate(pool: pg.Pool, options: MigrateOptions = {}): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [MIGRATION_LOCK]);
    await client.query(POSTGRES_PRELUDE);
    const migrating: MigratingConnection = {
      runner: {
        dialect: 'postgres',
        all: async <Row>(sql: string, params?: SqlParams) => (await rewritten<Row>(client, sql, params)).rows,
        get: async <Row>(sql: string, params?: SqlParams) => (await rewritten<Row>(client, sql, params)).rows[0],
        run: async (sql: string, params?: SqlParams) => (await rewritten(client, sql, params)).rowCount ?? 0,
      },
      exec: async (sql) => {
        await client.query(sql);
      },
      async transaction(work) {
        await client.query('BEGIN');
        try {
          const result = await work();
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      },
    };
    await migrating.transaction(async () => {
      const columns = await client.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = 'schema_migrations'`,
      );
      const names = columns.rows.map((column) => column.name);
      if (names.includes('checksum')) return;
      // A database from before the table kept only (version, applied_at): made again with the
      // names and checksums, each version keeping when it was applied.
      const earlier =
        names.length === 0
          ? []
          : (
              await client.query<{ version: number; appliedAt: string }>(
                'SELECT version, applied_at AS "appliedAt" FROM schema_migrations ORDER BY version',
              )
            ).rows;
      if (names.length > 0) await client.query('DROP TABLE schema_migrations');
      await client.query(MIGRATIONS_TABLE);
      await recordEarlier(migrating, earlier, options, 'schema_migrations without checksums');
    });
    await applyMigrations(migrating, options);
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    client.release();
  }
}
