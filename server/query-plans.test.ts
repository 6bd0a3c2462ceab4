import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from './testing/test-support';
import type { SqlParams, Transaction } from './platform/database/sql';
import { postgresValues, toPostgres, toSqlite } from './platform/database/dialect';
import { createQueries, QUERY_GROUPS } from './query-groups';
import { openDatabase } from './platform/database/database';

/**
 * Every statement in the query files is read through its engine's planner against a schema that looks
 * large (SQLite: statistics written into sqlite_stat1; PostgreSQL: sequential scans and sorts
 * switched off, so a plan that still has one has no index to use instead). A full scan or a sort
 * of a table that grows with customers or with time fails here, in CI, instead of in production,
 * unless the statement is listed below with the reason it stays bounded.
 */

const TEST_ENGINE = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * Tables staff fill by hand (the hall's merchants and offers, products, contact channels,
 * receiving addresses, watched chain networks, their keys and the checked addresses, operators
 * and their browsers, the raise of the second-approval limit that waits): their size follows the
 * staff's work, not the number of customers or the passing of time. Every other table, including
 * any added later, counts as growing.
 */
const STAFF_TABLES = new Set([
  'settings',
  'limit_raises',
  'merchants',
  'offers',
  'products',
  'contact_channels',
  'receiving_addresses',
  'chain_networks',
  'chain_keys',
  'chain_checks',
  'operators',
  'operator_enrolments',
  'operator_devices',
]);

const SWEEP = 'the hourly sweep deletes what has expired, in one pass over the table by design';
const CHAIN_AUDIT = '`ops chain audit` re-reads every credit from the chain, a page at a time: every row by design';
const INTEGRITY = '`ops check` recomputes every figure from every row: a whole-table read by design';

/** Statements that may scan or sort a growing table, each with why that stays bounded. */
const BOUNDED: Record<string, string> = {
  'codes.pruneBefore': SWEEP,
  'events.purgeBefore': SWEEP,
  'idempotency.purgeBefore': SWEEP,
  'operators.purgeExpiredSessions': SWEEP,
  'rateLimits.pruneEnded': SWEEP,
  'sessions.purgeExpired': SWEEP,
  'integrity.orderLedgerGaps': INTEGRITY,
  'integrity.strayLedgerRows': INTEGRITY,
  'integrity.brokenChain': INTEGRITY,
  'integrity.offerDrift': INTEGRITY,
  'integrity.unfoundAnswers': INTEGRITY,
  'integrity.counts': INTEGRITY,
  'ledger.mismatches': INTEGRITY,
  'integrity.totalsDrift': INTEGRITY,
  'integrity.teamDrift': INTEGRITY,
  'integrity.volumeDrift': INTEGRITY,
  'integrity.numberingDrift': INTEGRITY,
  'users.any': 'stops at the first row it finds',
  'chain.arrivedAt': "the treasury's export reads every deposit of a network that arrived, by design",
  'chain.creditedDeposits': CHAIN_AUDIT,
  'chain.addressesAfter': CHAIN_AUDIT,
  'chain.rechargesCreditedByChain': CHAIN_AUDIT,
  'selling.history': 'walks the partial index of completed sales from the newest and stops after its LIMIT',
  'review.pendingPage':
    'each kind is read in order from its index and stops at its LIMIT; the sort merges at most three such pages',
  'review.latestOf':
    "each kind's newest page is read in order from an index and stops at its LIMIT; the sort is of one page of the customer's newest sales, read by their sale numbers",
  'review.pendingCounts': 'adds up the running counts of orders waiting for review: three kinds of 16 stripes',
  'integrity.waitingDrift': INTEGRITY,
  'chain.addressesOf': "sorts one customer's addresses, at most one per watched network (keyed by key and customer)",
  'bank.allOf': 'a customer binds at most one account of each of two types (unique user_id, type)',
  'sessions.activeOf':
    "sorts one customer's open sessions, which sign-in limits keep few and which expire (the sweep removes them)",
};

/** Functions whose statement depends on an argument drawn from a fixed set: called with each. */
const auditFilter = (filter: Partial<Record<'actor' | 'account' | 'action', string>>) => [
  { actor: '', account: '', action: '', beforeId: null, limit: 10, ...filter },
];
const ARGUMENT_CHOICES: Record<string, unknown[][]> = {
  'push.amountOf': [['sale_order'], ['recharge'], ['withdraw'], ['lixibao'], ['deposit']],
  'review.createdAt': [['recharge'], ['withdraw'], ['sale']],
  'chain.countDust': [[{ network: 'A', to_body: 'b', user_id: 1, block_number: 1 }, 1n, '']],
  'chain.depositsPage': [
    ['', 0, 10],
    ['credited', 0, 10],
  ],
  'review.earlierTotals': [
    ['recharge', [{ id: 1, since: '' }]],
    ['withdraw', [{ id: 1, since: '' }]],
    [
      'recharge',
      [
        { id: 1, since: '' },
        { id: 2, since: '' },
      ],
    ],
    [
      'withdraw',
      [
        { id: 1, since: '' },
        { id: 2, since: '' },
      ],
    ],
  ],
  'review.approvalsOf': [
    ['recharge', [1]],
    ['recharge', [1, 2]],
  ],
  'review.pendingPage': [
    ['', null, 10],
    ['sale', { created_at: '', kind: 'recharge', id: 1 }, 10],
  ],
  'ledger.page': [
    [1, 0, 10, 0],
    [1, 1, 10, 0],
    [1, -1, 10, 0],
  ],
  'ledger.count': [
    [1, 0],
    [1, 1],
    [1, -1],
  ],
  'ledger.before': [
    [1, 0, 10],
    [1, 5, 10],
  ],
  'selling.ordersPage': [
    [1, '', 10, 0],
    [1, 'audit', 10, 0],
  ],
  'selling.orderCount': [
    [1, ''],
    [1, 'audit'],
    [1, 'completion'],
    [1, 'reject'],
  ],
  'selling.reviewOrder': [
    [1, 'completion', '', '2026-01-01T00:00:00.000Z'],
    [1, 'reject', '', '2026-01-01T00:00:00.000Z'],
  ],
  'audit.list': [
    auditFilter({}),
    auditFilter({ account: 'a' }),
    auditFilter({ actor: 'a' }),
    auditFilter({ action: 'a' }),
  ],
};

/** A stand-in for any argument: a number, a string, an object with any field, a list of one. */
const ANY: unknown = new Proxy(function any() {}, {
  get: (target, key) => {
    if (key === Symbol.toPrimitive) return () => 1;
    if (key === 'length') return 1;
    if (key === 'map') return (each: (value: unknown) => unknown) => [each(ANY)];
    if (key === 'prototype') return Reflect.get(target, key);
    // Not a promise: awaiting a row of stand-ins yields the row.
    if (key === 'then') return undefined;
    return ANY;
  },
  apply: () => ANY,
});

/**
 * Every statement the query functions send on `dialect`, with the first function that sends it.
 * Reads answer nothing, or a row of stand-ins (so a function that goes on from a row it read,
 * such as a decision that then counts, sends the rest too).
 */
async function recordStatements(
  dialect: 'sqlite' | 'postgres',
): Promise<{ statements: Map<string, string>; silent: string[] }> {
  const statements = new Map<string, string>();
  let caller = '';
  const note = (sql: string) => {
    if (!statements.has(sql)) statements.set(sql, caller);
  };
  const recorder: Transaction = {
    dialect,
    all: async (sql) => (note(sql), []),
    get: async <Row>(sql: string) => (note(sql), ANY as Row),
    run: async (sql) => (note(sql), 0),
    insert: async (sql) => (note(sql), 1),
    lock: async () => undefined,
  };
  const silent: string[] = [];
  const queries = createQueries(recorder);
  for (const area of QUERY_GROUPS) {
    const functions = queries[area];
    for (const [name, query] of Object.entries(functions as Record<string, (...args: unknown[]) => unknown>)) {
      caller = `${area}.${name}`;
      const before = statements.size;
      const choices = ARGUMENT_CHOICES[caller] ?? [Array.from({ length: Math.max(query.length, 4) }, () => ANY)];
      for (const args of choices) await query(...args);
      if (statements.size === before && !sharesAStatement(statements, caller)) silent.push(caller);
    }
  }
  return { statements, silent };
}

/** A function may send only statements an earlier one already sent (two names for one read). */
function sharesAStatement(statements: Map<string, string>, caller: string): boolean {
  return [...statements.values()].includes(caller);
}

/** The files that hold the server's statements: each capability's `queries.ts` and `*-queries.ts`. */
function queryFiles(folder = import.meta.dirname): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|[/-])queries\.ts$/.test(file))
    .map((file) => path.join(folder, file))
    .sort();
}

/**
 * The SQL texts written in the query files, each of which must be part of a recorded statement: a
 * branch the stand-in arguments did not take is not read past unchecked.
 */
function writtenStatements(): string[] {
  const texts: string[] = [];
  for (const file of queryFiles()) {
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/`([^`]*)`|'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"/g)) {
      const literal = match[1] ?? match[2] ?? match[3] ?? '';
      for (const piece of literal.split(/\$\{[^}]*\}/)) {
        const text = piece.trim();
        if (/^(SELECT|INSERT|UPDATE|DELETE|WITH)\s/i.test(text) && text.length > 20) texts.push(text);
      }
    }
  }
  return texts;
}

function tableOf(sql: string, name: string): string {
  const alias = new RegExp(`\\b(?:FROM|JOIN)\\s+(\\w+)\\s+(?:AS\\s+)?${name}\\b`, 'i').exec(sql);
  return alias?.[1] ?? name;
}

/** What is wrong with one statement's plan, for a reader of the test's failure. */
type PlanProblem = string;

interface Planner {
  problems(sql: string): Promise<PlanProblem[]>;
  close(): Promise<void>;
}

/** A guess of rows per distinct prefix of an index's columns on a table of a million rows. */
function statistics(table: string, columns: string[], unique: boolean): string {
  const rows = STAFF_TABLES.has(table) ? 100 : 1_000_000;
  let perValue = rows;
  const figures = columns.map((column, position) => {
    const last = position === columns.length - 1;
    if (unique && last) perValue = 1;
    else if (/^(state|kind|outcome|type|scene|purpose|paused|untrusted|level)$/.test(column)) perValue /= 3;
    else if (/(^|_)(user|operator|subscription|withdraw|order|inviter)(_id)?$/.test(column)) perValue /= 20_000;
    else perValue /= 100;
    return Math.max(1, Math.ceil(perValue));
  });
  return [rows, ...figures].join(' ');
}

async function sqlitePlanner(file: string): Promise<Planner> {
  const connection = new Database(file);
  connection.exec('ANALYZE sqlite_schema');
  connection.exec('DELETE FROM sqlite_stat1');
  const indexes = connection
    .prepare<[], { name: string; tbl_name: string }>(
      "SELECT name, tbl_name FROM sqlite_schema WHERE type = 'index' AND tbl_name NOT LIKE 'sqlite_%'",
    )
    .all();
  const insert = connection.prepare('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)');
  for (const index of indexes) {
    const columns = connection
      .prepare<[string], { name: string }>('SELECT name FROM pragma_index_info(?) ORDER BY seqno')
      .all(index.name)
      .map((column) => column.name);
    const isUnique =
      connection
        .prepare<[string, string], { unique: number }>('SELECT "unique" FROM pragma_index_list(?) WHERE name = ?')
        .get(index.tbl_name, index.name)?.unique === 1;
    insert.run(index.tbl_name, index.name, statistics(index.tbl_name, columns, isUnique));
  }
  const tables = connection
    .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all();
  for (const table of tables) insert.run(table.name, null, String(STAFF_TABLES.has(table.name) ? 100 : 1_000_000));
  connection.exec('ANALYZE sqlite_schema');
  return {
    async problems(sql) {
      const statement = connection.prepare(`EXPLAIN QUERY PLAN ${toSqlite(sql)}`);
      const names = [...new Set([...sql.matchAll(/@([A-Za-z_]\w*)/g)].map((match) => match[1] ?? ''))];
      const plan = (
        names.length > 0
          ? statement.all(Object.fromEntries(names.map((name) => [name, null])))
          : statement.all(...Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => null))
      ) as { detail: string }[];
      const problems: PlanProblem[] = [];
      const growing = (name: string) => !STAFF_TABLES.has(tableOf(sql, name)) && isTable(tables, tableOf(sql, name));
      for (const { detail } of plan) {
        const scanned = /^SCAN (\w+)/.exec(detail)?.[1];
        if (scanned && growing(scanned)) problems.push(detail);
        if (/TEMP B-TREE/.test(detail) && touchesGrowing(sql, tables)) problems.push(detail);
      }
      return problems;
    },
    close: async () => void connection.close(),
  };
}

function isTable(tables: { name: string }[], name: string): boolean {
  return tables.some((table) => table.name === name);
}

function touchesGrowing(sql: string, tables: { name: string }[]): boolean {
  return tables.some(
    (table) => !STAFF_TABLES.has(table.name) && new RegExp(`\\b(FROM|JOIN)\\s+${table.name}\\b`, 'i').test(sql),
  );
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

async function postgresPlanner(url: string): Promise<Planner> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // With these off, a plan that still scans a whole table or sorts has no index to do better. (Which
  // index it takes among several is left to the planner: on empty tables it has no figures to
  // choose by, so SQLite's side, which is given statistics, is the judge of that.)
  await client.query('SET enable_seqscan = off; SET enable_sort = off; SET plan_cache_mode = force_generic_plan');
  return {
    async problems(sql) {
      const statement = toPostgres(sql);
      const count = Math.max(0, ...[...statement.text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
      await client.query(`PREPARE planned AS ${statement.text}`);
      try {
        const nulls = Array.from({ length: count }, () => 'NULL').join(', ');
        const result = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (FORMAT JSON) EXECUTE planned${count > 0 ? `(${nulls})` : ''}`,
        );
        const problems: PlanProblem[] = [];
        const walk = (node: PlanNode) => {
          const table = node['Relation Name'];
          const growing = table !== undefined && !STAFF_TABLES.has(table);
          if (growing && node['Node Type'] === 'Seq Scan') problems.push(`Seq Scan on ${table}`);
          if (/Sort$/.test(node['Node Type']) && touchesGrowingPostgres(sql)) problems.push(node['Node Type']);
          node.Plans?.forEach(walk);
        };
        const plan = result.rows[0]?.['QUERY PLAN'][0].Plan;
        if (plan) walk(plan);
        return problems;
      } finally {
        await client.query('DEALLOCATE planned');
      }
    },
    close: () => client.end(),
  };
}

function touchesGrowingPostgres(sql: string): boolean {
  return [...sql.matchAll(/\b(?:FROM|JOIN)\s+(\w+)/gi)].some((match) => !STAFF_TABLES.has(match[1] ?? ''));
}

describe(`every statement's plan on ${TEST_ENGINE}`, () => {
  let dir: string;
  let planner: Planner;
  let drop: () => Promise<void>;
  let statements: Map<string, string>;
  let otherEngines: Map<string, string>;
  let silentOnBoth: string[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-plans-'));
    const database = await testDatabase(dir);
    drop = database.drop;
    // Migrated by opening it; the planner then reads it on a connection of its own.
    await (await openDatabase(database.config)).close();
    planner =
      TEST_ENGINE === 'sqlite'
        ? await sqlitePlanner(database.config.sqliteFile)
        : await postgresPlanner(database.config.databaseUrl ?? '');
    const own = await recordStatements(TEST_ENGINE);
    const other = await recordStatements(TEST_ENGINE === 'sqlite' ? 'postgres' : 'sqlite');
    statements = own.statements;
    otherEngines = other.statements;
    // A function may have nothing to send on one engine (SQLite's change counter on PostgreSQL).
    silentOnBoth = own.silent.filter((caller) => other.silent.includes(caller));
  });
  afterAll(async () => {
    await planner.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads only what an index finds, or is listed with the reason it stays bounded', async () => {
    const found: string[] = [];
    for (const [sql, caller] of statements) {
      if (BOUNDED[caller]) continue;
      const problems = await planner.problems(sql).catch((error: Error) => [`cannot be planned: ${error.message}`]);
      if (problems.length > 0) found.push(`${caller}: ${problems.join(' | ')}`);
    }
    expect(found).toEqual([]);
  });

  it('has read every statement written in the query files', () => {
    expect(silentOnBoth, 'query functions that sent no statement').toEqual([]);
    const recorded = [...statements.keys(), ...otherEngines.keys()].map((sql) => sql.replace(/\s+/g, ' '));
    const unread = writtenStatements().filter((text) => {
      const flat = text.replace(/\s+/g, ' ');
      return !recorded.some((sql) => sql.includes(flat));
    });
    expect(unread).toEqual([]);
  });
});

interface AnalysedNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: AnalysedNode[];
}

/**
 * A plan can use indexes and still read far more than it shows: a page merged from several
 * tables, one of them read whole for the customer and sorted. PostgreSQL chooses so by its
 * figures, so this reads the statement's plan as run on a customer with many orders beside
 * another with far more, and counts the rows each table gave.
 */
describe.runIf(TEST_ENGINE === 'postgres')("a page's reads on PostgreSQL, with a customer's many orders", () => {
  let dir: string;
  let drop: () => Promise<void>;
  let client: pg.Client;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-reads-'));
    const database = await testDatabase(dir);
    drop = database.drop;
    await (await openDatabase(database.config)).close();
    client = new pg.Client({ connectionString: database.config.databaseUrl ?? '' });
    await client.connect();
    await client.query(`
      INSERT INTO users (id, account, email, password_hash, nickname, invite_code, transfer_code, created_at, account_key, email_key)
      SELECT id, 'reader' || id, 'reader' || id || '@example.com', '', '', 'invite' || id, 'transfer' || id, '2026-01-01', 'reader' || id, 'reader' || id || '@example.com'
      FROM generate_series(1, 2) AS id;
      INSERT INTO bank_accounts (id, user_id, type, details, created_at, changed_at)
      SELECT id, id, 'bank', '{}', '2026-01-01', '2026-01-01' FROM generate_series(1, 2) AS id;
      INSERT INTO recharges (user_id, type, category, address, amount, credentials, created_at, updated_at)
      SELECT CASE WHEN n <= 300 THEN 1 ELSE 2 END, 'TRC20', 'USDT', 'T', 100, '', to_char(n, 'FM000000'), to_char(n, 'FM000000')
      FROM generate_series(1, 20000) AS n;
      INSERT INTO withdrawals (order_no, user_id, type, bank_account_id, amount, created_at, updated_at)
      SELECT 'W' || n, CASE WHEN n <= 300 THEN 1 ELSE 2 END, 'bank', CASE WHEN n <= 300 THEN 1 ELSE 2 END, 100, to_char(n, 'FM000000'), to_char(n, 'FM000000')
      FROM generate_series(1, 20000) AS n;
      ANALYZE`);
  });
  afterAll(async () => {
    await client.end();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The rows each table gave while `read` ran its statement, as EXPLAIN ANALYZE counts them. */
  async function rowsRead(read: (queries: ReturnType<typeof createQueries>) => Promise<unknown>) {
    const rows = new Map<string, number>();
    const walk = (node: AnalysedNode) => {
      const table = node['Relation Name'];
      if (table) rows.set(table, (rows.get(table) ?? 0) + node['Actual Rows'] * node['Actual Loops']);
      node.Plans?.forEach(walk);
    };
    const analyse = async (sql: string, params?: SqlParams) => {
      const statement = toPostgres(sql);
      const result = await client.query<{ 'QUERY PLAN': [{ Plan: AnalysedNode }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`,
        postgresValues(statement, params),
      );
      const plan = result.rows[0]?.['QUERY PLAN'][0].Plan;
      if (plan) walk(plan);
      return [];
    };
    const runner: Transaction = {
      dialect: 'postgres',
      all: analyse,
      get: async (sql, params) => (await analyse(sql, params))[0],
      run: async (sql, params) => (await analyse(sql, params)).length,
      insert: async (sql, params) => (await analyse(sql, params)).length,
      lock: async () => undefined,
    };
    await read(createQueries(runner));
    return Object.fromEntries(rows);
  }

  it("reads a customer's latest orders a page of each kind at most", async () => {
    const read = await rowsRead((queries) => queries.review.latestOf(1, 10));
    expect(read.recharges).toBeLessThanOrEqual(10);
    expect(read.withdrawals).toBeLessThanOrEqual(10);
  });
});
