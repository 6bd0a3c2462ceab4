import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/**
 * A throwaway PostgreSQL cluster for tests and benches: initdb into a temporary folder, started
 * on a free loopback port with durability off (nothing here outlives the run), stopped and
 * deleted afterwards. Uses the server binaries of Debian's `postgresql` package, or those in
 * `PG_BIN`. As root, the binaries run as the `postgres` user (initdb refuses root).
 */
export interface PostgresCluster {
  /** A URL of the cluster's `postgres` database, as its superuser. */
  url: string;
  /** The cluster's data folder (its postmaster.pid tells the server's process). */
  dataDir: string;
  stop(): void;
}

const POSTGRES_MISSING = `PostgreSQL's server binaries were not found, and the server's tests run on PostgreSQL too.
Install them (Debian/Ubuntu: apt-get install postgresql; .ci/run does this), or set PG_BIN to the
folder holding initdb and pg_ctl, or set TEST_DATABASE_URL to a PostgreSQL server you may create
databases on.`;

/** The folder of PostgreSQL's server binaries: PG_BIN, else Debian's newest; undefined when none. */
export function findPostgresBin(): string | undefined {
  const candidates = [process.env.PG_BIN];
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debian, version, 'bin')));
  }
  return candidates.find(
    (dir) => dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')),
  );
}

/**
 * `durable` keeps PostgreSQL's own defaults for writing to disk: a commit returns once its WAL is
 * on the disk, as SQLite's is by default (synchronous=FULL), so the bench compares like with
 * like. Tests need no durability: without it, commits return before their WAL is written.
 */
export async function startPostgresCluster(options: { durable?: boolean } = {}): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-pg-'));
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    execFileSync(command, fullArgs, { stdio: 'pipe', cwd: dir });
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--locale=C', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    ...(options.durable ? [] : ['-c synchronous_commit=off', '-c fsync=off', '-c full_page_writes=off']),
    '-c max_connections=300',
  ].join(' ');
  run('pg_ctl', ['-D', data, '-o', serverOptions, '-l', path.join(dir, 'log'), '-w', 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir: data,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
