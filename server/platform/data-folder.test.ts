import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startServer } from '../../e2e/server';
import { openDatabase } from './database/database';
import { tightenDataFolder } from './data-folder';
import { composeMail, outboxMailer } from './mail/mailer';

let dir: string;
let umask: number;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-data-folder-'));
  // The usual umask, which left group and others able to read what the server wrote.
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  vi.useRealTimers();
  fs.rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.lstatSync(file).mode & 0o777;

/** A data folder as releases before this one left it: folders 0755, files 0644. */
function folderFromBefore(data: string): void {
  for (const folder of [data, path.join(data, 'outbox'), path.join(data, 'uploads')]) {
    fs.mkdirSync(folder, { recursive: true });
    fs.chmodSync(folder, 0o755);
  }
  for (const file of ['wallet.db', 'wallet.db-wal', 'wallet.db-shm', 'outbox/1.txt', 'uploads/a.png']) {
    if (!fs.existsSync(path.join(data, file))) fs.writeFileSync(path.join(data, file), 'secret');
    fs.chmodSync(path.join(data, file), 0o644);
  }
}

describe('the data folder', () => {
  it('loses group and other permissions, its database files, outbox and uploads with it, and nothing through a link', () => {
    const data = path.join(dir, 'data');
    folderFromBefore(data);
    const elsewhere = path.join(dir, 'elsewhere.txt');
    fs.writeFileSync(elsewhere, 'not the server’s');
    fs.chmodSync(elsewhere, 0o644);
    fs.symlinkSync(elsewhere, path.join(data, 'outbox', 'link.txt'));
    fs.symlinkSync(elsewhere, path.join(data, 'wallet.db-journal'));

    const tightened = tightenDataFolder(data);
    expect(tightened.map((entry) => [path.relative(data, entry.path), entry.from, entry.to])).toEqual([
      ['', 0o755, 0o700],
      ['wallet.db', 0o644, 0o600],
      ['wallet.db-wal', 0o644, 0o600],
      ['wallet.db-shm', 0o644, 0o600],
      ['outbox', 0o755, 0o700],
      ['outbox/1.txt', 0o644, 0o600],
      ['uploads', 0o755, 0o700],
      ['uploads/a.png', 0o644, 0o600],
    ]);
    expect(modeOf(elsewhere)).toBe(0o644);
    expect(tightenDataFolder(data)).toEqual([]);
    expect(tightenDataFolder(path.join(dir, 'not-yet'))).toEqual([]);
  });

  it('gets each e-mail of the outbox as a file of its own, 0600, in a 0700 folder, never written through a link', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T08:00:00.000Z'));
    const outbox = path.join(dir, 'data', 'outbox');
    const mailer = outboxMailer(outbox, Fastify().log);
    const mail = composeMail({ to: 'a@example.com', lang: 'en', antiPhishing: '', subject: 'Code', text: '123456' });
    await mailer.send(mail);
    const [first] = fs.readdirSync(outbox);
    expect([modeOf(path.join(dir, 'data')), modeOf(outbox), modeOf(path.join(outbox, first ?? ''))]).toEqual([
      0o700, 0o700, 0o600,
    ]);

    // The next name, taken by a link to a file elsewhere: the mail fails rather than write there.
    const elsewhere = path.join(dir, 'elsewhere.txt');
    fs.symlinkSync(elsewhere, path.join(outbox, (first ?? '').replace('-000001.txt', '-000002.txt')));
    await expect(mailer.send(mail)).rejects.toThrow('EEXIST');
    expect(fs.existsSync(elsewhere)).toBe(false);
  });

  it('is made private when the server starts on one from before, which the log says', async () => {
    const data = path.join(dir, 'data');
    await (await openDatabase({ sqliteFile: path.join(data, 'wallet.db') })).close();
    folderFromBefore(data);
    fs.rmSync(path.join(data, 'wallet.db-wal'));
    fs.rmSync(path.join(data, 'wallet.db-shm'));
    const logFile = path.join(dir, 'server.log');
    const server = await startServer({
      dataDir: data,
      staticDir: path.join(dir, 'no-build'),
      logFile,
      env: { LOG_LEVEL: 'warn', DEMO: '0' },
    });
    try {
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      const modes = Object.fromEntries(
        ['', 'wallet.db', 'wallet.db-wal', 'wallet.db-shm', 'outbox', 'outbox/1.txt', 'uploads', 'uploads/a.png'].map(
          (entry) => [entry, modeOf(path.join(data, entry)).toString(8)],
        ),
      );
      expect(modes).toEqual({
        '': '700',
        'wallet.db': '600',
        'wallet.db-wal': '600',
        'wallet.db-shm': '600',
        outbox: '700',
        'outbox/1.txt': '600',
        uploads: '700',
        'uploads/a.png': '600',
      });
    } finally {
      await server.stop();
    }
    const warning = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .find((line) => line.includes('group and other permissions'));
    expect(warning && JSON.parse(warning)).toMatchObject({ tightened: 6 });
  }, 60_000);
});
