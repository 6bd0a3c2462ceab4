import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { SqlValue } from '../server/platform/database/sql';
import { postgresValues, toPostgres } from '../server/platform/database/dialect';
import { freePort } from '../server/testing/free-port';
import { ROOT } from '../e2e/server';

/**
 * The real server for the scale benchmark, as e2e/server.ts starts it but timed: a start on the
 * large set runs the migrations that came after the cached schema, which may take minutes, so
 * the wait is long and the poll fine enough to time it.
 */
export interface TimedServer {
  baseUrl: string;
  pid: number | undefined;
  /** From spawning the process until it answered its first request. */
  startMs: number;
  stop(): Promise<void>;
}

const START_DEADLINE_MS = 30 * 60_000;

export const BENCH_LIMITS = {
  LIMIT_REQUESTS_PER_MINUTE: '100000000',
  LIMIT_CODES_PER_IP_HOUR: '100000',
  LIMIT_REGISTRATIONS_PER_IP_HOUR: '100000',
  LIMIT_SIGN_INS_PER_IP_HOUR: '100000000',
  LIMIT_HASHES_AT_ONCE: '4',
};

export async function startTimedServer(dataDir: string, env: Record<string, string>): Promise<TimedServer> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(ROOT, 'dist'),
      LOG_LEVEL: 'warn',
      METRICS_PORT: 'off',
      ...BENCH_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve();
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`the server exited with ${exitCode} while starting`);
    if (Date.now() > deadline) throw new Error(`the server at ${baseUrl} did not start`);
    try {
      await fetch(`${baseUrl}/`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  const startMs = performance.now() - started;
  return {
    baseUrl,
    pid: child.pid,
    startMs,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A connection of the benchmark's own to the database a server runs on, to add what it measures with. */
export interface DirectDb {
  get<Row>(sql: string, params?: SqlValue[]): Promise<Row | undefined>;
  close(): Promise<void>;
}

export function directSqlite(file: string): DirectDb {
  const connection = new Database(file);
  connection.pragma('busy_timeout = 5000');
  return {
    get: async <Row>(sql: string, params: SqlValue[] = []) => connection.prepare(sql).get(...params) as Row | undefined,
    close: async () => {
      connection.close();
    },
  };
}

export async function directPostgres(url: string): Promise<DirectDb> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    get: async <Row>(sql: string, params: SqlValue[] = []) => {
      const statement = toPostgres(sql);
      return (await client.query<Row & pg.QueryResultRow>(statement.text, postgresValues(statement, params))).rows[0];
    },
    close: () => client.end(),
  };
}
