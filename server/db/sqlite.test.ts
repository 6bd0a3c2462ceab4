import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db, Transaction } from './database';
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
});
