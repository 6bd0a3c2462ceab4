import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServer, type RunningServer } from '../e2e/server';
import { startPostgresCluster } from '../server/testing/postgres-cluster';
import { uniquePng } from '../server/testing/tiny-png';
import { measureBundle, readBuildFacts, separationProblems } from './bundle';
import { runLighthouse, type LighthouseScores } from './lighthouse';
import { hammer, postgresPids, startBareServer, type LoadResult, type LoadTarget } from './load';
import { measureOfflineReopen } from './offline';
import { runChainBench } from './chain';
import { runScale } from './scale';
import { measureSignInTiming, percentile, SIGN_INS, WRITES } from './sign-in-timing';

/**
 * `npm run bench`: one table of every quality bar — bundle sizes, Lighthouse on the sign-in
 * screen, the offline reopen on a throttled phone, and server throughput beside a bare Fastify
 * route measured in the same run. Loopback only; every load run is bounded in time.
 */
const KB = 1024;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = 5;
const WARMUP_SECONDS = 2;
const SOAK_SECONDS = 20;

type Row = [measure: string, value: string, budget: string, result: string];
const rows: Row[] = [];
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function bundleRows(): void {
  const bundle = measureBundle();
  for (const route of bundle.firstLoad) {
    const budgeted = route.route.endsWith('/login.tsx');
    rows.push([
      `first-load JS (gzip) ${route.route}`,
      kb(route.js),
      budgeted ? '≤ 100.0 KB' : '—',
      budgeted ? verdict(route.js <= 100 * KB) : '',
    ]);
  }
  const largest = bundle.pages[0];
  if (largest)
    rows.push([
      `largest page chunk (gzip) ${largest.page}`,
      kb(largest.js),
      '≤ 15.0 KB',
      verdict(largest.js <= 15 * KB),
    ]);
  rows.push([`page chunks over 15 KB`, String(bundle.pages.filter((page) => page.js > 15 * KB).length), '0', '']);
  rows.push(['CSS (gzip)', kb(bundle.css), '—', '']);
  rows.push(["CSS (gzip), operators' console", kb(bundle.consoleCss), '—', '']);
  rows.push([
    'precached by the service worker',
    `${bundle.precached.length} files (${bundle.precached.filter((file) => /^console\/|\/console-/.test(file)).length} of the console)`,
    'none of the console',
    '',
  ]);
  const separation = separationProblems(readBuildFacts());
  rows.push([
    'customer app and console kept apart (chunks, precache, documents)',
    separation.length ? separation.join('; ') : 'yes',
    'no problem',
    verdict(separation.length === 0),
  ]);
}

async function lighthouseRows(baseUrl: string): Promise<void> {
  const runs: LighthouseScores[] = [];
  for (let run = 0; run < 3; run += 1) runs.push(await runLighthouse(`${baseUrl}/#/pages/login/login`));
  const pick = (key: keyof LighthouseScores) => median(runs.map((scores) => scores[key]));
  const all = (key: keyof LighthouseScores) => runs.map((scores) => scores[key]).join('/');
  rows.push([
    'Lighthouse mobile performance, login (median of 3)',
    `${pick('performance')} (${all('performance')})`,
    '≥ 95',
    verdict(pick('performance') >= 95),
  ]);
  rows.push([
    'Lighthouse accessibility, login',
    String(pick('accessibility')),
    '100',
    verdict(pick('accessibility') === 100),
  ]);
  rows.push([
    'Lighthouse best practices, login',
    String(pick('bestPractices')),
    '100',
    verdict(pick('bestPractices') === 100),
  ]);
  rows.push(['  LCP / TBT (median, simulated mobile)', `${pick('lcpMs')} ms / ${pick('tbtMs')} ms`, '—', '']);
}

async function offlineRows(baseUrl: string): Promise<void> {
  const { app, react, floor } = await measureOfflineReopen(baseUrl, 7);
  const ratio = median(app) / median(floor);
  rows.push([
    'offline reopen to cached balance, Pixel 7, CPU 4× (median of 7)',
    `${median(app)} ms (max ${Math.max(...app)})`,
    '—',
    '',
  ]);
  rows.push([
    '  floor: static page, same worker, same figure (median of 7)',
    `${median(floor)} ms (max ${Math.max(...floor)})`,
    '—',
    '',
  ]);
  rows.push(['  app ÷ floor', `${ratio.toFixed(2)}×`, '≤ 1.50×', verdict(ratio <= 1.5)]);
  rows.push(["  React's own Home on screen (median of 7)", `${median(react)} ms (max ${Math.max(...react)})`, '—', '']);
}

interface Engine {
  /** How the rows name it: SQLite or PostgreSQL. */
  label: string;
  server: RunningServer;
  env: Record<string, string>;
  databasePids?: () => number[];
  /**
   * The same engine under another setting, on a server of its own, whose writes run in the same
   * rounds: each round's ratio of the two says what the setting costs, whatever the machine does.
   */
  variant?: Engine;
}

/** Lets the bench read the server's own metrics (its count of statements sent) on the public port. */
const METRICS_TOKEN = 'bench-reads-the-statement-count';

/** How many statements the server at `baseUrl` has sent to its database so far. */
async function statementsSent(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const count = /^wallet_db_statements_total (\d+)$/m.exec(await response.text())?.[1];
  if (count === undefined) throw new Error('the server reported no statement count');
  return Number(count);
}

/**
 * The requests per minute and sign-ins the load runs need; a second approval only above what one
 * recharge funds the sales and deposits of a whole run with.
 */
const BENCH_ENV = {
  LIMIT_REQUESTS_PER_MINUTE: '100000000',
  LIMIT_SIGN_INS_PER_IP_HOUR: '100000000',
  REVIEW_SECOND_APPROVAL_ABOVE: '1000000.00',
  METRICS_TOKEN,
};

/**
 * Runs an operator command against the engine's database and returns its last line. Not a
 * synchronous child: a wait of seconds would hold up the timers that close the kept-alive
 * connections the servers are about to close themselves, and the next request on one would fail.
 */
async function ops(engine: Engine, ...argv: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', ...argv], {
    env: { ...process.env, ...BENCH_ENV, DATA_DIR: engine.server.dataDir, ...engine.env },
    encoding: 'utf8',
  });
  return stdout.trim().split('\n').at(-1) ?? '';
}

async function signIn(baseUrl: string, account: string, password: string): Promise<Record<string, string>> {
  const login = (await (
    await fetch(`${baseUrl}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account, password, lang: 'en' }),
    })
  ).json()) as { data: { token: string } };
  return { 'access-token': login.data.token };
}

/**
 * The demo account's invitee, credited 100,000 USDT the way production does it (a recharge with
 * proof, approved by the operator): enough for every sale and deposit of a cent a run makes. The
 * sales are theirs, so the orders they leave in review do not make the demo account's reads
 * slower round after round.
 */
async function fundedSeller(engine: Engine): Promise<Record<string, string>> {
  const { baseUrl } = engine.server;
  const auth = await signIn(baseUrl, 'demo_friend', 'Demo12345-friend');
  const form = new FormData();
  form.append('lang', 'en');
  form.append('file', new Blob([await uniquePng()], { type: 'image/png' }), 'proof.png');
  const proof = (await (
    await fetch(`${baseUrl}/api/v1/attach/upload`, { method: 'POST', headers: auth, body: form })
  ).json()) as { data: { url: string } };
  const recharge = (await (
    await fetch(`${baseUrl}/api/v1/recharge/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth },
      body: new URLSearchParams({
        type: 'TRC20',
        category: 'USDT',
        address: 'TDEMOxNOTxAxREALxADDRESSxDONOTPAY',
        amount: '100000',
        credentials: proof.data.url,
        lang: 'en',
      }),
    })
  ).json()) as { data: { id: number } };
  await ops(engine, 'approve', 'recharge', String(recharge.data.id));
  return auth;
}

/** A call of `engine`'s server, as the rows name it. */
function served(engine: Engine, call: string, body: string, headers: Record<string, string>): LoadTarget {
  return {
    name: call,
    url: `${engine.server.baseUrl}/api/v1/${call}`,
    body,
    headers,
    pid: engine.server.pid,
    ...(engine.databasePids ? { databasePids: engine.databasePids } : {}),
    statementsSent: () => statementsSent(engine.server.baseUrl),
  };
}

/**
 * The calls that move money, each a cent from the funded seller: a sale against an offer that
 * takes them all, and a deposit into an interest product that takes them all.
 */
async function writeTargets(engine: Engine): Promise<LoadTarget[]> {
  const sellerAuth = await fundedSeller(engine);
  const offer = await ops(
    engine,
    ...['offer', 'add', '--merchant', '1', '--price', '1', '--currency', 'USD'],
    ...['--quantity', '1000000', '--min', '0.01', '--max', '1000000'],
  );
  const product = await ops(
    engine,
    ...['product', 'add', '--name', 'Bench deposits', '--rate', '1', '--days', '3650'],
    ...['--min', '0.01', '--max', '1000000'],
  );
  return [
    served(
      engine,
      'saleu/create-order',
      `saleu_id=${offer}&number=0.01&unit_price=1.00&currency=USD&lang=en`,
      sellerAuth,
    ),
    served(engine, 'lixibao/create-order', `lixibao_id=${product}&number=0.01&lang=en`, sellerAuth),
  ];
}

async function loadRows(engine: Engine): Promise<void> {
  const auth = await signIn(engine.server.baseUrl, 'demo', 'Demo12345');
  const writes = await writeTargets(engine);
  const { variant } = engine;
  const variantWrites = variant
    ? (await writeTargets(variant)).map((target) => ({ ...target, name: `${target.name} (${variant.label})` }))
    : [];
  const bare = await startBareServer();
  const yardstick: LoadTarget = { name: 'bare', url: bare.url, body: 'lang=en', headers: {}, pid: bare.pid };
  const reads = [
    served(engine, 'userinfo/get-money-info', 'lang=en', auth),
    served(engine, 'selling/order', 'page=1&page_size=10&lang=en', auth),
  ];
  const targets = [...reads, ...writes, ...variantWrites];
  try {
    for (const target of [yardstick, ...targets]) await hammer(target, WARMUP_SECONDS);
    // Each round runs the yardstick and every target back to back and compares them within the
    // round, so a noisy neighbour on this machine weighs on both sides of each ratio alike.
    const rounds: { bare: LoadResult; targets: LoadResult[] }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const bareResult = await hammer(yardstick, LOAD_SECONDS);
      const targetResults: LoadResult[] = [];
      for (const target of targets) targetResults.push(await hammer(target, LOAD_SECONDS));
      rounds.push({ bare: bareResult, targets: targetResults });
    }
    const bareCpu = rounds.map((round) => round.bare.cpuMicrosPerRequest);
    rows.push([
      `load (${engine.label}): bare Fastify route (100 connections, ${ROUNDS} rounds × ${LOAD_SECONDS} s, medians)`,
      `${median(rounds.map((round) => round.bare.requestsPerSecond))} req/s, p99 ${median(rounds.map((round) => round.bare.p99Ms))} ms${cpuText(bareCpu)}`,
      'yardstick',
      '',
    ]);
    targets.forEach((target, index) => {
      const runs = rounds.map((round) => round.targets[index]).filter((run) => run !== undefined);
      const ratios = rounds.map(
        (round) => (round.targets[index]?.requestsPerSecond ?? 0) / round.bare.requestsPerSecond,
      );
      const ratio = median(ratios);
      const p99 = median(runs.map((run) => run.p99Ms));
      const failures = runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0);
      const cpu = runs.map((run) => run.cpuMicrosPerRequest);
      const cpuShare = cpuRatio(bareCpu, cpu);
      const databaseCpu = known(runs.map((run) => run.databaseCpuMicrosPerRequest));
      const statements = known(runs.map((run) => run.statementsPerRequest));
      const budgeted = engine.label === 'SQLite' && reads.includes(target);
      rows.push([
        `load (${engine.label}): ${target.name}`,
        `${median(runs.map((run) => run.requestsPerSecond))} req/s, ${percent(ratio)} of bare (rounds ${ratios.map(percent).join('/')}), p99 ${p99} ms${cpuText(cpu)}${cpuShare === undefined ? '' : ` = ${percent(cpuShare)} of bare's cost`}${databaseCpu.length ? `; database CPU ${median(databaseCpu).toFixed(0)} µs/request` : ''}${statements.length ? `; ${median(statements).toFixed(1)} statements/request` : ''}${failures ? `, ${failures} failed` : ''}`,
        budgeted ? '≥ 50 % of bare, p99 ≤ 10 ms' : '—',
        budgeted ? verdict(ratio >= 0.5 && p99 <= 10 && failures === 0) : failures ? `${failures} failed` : '',
      ]);
    });
    if (variant) variantRows(engine, variant, writes, variantWrites, rounds, targets);
    const before = SALE_ON_2026_11_23[engine.label];
    if (before)
      rows.push([
        `load (${engine.label}): saleu/create-order on 2026-11-23 (072a1e8; fixed CPU task 148 ms)`,
        `server CPU ${before.serverCpu} µs/request${before.databaseCpu ? `; database CPU ${before.databaseCpu} µs/request` : ''}; ${before.statements} statements/request`,
        'compare the row above',
        '',
      ]);
    if (engine.label === 'PostgreSQL' && reads[0]) {
      const soak = await hammer(reads[0], SOAK_SECONDS);
      const failed = soak.errors + soak.non2xx;
      rows.push([
        `load (${engine.label}): get-money-info, 100 connections for ${SOAK_SECONDS} s`,
        `${soak.requestsPerSecond} req/s, p99 ${soak.p99Ms} ms, ${failed} failed`,
        'no error',
        verdict(failed === 0),
      ]);
    }
    const loginTarget = served(engine, 'user/login', 'account=demo&password=Demo12345&lang=en', {});
    await hammer(loginTarget, 1);
    const logins = await hammer(loginTarget, 5);
    rows.push([
      `load (${engine.label}): user/login, one account (5 checks at a time, the rest 429; 5 s)`,
      `${logins.requestsPerSecond} req/s, p99 ${logins.p99Ms} ms`,
      '—',
      '',
    ]);
  } finally {
    bare.stop();
  }
}

/** Wrong passwords for a real account and for a name nobody holds: the same time (bench/sign-in-timing.ts). */
async function signInRows(): Promise<void> {
  const spread = (values: number[], unit: string, digits: number) =>
    `median ${percentile(values, 0.5).toFixed(digits)} ${unit}, p90 ${percentile(values, 0.9).toFixed(digits)} ${unit}`;
  for (const timing of await measureSignInTiming()) {
    const paired = timing.real.map((real, index) => real - (timing.unknown[index] ?? real));
    rows.push(
      [
        `wrong password (${timing.engine}), real account (${SIGN_INS}, in turns)`,
        spread(timing.real, 'ms', 1),
        '—',
        '',
      ],
      [`wrong password (${timing.engine}), name with no account`, spread(timing.unknown, 'ms', 1), '—', ''],
      [
        '  real − no account, each turn',
        `median ${percentile(paired, 0.5).toFixed(1)} ms, middle half ${percentile(paired, 0.25).toFixed(1)} to ${percentile(paired, 0.75).toFixed(1)} ms`,
        '—',
        '',
      ],
      [
        `  the write that differs: failed-sign-in record / guess written again (${WRITES} each)`,
        `${spread(timing.recordWrites, 'µs', 0)} / ${spread(timing.restampWrites, 'µs', 0)}`,
        '—',
        '',
      ],
    );
  }
}

/**
 * What the variant's setting costs each write, from the same rounds: the default's throughput as a
 * share of the variant's (the median of each round's ratio), and the server CPU of each.
 */
function variantRows(
  engine: Engine,
  variant: Engine,
  writes: LoadTarget[],
  variantWrites: LoadTarget[],
  rounds: { targets: LoadResult[] }[],
  targets: LoadTarget[],
): void {
  writes.forEach((write, index) => {
    const other = variantWrites[index];
    if (!other) return;
    const ours = rounds.map((round) => round.targets[targets.indexOf(write)]);
    const theirs = rounds.map((round) => round.targets[targets.indexOf(other)]);
    const ratios = ours.map((run, round) => (run?.requestsPerSecond ?? 0) / (theirs[round]?.requestsPerSecond || 1));
    const cpu = (runs: (LoadResult | undefined)[]) => median(known(runs.map((run) => run?.cpuMicrosPerRequest)));
    rows.push([
      `load (${engine.label}): ${write.name}, default ÷ ${variant.label}`,
      `${percent(median(ratios))} of its throughput (rounds ${ratios.map(percent).join('/')}); server CPU ${cpu(ours).toFixed(0)} against ${cpu(theirs).toFixed(0)} µs/request`,
      '—',
      '',
    ]);
  });
}

/**
 * A sale as the load rows measured it on 2026-11-23, before the running totals, the price check
 * and the console: its server CPU from README's table of that day, its statements counted since
 * (the commit's code on one sale, PostgreSQL's log). Beside each run's own figures, a sale grown
 * dearer shows at once; the statements are the machine-independent part.
 */
const SALE_ON_2026_11_23: Record<string, { serverCpu: number; databaseCpu?: number; statements: number }> = {
  SQLite: { serverCpu: 313, statements: 7 },
  PostgreSQL: { serverCpu: 922, databaseCpu: 999, statements: 9 },
};

const percent = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;

function known(values: (number | undefined)[]): number[] {
  return values.filter((value) => value !== undefined);
}

function cpuText(values: (number | undefined)[]): string {
  const measured = known(values);
  return measured.length ? `; server CPU ${median(measured).toFixed(0)} µs/request` : '';
}

/** How the yardstick's CPU cost per request compares with a target's: the machine-independent ratio. */
function cpuRatio(bare: (number | undefined)[], target: (number | undefined)[]): number | undefined {
  const bareMeasured = known(bare);
  const targetMeasured = known(target);
  if (!bareMeasured.length || !targetMeasured.length) return undefined;
  return median(bareMeasured) / median(targetMeasured);
}

/**
 * This machine's speed swings with its neighbours; a fixed piece of work timed at the start lets a
 * reader tell a slower run from a slower build.
 */
function machineProbeMs(): number {
  const block = Buffer.alloc(1024 * 1024, 7);
  const started = performance.now();
  const hash = createHash('sha256');
  for (let index = 0; index < 256; index += 1) hash.update(block);
  hash.digest();
  return Math.round(performance.now() - started);
}

function print(): string {
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => (row[column] ?? '').length), 6));
  const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(' | ')} |`;
  return [
    line(['measure', 'value', 'budget', 'result']),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
  ].join('\n');
}

// `npm run bench -- scale`: the large data set's benchmark (bench/scale.ts), a run of its own.
if (process.argv[2] === 'scale') {
  await runScale();
  process.exit(process.exitCode ?? 0);
}

// `npm run bench -- chain`: the chain watcher's catch-up and matching (bench/chain.ts), a run of its own.
if (process.argv[2] === 'chain') {
  await runChainBench();
  process.exit(process.exitCode ?? 0);
}

const only = new Set(process.argv.slice(2));
const wants = (section: string) => only.size === 0 || only.has(section);

if (!fs.existsSync(path.join('dist', 'index.html'))) throw new Error('no build in dist/: run npm run build first');
rows.push(['machine: a fixed CPU task (SHA-256 of 256 MB; compare runs by it)', `${machineProbeMs()} ms`, '—', '']);
if (wants('bundle')) bundleRows();
if (wants('lighthouse') || wants('offline') || wants('load')) {
  const server = await startServer({ env: BENCH_ENV });
  try {
    if (wants('lighthouse')) await lighthouseRows(server.baseUrl);
    if (wants('offline')) await offlineRows(server.baseUrl);
    if (wants('load')) {
      // What SQLITE_SYNCHRONOUS=normal would save: the same writes on a server that has it.
      const normal = { SQLITE_SYNCHRONOUS: 'normal' };
      const variant = await startServer({ env: { ...BENCH_ENV, ...normal } });
      try {
        await loadRows({
          label: 'SQLite',
          server,
          env: {},
          variant: { label: 'SQLITE_SYNCHRONOUS=normal', server: variant, env: normal },
        });
      } finally {
        await variant.stop();
      }
    }
  } finally {
    await server.stop();
  }
}
if (wants('load')) {
  const cluster = await startPostgresCluster({ durable: true });
  try {
    const env = { DATABASE_URL: cluster.url };
    const server = await startServer({ env: { ...BENCH_ENV, ...env } });
    try {
      await loadRows({ label: 'PostgreSQL', server, env, databasePids: () => postgresPids(cluster.dataDir) });
    } finally {
      await server.stop();
    }
  } finally {
    cluster.stop();
  }
}
if (wants('sign-in')) await signInRows();
const table = print();
console.log(table);
fs.mkdirSync(path.join('bench', 'out'), { recursive: true });
fs.writeFileSync(path.join('bench', 'out', 'latest.md'), `${table}\n`);
