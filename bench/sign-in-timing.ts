import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { DEFAULT_LIMITS } from '../server/config';
import { openDatabase } from '../server/platform/database/database';
import type { DatabaseConfig } from '../server/platform/database/sql';
import { DEMO_ACCOUNT, prepareDatabase } from '../server/demo/demo-data';
import { recordSignIn } from '../server/auth/sign-ins';
import { withClient } from '../server/testing/postgres-admin';
import { startPostgresCluster } from '../server/testing/postgres-cluster';

/**
 * Whether `user/login` tells a real account from a name nobody holds by its time. Wrong passwords
 * for the demo account and for made-up names are sent in turns (which goes first alternates), so
 * that a busy neighbour weighs on both alike, on SQLite and on PostgreSQL in one run, each with a
 * device id as the app sends. They go through `inject` in this process, so that loopback's noise
 * hides nothing: a difference seen here is the most anyone could see from outside. Passwords are
 * hashed at the full cost, as in production, whose scrypt run is most of each answer.
 *
 * The two writes that differ, alone, many times: a real account's failed-sign-in record, and the
 * guess a made-up name's answer writes again in its place. Without the second, the first is the
 * difference between the two answers.
 */
export const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 200);
export const WRITES = 1000;
const WARMUP = 10;

export interface SignInTiming {
  engine: string;
  /** Milliseconds per wrong-password answer. */
  real: number[];
  unknown: number[];
  /** Microseconds per write. */
  recordWrites: number[];
  restampWrites: number[];
}

/** A server that answers every guess: none refused with 429. */
const UNLIMITED = {
  ...DEFAULT_LIMITS,
  requestsPerMinute: 1e9,
  loginFailures: 1e9,
  untrustedLoginFailures: 1e9,
  signInsPerIpPerHour: 1e9,
};

const device = (round: number) => `bench-device-${String(round).padStart(8, '0')}`;

async function wrongPassword(app: FastifyInstance, account: string, round: number): Promise<number> {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      account,
      password: `Wrong-${round}-password`,
      device: device(round),
      lang: 'en',
    }).toString(),
  });
  const elapsed = performance.now() - started;
  const { code } = response.json<{ code: number }>();
  if (code !== 400) throw new Error(`a wrong password was answered ${code}, not 400`);
  return elapsed;
}

/** Runs `first` and `second` in turns, each going first every other round, and times each. */
async function inTurns(
  rounds: number,
  first: (round: number) => Promise<number>,
  second: (round: number) => Promise<number>,
): Promise<[number[], number[]]> {
  const times: [number[], number[]] = [[], []];
  for (let round = -WARMUP; round < rounds; round += 1) {
    let a: number;
    let b: number;
    if (round % 2 === 0) {
      a = await first(round);
      b = await second(round);
    } else {
      b = await second(round);
      a = await first(round);
    }
    if (round < 0) continue;
    times[0].push(a);
    times[1].push(b);
  }
  return times;
}

async function microseconds(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) * 1000;
}

async function measure(engine: string, database: DatabaseConfig, dataDir: string): Promise<SignInTiming> {
  const db = await openDatabase(database);
  const app = await buildApp({
    db,
    dataDir,
    limits: UNLIMITED,
    logLevel: 'silent',
    mailer: { send: async () => undefined },
    chainPollMs: false,
  });
  try {
    await prepareDatabase(app.wallet, true);
    const context = app.wallet;
    const [real, unknown] = await inTurns(
      SIGN_INS,
      (round) => wrongPassword(app, DEMO_ACCOUNT.account, round),
      (round) => wrongPassword(app, `nobody_${round + WARMUP}`, round),
    );
    const demo = await context.queries.users.byLogin(DEMO_ACCOUNT.account);
    if (!demo) throw new Error('no demo account');
    const client = { ip: '127.0.0.1', userAgent: 'bench', deviceId: undefined, lang: 'en' } as const;
    const [recordWrites, restampWrites] = await inTurns(
      WRITES,
      () => microseconds(() => recordSignIn(context, demo, 'failure', 'password', client)),
      async (round) => {
        const at = new Date().toISOString();
        const guess = await context.queries.codes.recordGuess(`name:bench ${round}`, 'address:127.0.0.1', true, at);
        return microseconds(() => context.queries.codes.restampGuess(guess, new Date().toISOString()));
      },
    );
    return { engine, real, unknown, recordWrites, restampWrites };
  } finally {
    await app.close();
    await db.close();
  }
}

export async function measureSignInTiming(): Promise<SignInTiming[]> {
  const results: SignInTiming[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-bench-sign-in-'));
  try {
    results.push(await measure('SQLite', { sqliteFile: path.join(dir, 'wallet.db') }, dir));
    const cluster = await startPostgresCluster({ durable: true });
    try {
      // PostgreSQL's own default, which the bench's cluster turns off: a commit waits until its
      // record is on disk, so a write one answer makes and the other does not shows here most.
      await withClient(cluster.url, (client) => client.query('ALTER DATABASE postgres SET synchronous_commit = on'));
      results.push(await measure('PostgreSQL', { databaseUrl: cluster.url, sqliteFile: '' }, dir));
    } finally {
      cluster.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/** The value below which `share` of the values lie. */
export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}
