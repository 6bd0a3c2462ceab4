import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** A port the OS says is free right now (nothing here assumes a fixed port). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilServing(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${url} did not start`);
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** The server's process id, for benchmarks that read its CPU time. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * The real server on a fresh data folder and a free port, with demo data. Every test signs up its
 * own customer from one IP, so the rate limits are generous here; the limits themselves are
 * tested in the server tests.
 */
export async function startServer(
  staticDir = path.join(ROOT, 'dist'),
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-e2e-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      LIMIT_REQUESTS_PER_MINUTE: '100000',
      LIMIT_CODES_PER_IP_HOUR: '100000',
      LIMIT_REGISTRATIONS_PER_IP_HOUR: '100000',
      // Short enough that a test can wait out the resend countdown, long enough to see it.
      LIMIT_CODE_RESEND_SECONDS: '5',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${baseUrl}/`, Date.now() + 30_000);
  return {
    baseUrl,
    dataDir,
    pid: child.pid,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
