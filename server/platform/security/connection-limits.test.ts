import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-support';
import { CONNECTION_TIMEOUTS, connectionCap, openFileLimit } from './connection-limits';

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
function connect(port: number, from = '127.0.0.1'): Promise<{ socket: net.Socket; closedAfter: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
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
    // The production time-outs, as the server hands them to Node…
    await listening();
    expect(server?.app.server.headersTimeout).toBe(CONNECTION_TIMEOUTS.headersMs);
    expect(server?.app.server.requestTimeout).toBe(CONNECTION_TIMEOUTS.requestMs);
    await server?.close();
    // …and Node keeping one, shortened so that the test need not wait ten seconds.
    const headersMs = 1000;
    const checkEveryMs = 250;
    const port = await listening({ connectionTimeouts: { headersMs, checkEveryMs } });
    const { socket, closedAfter } = await connect(port);
    socket.write('POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\n');
    const after = await closedAfter;
    expect(after).toBeGreaterThanOrEqual(headersMs - 50);
    expect(after).toBeLessThanOrEqual(headersMs + checkEveryMs + 1000);
  });

  it('closes connections from one address beyond the limit at once, and says so in the log', async () => {
    const port = await listening({ limits: { connectionsPerIp: 3 } });
    const warnings = vi.spyOn(server!.app.log, 'warn');
    const kept = await Promise.all([connect(port), connect(port), connect(port)]);
    const extra = await connect(port);
    expect(await extra.closedAfter).toBeLessThan(1000);
    for (const { socket } of kept) expect(socket.destroyed).toBe(false);
    expect(warnings).toHaveBeenCalledWith(expect.objectContaining({ limit: 3 }), expect.stringContaining('too many'));
  });

  it('closes connections beyond the server-wide cap at once, whatever their addresses', async () => {
    const port = await listening({ limits: { connections: 4, connectionsPerIp: 100 } });
    const warnings = vi.spyOn(server!.app.log, 'warn');
    // Three addresses, each well under its own limit.
    const kept = await Promise.all(
      ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.2'].map((from) => connect(port, from)),
    );
    const extra = await connect(port, '127.0.0.5');
    expect(await extra.closedAfter).toBeLessThan(1000);
    expect(warnings).toHaveBeenCalledWith(expect.objectContaining({ limit: 4 }), expect.stringContaining('as many as'));
    kept[0]?.socket.destroy();
    await kept[0]?.closedAfter;
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/v1/none`, { method: 'POST' })).status)
      .toBe(404);
  });

  it('keeps the cap a fifth of the open-file limit below it, and reads the limit', () => {
    expect(connectionCap(10_000, 1024)).toBe(1024 - 204);
    expect(connectionCap(100_000, 20_000)).toBe(16_000);
    expect(connectionCap(500, 20_000)).toBe(500);
    expect(connectionCap(500, undefined)).toBe(500);
    expect(openFileLimit()).toBeGreaterThan(0);
  });

  it('cuts a reply that fails after it began, answers 503 out of descriptors and 400 for a refused value', async () => {
    server = await startTestServer();
    const errors = vi.spyOn(server.app.log, 'error');
    server.app.get('/halfway', async (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'text/plain' });
      reply.raw.write('part of a file');
      throw Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' });
    });
    server.app.get('/no-descriptors', async () => {
      throw Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' });
    });
    server.app.get('/refused-value', async () => {
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    await expect(fetch(`${base}/halfway`).then((response) => response.text())).rejects.toThrow();
    const refused = await fetch(`${base}/no-descriptors`);
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '1']);
    expect(await (await fetch(`${base}/refused-value`)).json()).toMatchObject({ code: 400 });
    expect(errors).not.toHaveBeenCalled();
  });
});
