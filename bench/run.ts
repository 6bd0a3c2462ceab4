import fs from 'node:fs';
import path from 'node:path';
import { startServer } from '../e2e/server';
import { measureBundle } from './bundle';
import { runLighthouse, type LighthouseScores } from './lighthouse';
import { hammer, startBareServer, type LoadResult } from './load';
import { measureOfflineReopen } from './offline';

/**
 * `npm run bench`: one table of every quality bar — bundle sizes, Lighthouse on the sign-in
 * screen, the offline reopen on a throttled phone, and server throughput beside a bare Fastify
 * route measured in the same run. Loopback only; every load run is bounded in time.
 */
const KB = 1024;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const WARMUP_SECONDS = 2;

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
  const timings = await measureOfflineReopen(baseUrl, 5);
  rows.push([
    'offline reopen to cached balance, Pixel 7, CPU 4× (median of 5)',
    `${median(timings)} ms (max ${Math.max(...timings)})`,
    '≤ 1000 ms',
    verdict(median(timings) <= 1000),
  ]);
}

async function loadRows(baseUrl: string): Promise<void> {
  const login = (await (
    await fetch(`${baseUrl}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'account=demo&password=Demo12345&lang=en',
    })
  ).json()) as { data: { token: string } };
  const auth = { 'access-token': login.data.token };
  const bare = await startBareServer();
  const targets: { name: string; url: string; body: string; headers: Record<string, string> }[] = [
    { name: 'bare Fastify route', url: bare.url, body: 'lang=en', headers: {} },
    {
      name: 'userinfo/get-money-info',
      url: `${baseUrl}/api/v1/userinfo/get-money-info`,
      body: 'lang=en',
      headers: auth,
    },
    {
      name: 'selling/order',
      url: `${baseUrl}/api/v1/selling/order`,
      body: 'page=1&page_size=10&lang=en',
      headers: auth,
    },
  ];
  try {
    // Interleaved rounds, so a noisy neighbour on this machine hits every target alike.
    const results = new Map<string, LoadResult[]>();
    for (const target of targets) await hammer(target.name, target.url, target.body, target.headers, WARMUP_SECONDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of targets) {
        const result = await hammer(target.name, target.url, target.body, target.headers, LOAD_SECONDS);
        results.set(target.name, [...(results.get(target.name) ?? []), result]);
      }
    }
    const summary = (name: string) => {
      const runs = results.get(name) ?? [];
      return {
        rps: median(runs.map((run) => run.requestsPerSecond)),
        p99: median(runs.map((run) => run.p99Ms)),
        failures: runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0),
      };
    };
    const baseline = summary('bare Fastify route');
    rows.push([
      `load: bare Fastify route (100 connections, median of ${ROUNDS} × ${LOAD_SECONDS} s)`,
      `${baseline.rps} req/s, p99 ${baseline.p99} ms`,
      'yardstick',
      '',
    ]);
    for (const target of targets.slice(1)) {
      const result = summary(target.name);
      const ratio = result.rps / baseline.rps;
      rows.push([
        `load: ${target.name}`,
        `${result.rps} req/s (${(ratio * 100).toFixed(0)} % of bare), p99 ${result.p99} ms${result.failures ? `, ${result.failures} failed` : ''}`,
        '≥ 50 % of bare, p99 ≤ 10 ms',
        verdict(ratio >= 0.5 && result.p99 <= 10 && result.failures === 0),
      ]);
    }
    await hammer('user/login', `${baseUrl}/api/v1/user/login`, 'account=demo&password=Demo12345&lang=en', {}, 1);
    const logins = await hammer(
      'user/login',
      `${baseUrl}/api/v1/user/login`,
      'account=demo&password=Demo12345&lang=en',
      {},
      5,
    );
    rows.push([
      'load: user/login (scrypt, on purpose; 5 s)',
      `${logins.requestsPerSecond} req/s, p99 ${logins.p99Ms} ms`,
      '—',
      '',
    ]);
  } finally {
    bare.stop();
  }
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

const only = new Set(process.argv.slice(2));
const wants = (section: string) => only.size === 0 || only.has(section);

if (!fs.existsSync(path.join('dist', 'index.html'))) throw new Error('no build in dist/: run npm run build first');
if (wants('bundle')) bundleRows();
if (wants('lighthouse') || wants('offline') || wants('load')) {
  const server = await startServer(undefined, { LIMIT_REQUESTS_PER_MINUTE: '100000000' });
  try {
    if (wants('lighthouse')) await lighthouseRows(server.baseUrl);
    if (wants('offline')) await offlineRows(server.baseUrl);
    if (wants('load')) await loadRows(server.baseUrl);
  } finally {
    await server.stop();
  }
}
const table = print();
console.log(table);
fs.mkdirSync(path.join('bench', 'out'), { recursive: true });
fs.writeFileSync(path.join('bench', 'out', 'latest.md'), `${table}\n`);
