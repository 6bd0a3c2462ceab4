import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

const CONNECTIONS = 100;

/** One bounded run: loopback only, fixed connections, fixed seconds. */
export async function hammer(
  name: string,
  url: string,
  body: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Starts bench/bare-server.ts in its own process; resolves with its URL and a stop function. */
export async function startBareServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', () => reject(new Error('the bare server exited')));
  });
  return { url: `http://127.0.0.1:${port}/bare`, stop: () => child.kill('SIGTERM') };
}
