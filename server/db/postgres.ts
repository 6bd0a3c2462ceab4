import pg from 'pg';
import type { Db, NodeMessages, SqlParams, SqlRunner, Transaction } from './database';
import { POSTGRES_PRELUDE, postgresValues, schemaForPostgres, toPostgres, type PostgresStatement } from './dialect';
import { migrations } from './migrations';

/** Connections one node keeps open; several nodes share the database's max_connections. */
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 10);
/** Two transactions that lock rows in opposite orders: the loser is retried this many times. */
const DEADLOCK_RETRIES = 3;
const MIGRATION_LOCK = 'schema migrations';
const LISTENER_RETRY_MS = 1000;

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
export async function openPostgres(url: string): Promise<Db & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, types: typeParsers });
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

  async function query<Row>(on: pg.Pool | pg.PoolClient, sql: string, params?: SqlParams) {
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
    messages: nodeMessages(url, (sql, params) => query(pool, sql, params).then(() => undefined)),
    transaction,
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
  await migrate(pool);
  return db;
}

/**
 * LISTEN on one dedicated connection per channel, opened again a second after it drops (a
 * message sent while it was down is not seen; live events are hints to re-read, not data).
 */
function nodeMessages(url: string, send: (sql: string, params: string[]) => Promise<void>): NodeMessages {
  return {
    notify: (channel, payload) => send('SELECT pg_notify(?, ?)', [channel, payload]),
    async listen(channel, handler) {
      let stopped = false;
      let client: pg.Client | undefined;
      let retry: NodeJS.Timeout | undefined;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (message) => {
          if (message.channel === channel) handler(message.payload ?? '');
        });
        next.on('error', () => undefined);
        next.on('end', () => {
          if (stopped || client !== next) return;
          client = undefined;
          reconnect();
        });
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        client = next;
      };
      const reconnect = () => {
        retry = setTimeout(() => {
          if (!stopped) connect().catch(reconnect);
        }, LISTENER_RETRY_MS);
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end();
      };
    },
  };
}

function isDeadlock(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === '40P01';
}

/** Applies what is missing, one transaction each; nodes starting together take turns. */
async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [MIGRATION_LOCK]);
    await client.query(`${POSTGRES_PRELUDE}
      CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_at TEXT NOT NULL)`);
    const applied = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(applied.rows.map((row) => row.version));
    for (const [index, migration] of migrations.entries()) {
      if (done.has(index + 1)) continue;
      await client.query('BEGIN');
      try {
        await client.query(
          typeof migration === 'string'
            ? schemaForPostgres(migration)
            : `${schemaForPostgres(migration.shared)}\n${migration.postgres}`,
        );
        await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [
          index + 1,
          new Date().toISOString(),
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    client.release();
  }
}
