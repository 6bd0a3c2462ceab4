import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../test-support';
import { CONNECTION_TIMEOUTS } from './connection-limits';

let server: TestServer | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.length = 0;
  await server?.close();
  server = undefined;
});

async function listening(options: Parameters<typeof startTestServer>[0] = {}): Promise<number> {
  server = await startTestServer(options);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return (server.app.server.address() as AddressInfo).port;
}

/** A raw connection, and when it was closed by the server (ms after it opened). */
function connect(port: number): Promise<{ socket: net.Socket; closedAfter: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.once('error', reject);
    socket.once('connect', () => {
      const opened = Date.now();
      const closedAfter = new Promise<number>((done) => socket.once('close', () => done(Date.now() - opened)));
      socket.on('error', () => undefined);
      // Read whatever the server answers, so its end of the connection is seen.
      socket.resume();
      resolve({ socket, closedAfter });
    });
  });
}

describe('connections', () => {
  it('closes a request whose header never ends within the header time-out', async () => {
    const port = await listening();
    const { socket, closedAfter } = await connect(port);
    socket.write('POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\n');
    const after = await closedAfter;
    expect(after).toBeLessThanOrEqual(CONNECTION_TIMEOUTS.headersMs + CONNECTION_TIMEOUTS.checkEveryMs + 1000);
    expect(after).toBeLessThanOrEqual(30_000);
  }, 20_000);

  it('closes connections from one address beyond the limit at once, and says so in the log', async () => {
    const port = await listening({ limits: { connectionsPerIp: 3 } });
    const warnings = vi.spyOn(server!.app.log, 'warn');
    const kept = await Promise.all([connect(port), connect(port), connect(port)]);
    const extra = await connect(port);
    expect(await extra.closedAfter).toBeLessThan(1000);
    for (const { socket } of kept) expect(socket.destroyed).toBe(false);
    expect(warnings).toHaveBeenCalledWith(expect.objectContaining({ limit: 3 }), expect.stringContaining('too many'));
  });
});
