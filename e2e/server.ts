import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../server/testing/free-port';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Until the server answers at all: a page, an error, anything but a refused connection. */
async function waitUntilListening(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${url} did not start`);
}

/** A file the child process appends its output to (its own descriptor, closed in this process). */
function logTo(file: string): number {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return fs.openSync(file, 'a');
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** The server's process id, for benchmarks that read its CPU time. */
  pid: number | undefined;
  /** Shuts the server down; a fresh data folder goes with it, a given one stays. */
  stop(): Promise<void>;
  /** Kills the server with SIGKILL, as a power cut would, and leaves its files as they are. */
  crash(): Promise<void>;
}

export interface ServerOptions {
  /** The built app to serve; dist/ by default. */
  staticDir?: string;
  /** A data folder to start on, e.g. to restart after a crash; a fresh one by default. */
  dataDir?: string;
  /** Extra environment, over the defaults below. */
  env?: Record<string, string>;
  /** Where the server's log (stdout and stderr) goes; by default only stderr, to the terminal. */
  logFile?: string;
  /** The port to listen on (a node restarted behind a balancer keeps its own); a free one by default. */
  port?: number;
}

/**
 * The real server in a process of its own, on a free port, with demo data. Every test signs up its
 * own customer from one IP, so the rate limits are generous here; the limits themselves are
 * tested in the server tests.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-e2e-'));
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: options.staticDir ?? path.join(ROOT, 'dist'),
      DEMO: '1',
      LOG_LEVEL: 'warn',
      LIMIT_REQUESTS_PER_MINUTE: '100000',
      LIMIT_CODES_PER_IP_HOUR: '100000',
      LIMIT_REGISTRATIONS_PER_IP_HOUR: '100000',
      LIMIT_SIGN_INS_PER_IP_HOUR: '100000',
      // The suite's workers sign up and sign in at once from one machine; the cap itself is tested
      // in the server tests.
      LIMIT_HASHES_AT_ONCE: '4',
      // Short enough that a test can wait out the resend countdown, long enough to see it.
      LIMIT_CODE_RESEND_SECONDS: '5',
      // Several servers run at once here; a test that reads the metrics gives each its own port.
      METRICS_PORT: 'off',
      ...options.env,
    },
    stdio: options.logFile
      ? ['ignore', logTo(options.logFile), logTo(options.logFile)]
      : ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilListening(`${baseUrl}/`, Date.now() + 30_000);
  return {
    baseUrl,
    dataDir,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
