import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabase } from '../../testing/test-support';
import type { NodeMessages } from './sql';
import { toPostgres } from './dialect';
import { nodeMessages, openPostgres, type ListenerTiming } from './postgres';

/** The listeners of server/platform/database/postgres.ts against a real PostgreSQL (the PostgreSQL run only). */
let dir: string;
let database: Awaited<ReturnType<typeof testDatabase>>;
let url: string;
let admin: pg.Client;
const stops: (() => Promise<void>)[] = [];

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-listener-'));
  database = await testDatabase(dir);
  url = database.config.databaseUrl ?? '';
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
});
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
  await admin.end();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Messages as a node has them, over `through` (the database itself unless a test puts a proxy between). */
function messagesVia(through: string, timing: Partial<ListenerTiming>): NodeMessages {
  return nodeMessages(
    through,
    async (sql, params) => {
      await admin.query(toPostgres(sql).text, params);
    },
    { heartbeatMs: 60_000, answerMs: 2000, retryMs: 50, ...timing },
  );
}

/** A listener on `channel` that records what it hears, loses and catches up. */
async function listenOn(messages: NodeMessages, channel: string) {
  const heard: string[] = [];
  const lost: Error[] = [];
  let catchUps = 0;
  stops.push(
    await messages.listen(channel, (payload) => heard.push(payload), {
      lost: (error) => lost.push(error),
      catchUp: () => (catchUps += 1),
    }),
  );
  return { heard, lost, catchUps: () => catchUps };
}

/** The other connections to the test's database: its listeners. */
async function backends(): Promise<number[]> {
  const found = await admin.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return found.rows.map((row) => row.pid);
}

/**
 * A TCP relay to the database that can go silent: connections open at that moment stay open but
 * carry nothing either way, as over a network path that dropped without a word. Connections
 * opened afterwards pass.
 */
async function silenceableRelay(target: URL) {
  const open: { silent: boolean }[] = [];
  const sockets: net.Socket[] = [];
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const state = { silent: false };
    open.push(state);
    sockets.push(client, upstream);
    client.on('data', (chunk: Buffer) => state.silent || upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => state.silent || client.write(chunk));
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const through = new URL(target);
  through.hostname = '127.0.0.1';
  through.port = String((relay.address() as AddressInfo).port);
  stops.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => relay.close(resolve));
  });
  return {
    url: through.toString(),
    silence: () => open.forEach((state) => (state.silent = true)),
  };
}

describe('a node listening for the other nodes', () => {
  it('listens again when its connection is killed, catches up, and hears messages again', async () => {
    const messages = messagesVia(url, {});
    const listener = await listenOn(messages, 'test_channel');
    await messages.notify('test_channel', 'before');
    await expect.poll(() => listener.heard).toEqual(['before']);

    const [listening, ...others] = await backends();
    expect(others).toEqual([]);
    await admin.query('SELECT pg_terminate_backend($1)', [listening]);
    await expect.poll(() => listener.catchUps()).toBe(1);
    expect(listener.lost).toHaveLength(1);
    await messages.notify('test_channel', 'after');
    await expect.poll(() => listener.heard).toEqual(['before', 'after']);
    await expect.poll(backends).toHaveLength(1);
  });

  it('drops a connection that stops answering its heartbeat, listens again and catches up', async () => {
    const relay = await silenceableRelay(new URL(url));
    const messages = messagesVia(relay.url, { heartbeatMs: 100, answerMs: 300 });
    const listener = await listenOn(messages, 'test_channel');
    await messages.notify('test_channel', 'before');
    await expect.poll(() => listener.heard).toEqual(['before']);

    relay.silence();
    await expect.poll(() => listener.catchUps(), { timeout: 3000 }).toBe(1);
    expect(listener.lost.map((error) => error.message)).toEqual([expect.stringContaining('heartbeat')]);
    await messages.notify('test_channel', 'after');
    await expect.poll(() => listener.heard).toEqual(['before', 'after']);
  });

  it("names the pool's connections and the listeners' apart in pg_stat_activity", async () => {
    const db = await openPostgres(url);
    stops.push(() => db.close());
    if (!db.messages) throw new Error('a node on PostgreSQL hears the others through its messages');
    await listenOn(db.messages, 'test_channel');
    await db.get('SELECT 1');
    const names = await admin.query<{ name: string }>(
      `SELECT DISTINCT application_name AS name FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() ORDER BY name`,
    );
    expect(names.rows.map((row) => row.name)).toEqual(['wallet', 'wallet listener: test_channel']);
  });

  it('ends the connection of a LISTEN that fails, leaving none open', async () => {
    const messages = messagesVia(url, {});
    // An empty channel name is a syntax error: the connection is made, its LISTEN refused.
    await expect(
      messages.listen('', () => undefined, { lost: () => undefined, catchUp: () => undefined }),
    ).rejects.toThrow('zero-length');
    await expect.poll(backends).toEqual([]);
  });
});
