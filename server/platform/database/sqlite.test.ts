import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseConfig, readConfig } from '../../config';
import { openDatabase } from './database';
import type { Db, Transaction } from './sql';
import { migrations } from './migrations';
import { openSqlite } from './sqlite';

let dir: string;
let db: Db;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-sqlite-'));
  db = await openSqlite(path.join(dir, 'wallet.db'));
  await db.exec("INSERT INTO settings (key, value) VALUES ('counter', '0')");
});
afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function counter(runner: Pick<Db, 'get'> = db): Promise<number> {
  return Number((await runner.get<{ value: string }>("SELECT value FROM settings WHERE key = 'counter'"))?.value);
}

describe('the SQLite engine', () => {
  it('runs transactions that await between statements one at a time', async () => {
    const increment = () =>
      db.transaction(async (tx) => {
        const seen = await counter(tx);
        await tick();
        await tx.run("UPDATE settings SET value = ? WHERE key = 'counter'", [String(seen + 1)]);
      });
    await Promise.all(Array.from({ length: 5 }, increment));
    expect(await counter()).toBe(5);
  });

  it('makes a statement from outside wait for the open transaction instead of reading into it', async () => {
    let outsideRead: Promise<number> | undefined;
    await db.transaction(async (tx) => {
      await tx.run("UPDATE settings SET value = '41' WHERE key = 'counter'");
      outsideRead = counter();
      await tick();
      await tx.run("UPDATE settings SET value = '42' WHERE key = 'counter'");
    });
    expect(await outsideRead).toBe(42);
  });

  it('rolls back a transaction that throws and refuses its handle afterwards', async () => {
    let kept: Transaction | undefined;
    await expect(
      db.transaction(async (tx) => {
        kept = tx;
        await tx.run("UPDATE settings SET value = '9' WHERE key = 'counter'");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await counter()).toBe(0);
    await expect(kept?.get('SELECT 1')).rejects.toThrow('already ended');
  });

  it('moves its commit version with every commit, made here or by another process, and never with a read', async () => {
    const version = () => db.commitVersion?.();
    const seen = new Set([version()]);
    const expectMoved = () => {
      expect(seen.has(version())).toBe(false);
      seen.add(version());
    };
    await counter();
    await db.all('SELECT * FROM settings');
    expect(seen.has(version())).toBe(true);
    await db.run("UPDATE settings SET value = '1' WHERE key = 'counter'");
    expectMoved();
    await db.insert("INSERT INTO settings (key, value) VALUES ('other', 'x') RETURNING rowid AS id");
    expectMoved();
    await db.transaction(async (tx) => {
      await tx.run("UPDATE settings SET value = '2' WHERE key = 'counter'");
    });
    expectMoved();
    await expect(
      db.transaction(async (tx) => {
        await tx.run("UPDATE settings SET value = '3' WHERE key = 'counter'");
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen.has(version())).toBe(true);
    // The operator CLI: another connection to the same file.
    const cli = new Database(path.join(dir, 'wallet.db'));
    try {
      cli.prepare("UPDATE settings SET value = '4' WHERE key = 'counter'").run();
      expectMoved();
    } finally {
      cli.close();
    }
    expect(await counter()).toBe(4);
  });
  it("reads what was committed when its turn's first read began, and writes past that at once", async () => {
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const cli = new Database(path.join(dir, 'wallet.db'));
    const cliSets = (value: string) => cli.prepare("UPDATE settings SET value = ? WHERE key = 'counter'").run(value);
    try {
      expect(await counter()).toBe(0);
      cliSets('5');
      expect(await counter()).toBe(0);
      await nextTurn();
      expect(await counter()).toBe(5);
      // A write of this server's own, after another process wrote past the turn's snapshot.
      cliSets('6');
      await db.run("UPDATE settings SET value = '7' WHERE key = 'counter'");
      expect(await counter()).toBe(7);
      cliSets('8');
      await db.transaction(async (tx) => {
        expect(await counter(tx)).toBe(8);
        await tx.run("UPDATE settings SET value = '9' WHERE key = 'counter'");
      });
      expect(await counter()).toBe(9);
    } finally {
      cli.close();
    }
  });
  it('commits a write that returns rows at once, past a snapshot another process has since written beyond', async () => {
    const cli = new Database(path.join(dir, 'wallet.db'));
    try {
      await db.run("UPDATE settings SET value = '0' WHERE key = 'counter'");
      // The version's second part counts this server's own commits.
      const ownCommits = () => db.commitVersion?.().split(':')[1];
      const ownBefore = ownCommits();
      expect(await counter()).toBe(0);
      cli.prepare("UPDATE settings SET value = '1' WHERE key = 'counter'").run();
      const returned = await db.get<{ value: string }>(
        "UPDATE settings SET value = CAST(value AS INTEGER) + 1 WHERE key = 'counter' RETURNING value",
      );
      expect(Number(returned?.value)).toBe(2);
      expect(Number(ownCommits())).toBe(Number(ownBefore) + 1);
      expect(Number(cli.prepare("SELECT value FROM settings WHERE key = 'counter'").pluck().get())).toBe(2);
    } finally {
      cli.close();
    }
  });
});

describe('the events table', () => {
  it('keeps its rows in order through the rebuild, and never hands out a deleted id again', async () => {
    const file = path.join(dir, 'before-autoincrement.db');
    const rebuild = migrations.findIndex(
      ({ migration }) => typeof migration === 'string' && migration.includes('CREATE TABLE events_next'),
    );
    const before = new Database(file);
    for (const { migration } of migrations.slice(0, rebuild)) {
      if (typeof migration !== 'string') throw new Error('the migrations before the rebuild are plain SQL');
      before.exec(migration);
    }
    before.pragma(`user_version = ${rebuild}`);
    before.exec(`
      INSERT INTO users (id, account, email, password_hash, nickname, invite_code, transfer_code, created_at)
        VALUES (1, 'someone', 'someone@example.com', '-', 'someone', 'INV1', 'TR1', '2026-11-22T08:00:00.000Z');
      INSERT INTO events (id, user_id, payload, created_at) VALUES
        (7, 1, 'first', '2026-11-22T08:00:00.000Z'), (9, 1, 'second', '2026-11-22T08:00:01.000Z');`);
    before.close();

    const upgraded = await openSqlite(file);
    try {
      const rows = await upgraded.all<{ id: number; payload: string }>('SELECT id, payload FROM events ORDER BY id');
      expect(rows.map((row) => row.payload)).toEqual(['first', 'second']);
      const highest = Math.max(...rows.map((row) => row.id));
      await upgraded.run('DELETE FROM events');
      const next = await upgraded.insert(
        "INSERT INTO events (user_id, payload, created_at) VALUES (1, 'third', '2026-11-22T09:00:00.000Z')",
      );
      expect(next).toBeGreaterThan(highest);
    } finally {
      await upgraded.close();
    }
  });
});

describe('durability', () => {
  /** `PRAGMA synchronous` of a database opened as the server and the CLI open it: 2 is FULL, 1 NORMAL. */
  async function synchronousFrom(env: NodeJS.ProcessEnv): Promise<number | undefined> {
    const opened = await openDatabase(databaseConfig(readConfig({ DATA_DIR: path.join(dir, 'data'), ...env })));
    try {
      return (await opened.get<{ synchronous: number }>('PRAGMA synchronous'))?.synchronous;
    } finally {
      await opened.close();
    }
  }

  it('writes each commit to the disk before it returns, unless SQLITE_SYNCHRONOUS=normal says otherwise', async () => {
    expect(await synchronousFrom({})).toBe(2);
    expect(await synchronousFrom({ SQLITE_SYNCHRONOUS: 'full' })).toBe(2);
    expect(await synchronousFrom({ SQLITE_SYNCHRONOUS: 'normal' })).toBe(1);
    expect(() => readConfig({ SQLITE_SYNCHRONOUS: 'off' })).toThrow('SQLITE_SYNCHRONOUS must be full or normal');
  });
});

describe('its files', () => {
  it('are its own user’s alone from the start: the folder 0700, the database and its -wal and -shm 0600', async () => {
    const umask = process.umask(0o022);
    const folder = path.join(dir, 'new', 'data');
    try {
      const fresh = await openSqlite(path.join(folder, 'wallet.db'));
      try {
        await fresh.exec("INSERT INTO settings (key, value) VALUES ('written', '1')");
        const modes = ['', 'wallet.db', 'wallet.db-wal', 'wallet.db-shm'].map((name) =>
          (fs.statSync(path.join(folder, name)).mode & 0o777).toString(8),
        );
        expect(modes).toEqual(['700', '600', '600', '600']);
      } finally {
        await fresh.close();
      }
    } finally {
      process.umask(umask);
    }
  });
});
