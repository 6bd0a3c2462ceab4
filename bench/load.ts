import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** Server CPU time (user + system) per answered request, where /proc tells it. */
  cpuMicrosPerRequest: number | undefined;
  /** The database server's CPU time per answered request (PostgreSQL's processes). */
  databaseCpuMicrosPerRequest: number | undefined;
  /** Statements the server sent per answered request, where the target tells its count. */
  statementsPerRequest: number | undefined;
}

export interface LoadTarget {
  name: string;
  url: string;
  body: string;
  headers: Record<string, string>;
  /** The serving process, whose CPU time is read around each run. */
  pid: number | undefined;
  /** The database server's processes, when it runs apart (PostgreSQL). */
  databasePids?: () => number[];
  /** How many statements the server has sent to its database so far (its metrics). */
  statementsSent?: () => Promise<number>;
}

const CONNECTIONS = 100;
const CLOCK_TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds a process has used so far (Linux); undefined elsewhere. */
function cpuMillis(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces; the fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

function totalCpuMillis(pids: number[]): number | undefined {
  const each = pids.map(cpuMillis).filter((value) => value !== undefined);
  return each.length ? each.reduce((sum, value) => sum + value, 0) : undefined;
}

/** PostgreSQL's postmaster (from its pid file) and every process it started. */
export function postgresPids(dataDir: string): number[] {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    });
  return [postmaster, ...children];
}

/** One bounded run: loopback only, fixed connections, fixed seconds. */
export async function hammer(target: LoadTarget, seconds: number): Promise<LoadResult> {
  const databasePids = target.databasePids?.() ?? [];
  const databaseBefore = totalCpuMillis(databasePids);
  const statementsBefore = await target.statementsSent?.();
  const cpuBefore = cpuMillis(target.pid);
  const result = await autocannon({
    url: target.url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    body: target.body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...target.headers },
  });
  const cpuAfter = cpuMillis(target.pid);
  const databaseAfter = totalCpuMillis(databasePids);
  const statementsAfter = await target.statementsSent?.();
  const answered = result.requests.total;
  return {
    name: target.name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuMicrosPerRequest:
      cpuBefore !== undefined && cpuAfter !== undefined && answered > 0
        ? ((cpuAfter - cpuBefore) * 1000) / answered
        : undefined,
    databaseCpuMicrosPerRequest:
      databaseBefore !== undefined && databaseAfter !== undefined && answered > 0
        ? ((databaseAfter - databaseBefore) * 1000) / answered
        : undefined,
    statementsPerRequest:
      statementsBefore !== undefined && statementsAfter !== undefined && answered > 0
        ? (statementsAfter - statementsBefore) / answered
        : undefined,
  };
}

/** Starts bench/bare-server.ts in its own process; resolves with its URL, pid and a stop function. */
export async function startBareServer(): Promise<{ url: string; pid: number | undefined; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', () => reject(new Error('the bare server exited')));
  });
  return { url: `http://127.0.0.1:${port}/bare`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}
