import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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

/**
 * Starts the real server on a fresh data folder and a free port, with demo data, and hands the
 * address to the tests through the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = path.resolve(import.meta.dirname, '..');
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-e2e-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(root, 'dist'),
      DEMO: '1',
      LOG_LEVEL: 'warn',
      // Every test signs up its own customer from one IP; the limits themselves are tested in server tests.
      LIMIT_REQUESTS_PER_MINUTE: '100000',
      LIMIT_CODES_PER_IP_HOUR: '100000',
      LIMIT_REGISTRATIONS_PER_IP_HOUR: '100000',
      // Short enough that a test can wait out the resend countdown, long enough to see it.
      LIMIT_CODE_RESEND_SECONDS: '5',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${baseUrl}/`, Date.now() + 30_000);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
