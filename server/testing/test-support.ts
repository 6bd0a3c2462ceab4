import {
  CONSOLE_API_PREFIX,
  CSRF_HEADER,
  type ConsoleCallPath,
  type ConsoleCallRequest,
  type ConsoleCallResponse,
  type ConsoleSession,
  type EnrolmentStart,
  type OperatorRole,
} from '../../contract/console';
import { addOperator } from '../staff/operators';
import { totpCode } from '../staff/totp';
import { confirmOperator } from '../staff/four-eyes';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, beforeEach, expect, inject, vi } from 'vitest';
import type { CallPath, CallRequest } from '../../contract/calls';
import type { Envelope } from '../../contract/envelope';
import type { AuthResult, BankInfo, CallResponse } from '../../contract/responses';
import { buildApp, type LogStream } from '../app';
import { DEFAULT_LIMITS } from '../config';
import type { TrustProxy } from '../platform/http/request-ids';
import type { Limits } from '../platform/limits';
import { createQueries } from '../query-groups';
import { openDatabase } from '../platform/database/database';
import type { DatabaseConfig, Db } from '../platform/database/sql';
import { openPostgres } from '../platform/database/postgres';
import type { ConnectionTimeouts } from '../platform/security/connection-limits';
import { DEMO_ADMIN, prepareDatabase } from '../demo/demo-data';
import type { Mail, Mailer } from '../platform/mail/mailer';
import type { PushEndpointPolicy } from '../push/endpoints';
import { runOps } from '../ops/ops';
import { decide, type Reviewer } from '../review/review';
import { requestLogFields } from '../platform/http/request-ids';
import { asAdmin, databaseUrl, schemaDigest, withClient } from './postgres-admin';
import { TINY_PNG, uniquePng } from './tiny-png';

export class CapturingMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
  }
  /** The six-digit code of the latest mail to `to`. */
  codeFor(to: string): string {
    const mail = [...this.sent].reverse().find((candidate) => candidate.to === to);
    const code = mail?.text.match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error(`no code was mailed to ${to}`);
    return code;
  }
}

/** A clock tests can move forward. */
export class TestClock {
  private current = Date.parse('2026-11-22T08:00:00.000Z');
  now = (): Date => new Date(this.current);
  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  /** Where the database is, for a second connection (the operator CLI in another process). */
  database: DatabaseConfig;
  dir: string;
  mailer: CapturingMailer;
  clock: TestClock;
  rootInviteCode: string;
  close(): Promise<void>;
}

/** The engine the server tests run on: SQLite, or PostgreSQL in the `server-postgres` run. */
const TEST_ENGINE = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

let databaseCounter = 0;

type PostgresDb = Awaited<ReturnType<typeof openPostgres>>;

/**
 * A PostgreSQL database a closed test server gave back, emptied, for the next one in this worker;
 * with the pool that server used, left open. A new pool's connections each start a server process
 * that then reads the schema's catalogue and prepares every statement afresh: the money, console
 * and sign-in tests on PostgreSQL took 63-69 s of the machine's CPU with a new pool per test,
 * 49-51 s with these.
 */
interface ReusableDatabase {
  name: string;
  pool: PostgresDb | undefined;
}

const reusableDatabases: ReusableDatabase[] = [];

/** A database given back: any when `keptPool`, else one without a pool; none when there is no such database. */
function takeReusable(keptPool: boolean): ReusableDatabase | undefined {
  const index = keptPool
    ? reusableDatabases.length - 1
    : reusableDatabases.findLastIndex((database) => database.pool === undefined);
  return index < 0 ? undefined : reusableDatabases.splice(index, 1)[0];
}

/**
 * How a test server's own pool names its connections, so that emptying can tell them from any
 * other: a second server a test started on the same database, a listener, a test's own client.
 */
const TEST_SERVER_POOL = 'wallet test server';

/** One connection of `db`'s pool for the length of `use`; a connection `use` failed on is not reused. */
async function withPooled<T>(db: PostgresDb, use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.pool.connect();
  let failed = false;
  try {
    return await use(client);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    client.release(failed);
  }
}

/** How long connections a closed server ended may take to leave before the database is not reused. */
const OTHERS_LEAVE_MS = 250;

/**
 * Whether nothing but a test server's pool is connected to the client's database, once the
 * connections a closed server ended have had a moment to leave (their server processes go a few
 * milliseconds after the client's end: asked at once, a kept pool found one in five still there).
 */
async function othersGone(client: pg.ClientBase): Promise<boolean> {
  const deadline = Date.now() + OTHERS_LEAVE_MS;
  for (;;) {
    const others = await client.query(
      `SELECT 1 FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name <> $1`,
      [TEST_SERVER_POOL],
    );
    if (!others.rowCount) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Deletes every row and restarts every id, so that the next test server finds the database as
 * the migrations left it; or says no when anything but a test server's pool is still connected to
 * it or the test changed the schema. Deleting a few rows takes a tenth of the time a new copy of
 * the schema does.
 */
async function emptyForReuse(client: pg.ClientBase): Promise<boolean> {
  if (!(await othersGone(client)) || (await schemaDigest(client)) !== inject('postgresSchemaDigest')) return false;
  const tables = await tableNames(client);
  // Without foreign-key triggers for this transaction, so the tables can be emptied in any order.
  // The ids restart through setval, not ALTER SEQUENCE … RESTART: as a change of the schema, each
  // of those made the next statements read their tables' catalogue entries again, and emptying
  // took 75 ms on a new connection instead of 32.
  await client.query(
    [
      'BEGIN',
      'SET LOCAL session_replication_role = replica',
      ...tables.map((table) => `DELETE FROM ${pg.escapeIdentifier(table)}`),
      "SELECT setval(format('%I', sequencename)::regclass, start_value, false) FROM pg_sequences WHERE schemaname = 'public'",
      'COMMIT',
    ].join('; '),
  );
  return true;
}

/** A new database on the test server, a copy of `template`. */
async function createDatabase(template: string): Promise<string> {
  databaseCounter += 1;
  const name = `${inject('postgresTestPrefix')}${process.pid}_${databaseCounter}`;
  await asAdmin(inject('postgresUrl'), `CREATE DATABASE ${name} TEMPLATE ${template} ENCODING 'UTF8'`);
  return name;
}

/** What a first start leaves in a database: every row of every table, and where each id sequence stands. */
interface Snapshot {
  tables: { name: string; columns: string[]; rows: unknown[][] }[];
  sequences: { name: string; value: string; called: boolean }[];
}

/**
 * Per worker process, with or without demo data: a database as the migrations and a test server's
 * first start left it (the root invitation code, the first administrator, demo data when asked).
 * The migrations and that start's password hashes cost more than most tests, so they run once
 * here and each test server gets a copy: on SQLite the file, on PostgreSQL the rows, put back
 * into a database emptied by the test before. The server's own start then finds them done, as
 * any later start does.
 */
const preparedFiles = new Map<boolean, Promise<string>>();
const preparedSnapshots = new Map<boolean, Promise<Snapshot>>();

async function firstStart(config: DatabaseConfig, demo: boolean): Promise<void> {
  const db = await openDatabase(config);
  await prepareDatabase({ db, queries: createQueries(db), now: new TestClock().now }, demo);
  await db.close();
}

function preparedSqliteFile(demo: boolean): Promise<string> {
  let made = preparedFiles.get(demo);
  if (!made) {
    made = (async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-prepared-'));
      const sqliteFile = path.join(dir, 'wallet.db');
      await firstStart({ sqliteFile }, demo);
      process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
      return sqliteFile;
    })();
    preparedFiles.set(demo, made);
  }
  return made;
}

function preparedSnapshot(demo: boolean): Promise<Snapshot> {
  let made = preparedSnapshots.get(demo);
  if (!made) {
    made = (async () => {
      const adminUrl = inject('postgresUrl');
      const name = await createDatabase(inject('postgresTemplate'));
      const url = databaseUrl(adminUrl, name);
      await firstStart({ databaseUrl: url, sqliteFile: '' }, demo);
      const snapshot = await withClient(url, async (client) => {
        const tables: Snapshot['tables'] = [];
        for (const table of await tableNames(client)) {
          const result = await client.query({ text: `SELECT * FROM ${pg.escapeIdentifier(table)}`, rowMode: 'array' });
          if (result.rows.length === 0) continue;
          tables.push({ name: table, columns: result.fields.map((field) => field.name), rows: result.rows });
        }
        const sequences = await client.query<{ name: string; value: string | null; called: boolean }>(
          "SELECT sequencename AS name, last_value::text AS value, last_value IS NOT NULL AS called FROM pg_sequences WHERE schemaname = 'public'",
        );
        return {
          tables,
          sequences: sequences.rows
            .filter((row) => row.value !== null)
            .map((row) => ({ ...row, value: row.value ?? '1' })),
        };
      });
      await asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return snapshot;
    })();
    preparedSnapshots.set(demo, made);
  }
  return made;
}

async function tableNames(client: pg.ClientBase): Promise<string[]> {
  const tables = await client.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'",
  );
  return tables.rows.map((row) => row.name);
}

/** Puts a first start's rows back into an empty database, its triggers (foreign keys, audit) off meanwhile. */
async function restore(client: pg.ClientBase, snapshot: Snapshot): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL session_replication_role = replica');
    for (const table of snapshot.tables) {
      const columns = table.columns.map((column) => pg.escapeIdentifier(column)).join(', ');
      let parameter = 0;
      const values = table.rows.map((row) => `(${row.map(() => `$${(parameter += 1)}`).join(', ')})`).join(', ');
      await client.query(
        `INSERT INTO ${pg.escapeIdentifier(table.name)} (${columns}) VALUES ${values}`,
        table.rows.flat(),
      );
    }
    for (const sequence of snapshot.sequences) {
      await client.query('SELECT setval($1, $2, $3)', [sequence.name, sequence.value, sequence.called]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

export interface TestDatabase {
  /** Where it is, for connections of a test's own (a second server, the operator CLI). */
  config: DatabaseConfig;
  /** The test server's connection: on PostgreSQL the pool the database's last server left open, if any. */
  open(): Promise<Db>;
  /** Gives it back, with what `open` answered: emptied for the next test, or dropped. */
  drop(): Promise<void>;
}

/**
 * A fresh database for one test server, and how to give it back. With `prepared`, as a first
 * start left it (with demo data when `prepared` is true); otherwise as the migrations left it. On
 * PostgreSQL: one this worker's earlier tests emptied, or a copy of the run's migrated template;
 * with `empty`, one without a schema (for tests of the migration itself), dropped afterwards.
 * Only with `keptPool` may it come with the pool an earlier test server left open (what `open`
 * answers then): a test counting connections finds none but its own.
 */
export async function testDatabase(
  dir: string,
  options: { empty?: boolean; prepared?: boolean; keptPool?: boolean } = {},
): Promise<TestDatabase> {
  const sqliteFile = path.join(dir, 'wallet.db');
  if (TEST_ENGINE === 'sqlite') {
    if (options.prepared !== undefined) fs.copyFileSync(await preparedSqliteFile(options.prepared), sqliteFile);
    let opened: Db | undefined;
    return {
      config: { sqliteFile },
      open: async () => (opened ??= await openDatabase({ sqliteFile })),
      drop: async () => opened?.close(),
    };
  }
  const adminUrl = inject('postgresUrl');
  const snapshot = options.prepared === undefined ? undefined : await preparedSnapshot(options.prepared);
  const reused = options.empty ? undefined : takeReusable(options.keptPool === true);
  const name = reused?.name ?? (await createDatabase(options.empty ? 'template0' : inject('postgresTemplate')));
  const url = databaseUrl(adminUrl, name);
  let pool = reused?.pool;
  /** One connection to the database: of its pool when it has one, else one of its own. */
  const connected = <T>(use: (client: pg.ClientBase) => Promise<T>): Promise<T> =>
    pool ? withPooled(pool, use) : withClient(url, use);
  if (snapshot) await connected((client) => restore(client, snapshot));
  return {
    config: { databaseUrl: url, sqliteFile },
    async open() {
      pool ??= await openPostgres(url, { poolName: TEST_SERVER_POOL });
      return pool;
    },
    async drop() {
      const kept = pool;
      if (!options.empty) {
        // A connection the test still holds may be in the middle of something.
        const idle = !kept || (kept.pool.idleCount === kept.pool.totalCount && kept.pool.waitingCount === 0);
        const emptied = idle && (await connected(emptyForReuse).catch(() => false));
        if (emptied) {
          reusableDatabases.push({ name, pool: kept });
          return;
        }
      }
      await kept?.close();
      await asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export async function startTestServer(
  options: {
    limits?: Partial<Limits>;
    demo?: boolean;
    imageOrigins?: string[];
    staticDir?: string;
    connectionTimeouts?: Partial<ConnectionTimeouts>;
    pushEndpoints?: PushEndpointPolicy;
    publicUrl?: string;
    consoleHost?: string;
    /** Chain watchers on this server, looking this often; none unless asked. */
    chainPollMs?: number;
    trustProxy?: TrustProxy;
    /** Where the server's log lines go (at info), for a test that reads them; none otherwise. */
    logStream?: LogStream;
    metrics?: { host: string; port: number };
    metricsToken?: string;
    /**
     * On PostgreSQL, a pool of its own rather than one an earlier test left open: for a test that
     * changes the schema under the server. A kept connection has statements prepared for the old
     * schema, and PostgreSQL refuses to run a `SELECT *` whose columns have changed since.
     */
    newPool?: boolean;
  } = {},
): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-test-'));
  const database = await testDatabase(dir, { prepared: options.demo ?? false, keptPool: !options.newPool });
  const db = await database.open();
  const mailer = new CapturingMailer();
  const clock = new TestClock();
  const app = await buildApp({
    db,
    dataDir: dir,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    logLevel: options.logStream ? 'info' : 'silent',
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    now: clock.now,
    mailer,
    ...(options.imageOrigins ? { imageOrigins: options.imageOrigins } : {}),
    ...(options.staticDir ? { staticDir: options.staticDir } : {}),
    ...(options.connectionTimeouts ? { connectionTimeouts: options.connectionTimeouts } : {}),
    ...(options.pushEndpoints ? { pushEndpoints: options.pushEndpoints } : {}),
    chainPollMs: options.chainPollMs ?? false,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.consoleHost ? { consoleHost: options.consoleHost } : {}),
  });
  const facts = await prepareDatabase(app.wallet, options.demo ?? false);
  const server: TestServer = {
    app,
    db,
    database: database.config,
    dir,
    mailer,
    clock,
    rootInviteCode: facts.rootInviteCode,
    async close() {
      if (!openServers.delete(server)) return;
      await server.app.close();
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  openServers.add(server);
  return server;
}

/** Servers started and not yet closed, so that the shared set-up closes every one a test started. */
const openServers = new Set<TestServer>();

/**
 * The set-up most server test files share: a fresh server on a fresh database for every test,
 * closed after it (with any other a test started); with `checkLedger`, every balance must still
 * equal its ledger rows at the end.
 */
export function freshServerPerTest(
  use: (server: TestServer) => void,
  options: { demo?: boolean; limits?: Partial<Limits>; checkLedger?: boolean; pushEndpoints?: PushEndpointPolicy } = {},
): void {
  let current: TestServer | undefined;
  beforeEach(async () => {
    current = await startTestServer(options);
    use(current);
  });
  afterEach(async () => {
    const server = current;
    current = undefined;
    try {
      if (server && options.checkLedger && openServers.has(server)) await expectLedgerBalanced(server);
    } finally {
      await Promise.all([...openServers].map((open) => open.close()));
    }
  });
}

/**
 * What `send` had the database do for its requests (the server's own timers left out): statements
 * on the database itself, reads and writes apart, and transactions (whose statements go through
 * the transaction instead).
 */
export async function countingStatements<T>(server: TestServer, send: () => Promise<T>) {
  const { db } = server;
  const counts = { reads: 0, writes: 0, transactions: 0 };
  const count = (kind: keyof typeof counts) => {
    if (requestLogFields().reqId !== undefined) counts[kind] += 1;
  };
  const original = {
    get: db.get.bind(db),
    all: db.all.bind(db),
    run: db.run.bind(db),
    insert: db.insert.bind(db),
    transaction: db.transaction.bind(db),
  };
  const spies = [
    vi.spyOn(db, 'get').mockImplementation((sql, params) => (count('reads'), original.get(sql, params))),
    vi.spyOn(db, 'all').mockImplementation((sql, params) => (count('reads'), original.all(sql, params))),
    vi.spyOn(db, 'run').mockImplementation((sql, params) => (count('writes'), original.run(sql, params))),
    vi.spyOn(db, 'insert').mockImplementation((sql, params) => (count('writes'), original.insert(sql, params))),
    vi.spyOn(db, 'transaction').mockImplementation((work) => (count('transactions'), original.transaction(work))),
  ];
  try {
    return { result: await send(), counts };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

type FormFields = Record<string, string | number | undefined>;

function form(fields: FormFields): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.append(key, String(value));
  return body.toString();
}

/** POSTs a form to an API path and returns the envelope, failing the test on a non-200 HTTP status. */
export async function post<T = unknown>(
  server: TestServer,
  path: CallPath,
  fields: FormFields = {},
  options: { token?: string; ip?: string; userAgent?: string } = {},
): Promise<Envelope<T>> {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/v1/${path}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.token ? { 'access-token': options.token } : {}),
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
    },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    payload: form(fields),
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<Envelope<T>>();
}

/** A typed call that must succeed. */
export async function call<P extends CallPath>(
  server: TestServer,
  path: P,
  fields: CallRequest<P> & FormFields,
  token?: string,
): Promise<CallResponse<P>> {
  const reply = await post<CallResponse<P>>(server, path, fields, token ? { token } : {});
  expect(reply, `${path} should succeed`).toMatchObject({ code: 200 });
  return reply.data;
}

let userCounter = 0;

export interface TestUser extends AuthResult {
  password: string;
}

/** Registers a fresh user through the public calls, as the app does. */
export async function signUp(
  server: TestServer,
  overrides: { account?: string; inviteCode?: string; ip?: string } = {},
): Promise<TestUser> {
  userCounter += 1;
  const account = overrides.account ?? `user${process.pid % 10_000}x${userCounter}`;
  const email = `${account}@example.com`.toLowerCase();
  const password = 'Secret123';
  const sent = await post(server, 'sms/send-code', { email }, overrides.ip ? { ip: overrides.ip } : {});
  expect(sent.code).toBe(200);
  const reply = await post<AuthResult>(
    server,
    'user/register',
    {
      account,
      email,
      code: server.mailer.codeFor(email),
      password,
      repassword: password,
      invite_code: overrides.inviteCode ?? server.rootInviteCode,
    },
    overrides.ip ? { ip: overrides.ip } : {},
  );
  expect(reply.code).toBe(200);
  return { ...reply.data, password };
}

/** Long enough ago for any wait or hold to be over. */
const LONG_AGO = '2000-01-01T00:00:00.000Z';

/**
 * Binds a payout account as the app does: a code mailed to the customer's address first (the
 * wait since their last code is waived). The hold on a new account is then over, unless `held`.
 */
export async function bindPayout(
  server: TestServer,
  user: TestUser,
  fields: Record<string, string>,
  options: { held?: boolean } = {},
): Promise<Envelope<BankInfo>> {
  const { email } = user.user;
  await server.db.run('UPDATE email_codes SET created_at = ? WHERE email = ?', [LONG_AGO, email]);
  expect((await post(server, 'sms/send-code', { email, scene: 'bind' })).code).toBe(200);
  const reply = await post<BankInfo>(
    server,
    'bankinfo/create',
    { ...fields, code: server.mailer.codeFor(email) },
    { token: user.token },
  );
  if (reply.code === 200 && !options.held) {
    await server.db.run('UPDATE bank_accounts SET changed_at = ? WHERE id = ?', [LONG_AGO, reply.data.bk_id]);
  }
  return reply;
}

/** The ledger invariant: every balance equals the sum of its ledger rows. */
export async function expectLedgerBalanced(server: TestServer): Promise<void> {
  expect(await server.app.wallet.queries.ledger.mismatches()).toEqual([]);
}

export { TINY_PNG, uniquePng };

/** Sends a multipart upload the way the app does: `lang`, then the file field. */
export async function upload(
  server: TestServer,
  token: string | undefined,
  content: Buffer,
  options: { filename?: string; contentType?: string; lang?: string } = {},
): Promise<Envelope<{ url: string }>> {
  const boundary = '----wallet-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="lang"\r\n\r\n${options.lang ?? 'en'}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename ?? 'proof.png'}"\r\n` +
      `Content-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/attach/upload',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { 'access-token': token } : {}),
    },
    payload: Buffer.concat([head, content, tail]),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Envelope<{ url: string }>>();
}

/** A recharge of `amount` with a fresh proof, waiting for review; its id. */
export async function pendingRecharge(server: TestServer, user: TestUser, amount = '30'): Promise<number> {
  const proof = await upload(server, user.token, await uniquePng());
  const address = await call(server, 'recharge/shoukuan-address', { type: '' }, user.token);
  const recharge = await call(
    server,
    'recharge/create',
    { type: address.type, category: 'USDT', address: address.address, amount, credentials: proof.data.url },
    user.token,
  );
  return recharge.id;
}

/** Two operators of a test server who approve what `approveOrder` is given, enrolled when first needed. */
const fundingApprovers = new WeakMap<TestServer, Promise<[Reviewer, Reviewer]>>();

function approversOf(server: TestServer): Promise<[Reviewer, Reviewer]> {
  let approvers = fundingApprovers.get(server);
  if (!approvers) {
    approvers = (async () => {
      const first = await enrolThroughLink(server, 'funding-first', 'reviewer');
      const second = await enrolThroughLink(server, 'funding-second', 'reviewer');
      return [
        { name: first.account.name, proven: true },
        { name: second.account.name, proven: true },
      ];
    })();
    fundingApprovers.set(server, approvers);
  }
  return approvers;
}

/**
 * Approves a recharge or withdrawal the way production does: by an operator, and by a second one
 * when the amount needs two.
 */
export async function approveOrder(server: TestServer, kind: 'recharge' | 'withdraw', id: number): Promise<void> {
  const [first, second] = await approversOf(server);
  const decided = await decide(server.app.wallet, kind, 'approve', id, first);
  if (decided.outcome === 'awaiting_second_approval') await decide(server.app.wallet, kind, 'approve', id, second);
}

/** Gives a customer a balance the way production does: a recharge with proof, approved. */
export async function fund(server: TestServer, user: TestUser, amount: string): Promise<number> {
  const id = await pendingRecharge(server, user, amount);
  await approveOrder(server, 'recharge', id);
  return id;
}

/**
 * Runs an operator command against a test database (on a test server: its database, its mailer
 * and its clock, which authenticator codes are computed for; or a database and where its mail
 * goes) and returns the lines it printed.
 */
export async function opsOutput(
  target: Db | { db: Db; mailer: Mailer; clock?: TestClock },
  ...argv: string[]
): Promise<string[]> {
  const lines: string[] = [];
  const output = { out: (line: string) => lines.push(line) };
  if ('mailer' in target) {
    await runOps(target.db, argv, output, {
      mailer: target.mailer,
      ...(target.clock ? { now: target.clock.now } : {}),
    });
  } else await runOps(target, argv, output);
  return lines;
}

/** The token of the enrolment link last mailed to `email`: the only place a link ever goes. */
export function enrolmentTokenMailedTo(server: TestServer, email: string): string {
  const mail = [...server.mailer.sent].reverse().find((sent) => sent.to === email && sent.text.includes('#/enrol?'));
  const token = mail?.text.match(/#\/enrol\?token=([\w-]{43})/)?.[1];
  if (!token) throw new Error(`no enrolment link was mailed to ${email}`);
  return token;
}

/** The address a test operator is given: their enrolment link goes there. */
export function testOperatorEmail(name: string): string {
  return `${name.toLowerCase()}@operators.example`;
}

/** What an operator chose at enrolment: to sign in with. */
export interface TestOperatorAccount {
  name: string;
  password: string;
  totpSecret: string;
}

export interface TestOperator extends TestOperatorAccount {
  /** The Cookie header that carries the session. */
  cookie: string;
  csrf: string;
}

let operatorCounter = 0;

/** The password every test operator chooses at enrolment. */
export const TEST_OPERATOR_PASSWORD = 'Operator12345';

/**
 * The token of an enrolment link opened as its holder would (the secret made for them, a
 * password, the current code): the session enrolment opened, and the secret they hold.
 */
export async function enrolWithToken(
  server: TestServer,
  token: string,
): Promise<{ totpSecret: string; cookie: string; csrf: string }> {
  const opened = await consolePost<EnrolmentStart>(server, 'enrol/start', { token });
  expect(opened.envelope, 'the enrolment link should open').toMatchObject({ code: 200 });
  const totpSecret = opened.envelope.data.totp_secret;
  const { envelope, setCookie } = await consolePost<ConsoleSession>(server, 'enrol/finish', {
    token,
    new_password: TEST_OPERATOR_PASSWORD,
    code: totpCode(totpSecret, server.clock.now()),
  });
  expect(envelope, 'the enrolment should complete').toMatchObject({ code: 200 });
  const cookie = setCookie?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return { totpSecret, cookie, csrf: envelope.data.csrf };
}

/**
 * An operator account added as an admin adds one, then enrolled through the link mailed to it as
 * its operator would. Enrolment signs the link's holder in, so this is a session as well. Their
 * approvals count toward four eyes at once: the first administrator, who did not add them,
 * confirms them, as a second administrator would in production (a test of the wait itself makes
 * its operators by hand).
 */
async function enrolThroughLink(
  server: TestServer,
  name: string,
  role: OperatorRole,
): Promise<{ account: TestOperatorAccount; cookie: string; csrf: string }> {
  const email = testOperatorEmail(name);
  const added = await addOperator(server.app.wallet, { name, role, email, lang: 'en', actor: 'test' });
  const { totpSecret, cookie, csrf } = await enrolWithToken(server, enrolmentTokenMailedTo(server, email));
  await confirmOperator(server.app.wallet, added.name, DEMO_ADMIN.name);
  return { account: { name: added.name, password: TEST_OPERATOR_PASSWORD, totpSecret }, cookie, csrf };
}

/**
 * An operator account, enrolled through its link, for a test to sign in with. Enrolment used the
 * authenticator's code of this moment, so the clock moves on one step: the next code is fresh.
 */
export async function addTestOperator(
  server: TestServer,
  name: string,
  role: OperatorRole,
): Promise<TestOperatorAccount> {
  const { account } = await enrolThroughLink(server, name, role);
  server.clock.advance(30);
  return account;
}

/** POSTs a form to a console call, with the operator's cookie and CSRF token unless told otherwise. */
export async function consolePost<T = unknown>(
  server: TestServer,
  path: ConsoleCallPath,
  fields: FormFields = {},
  options: { cookie?: string; csrf?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<{ envelope: Envelope<T>; setCookie: string | undefined }> {
  const response = await server.app.inject({
    method: 'POST',
    url: `${CONSOLE_API_PREFIX}${path}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.csrf ? { [CSRF_HEADER]: options.csrf } : {}),
      ...options.headers,
    },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    payload: form(fields),
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  const setCookie = response.headers['set-cookie'];
  return { envelope: response.json<Envelope<T>>(), setCookie: Array.isArray(setCookie) ? setCookie[0] : setCookie };
}

/** A console call as a signed-in operator that must succeed. */
export async function consoleCall<P extends ConsoleCallPath>(
  server: TestServer,
  path: P,
  fields: ConsoleCallRequest<P> & FormFields,
  operator: Partial<Pick<TestOperator, 'cookie' | 'csrf'>>,
): Promise<ConsoleCallResponse<P>> {
  const { envelope } = await consolePost<ConsoleCallResponse<P>>(server, path, fields, operator);
  expect(envelope, `${path} should succeed`).toMatchObject({ code: 200 });
  return envelope.data;
}

/** Signs an operator in with password and the authenticator code of the server's clock. */
export async function signInOperatorAs(server: TestServer, account: TestOperatorAccount): Promise<TestOperator> {
  const { envelope, setCookie } = await consolePost<ConsoleSession>(server, 'auth/login', {
    name: account.name,
    password: account.password,
    code: totpCode(account.totpSecret, server.clock.now()),
  });
  expect(envelope, 'the operator should sign in').toMatchObject({ code: 200 });
  const cookie = setCookie?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return { ...account, cookie, csrf: envelope.data.csrf };
}

/** A new operator of `role`, signed in by their enrolment. */
export async function signInOperator(
  server: TestServer,
  prefix: string,
  role: OperatorRole = 'reviewer',
): Promise<TestOperator> {
  operatorCounter += 1;
  const { account, cookie, csrf } = await enrolThroughLink(server, `${prefix}${operatorCounter}`, role);
  return { ...account, cookie, csrf };
}
