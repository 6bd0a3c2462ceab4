import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, startServer } from './server';

/** Builds the app if needed and starts the server every test talks to. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
