import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A node that lies: a JSON-RPC server on loopback in front of a real one (the local chain), which
 * passes every call through unless the test changes its answer, sends another chain's answers
 * instead, is down, or pads an answer to many megabytes. The red team's proxies, for tests.
 */
export interface NodeProxy {
  url: string;
  /** Where calls go: the local chain's URL, or another chain's. */
  target: string;
  /** Every request refused at the HTTP level (a node that is down). */
  down: boolean;
  /** Answers a call itself: return `undefined` to pass it on to the target. */
  answer: ((method: string, params: unknown[]) => Promise<unknown>) | undefined;
  /** Changes the target's result of a call before it is sent back. */
  change: ((method: string, params: unknown[], result: unknown) => unknown) | undefined;
  /** Pads the answer of the calls it returns a size for with that many bytes of whitespace. */
  bloat: ((method: string, params: unknown[]) => number | undefined) | undefined;
  /** Bytes of padding written before each bloated answer ended or its reader went away. */
  readonly padded: number[];
  /** The methods called, in order. */
  readonly calls: string[];
  close(): Promise<void>;
}

const PAD_CHUNK = ' '.repeat(64 * 1024);

/** Until the socket can take more, or has gone. */
function drainedOrClosed(outgoing: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      outgoing.off('drain', done);
      outgoing.off('close', done);
      resolve();
    };
    outgoing.on('drain', done);
    outgoing.on('close', done);
  });
}

export async function startNodeProxy(target: string): Promise<NodeProxy> {
  const proxy: NodeProxy = {
    url: '',
    target,
    down: false,
    answer: undefined,
    change: undefined,
    bloat: undefined,
    padded: [],
    calls: [],
    close: async () => undefined,
  };

  async function resultOf(method: string, params: unknown[]): Promise<{ result?: unknown; error?: unknown }> {
    const own = await proxy.answer?.(method, params);
    if (own !== undefined) return { result: own };
    const response = await fetch(proxy.target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: unknown };
    if (body.error !== undefined) return { error: body.error };
    return { result: proxy.change ? proxy.change(method, params, body.result) : body.result };
  }

  /** Writes `size` bytes of whitespace, a chunk at a time as the reader takes them, until it goes away. */
  async function pad(outgoing: http.ServerResponse, size: number): Promise<number> {
    let written = 0;
    while (written < size && !outgoing.destroyed) {
      const chunk = PAD_CHUNK.slice(0, Math.min(PAD_CHUNK.length, size - written));
      written += chunk.length;
      if (!outgoing.write(chunk)) await drainedOrClosed(outgoing);
    }
    return written;
  }

  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void (async () => {
        if (proxy.down) {
          outgoing.writeHead(503).end('down');
          return;
        }
        const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          id: unknown;
          method: string;
          params?: unknown[];
        };
        const params = call.params ?? [];
        proxy.calls.push(call.method);
        const reply = JSON.stringify({ jsonrpc: '2.0', id: call.id, ...(await resultOf(call.method, params)) });
        const size = proxy.bloat?.(call.method, params);
        outgoing.writeHead(200, { 'content-type': 'application/json' });
        if (size === undefined) {
          outgoing.end(reply);
          return;
        }
        proxy.padded.push(await pad(outgoing, size));
        outgoing.end(reply);
      })().catch(() => outgoing.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  proxy.url = `http://127.0.0.1:${port}`;
  proxy.close = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  };
  return proxy;
}
