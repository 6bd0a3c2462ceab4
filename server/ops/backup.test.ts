import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../platform/database/database';
import { cliUser, decide } from '../review/review';
import { freshServerPerTest, opsOutput, pendingRecharge, signUp, type TestServer } from '../testing/test-support';

let server: TestServer;
freshServerPerTest((started) => (server = started), { demo: true, checkLedger: true });

/** Each customer's balance and the sum of their ledger lines up to the last one in `lines`. */
interface Books {
  balances: { id: number; balance: number }[];
  lines: { id: number; user_id: number; amount: number }[];
}

async function books(db: TestServer['db']): Promise<Books> {
  return {
    balances: await db.all('SELECT id, balance FROM users ORDER BY id'),
    lines: await db.all('SELECT id, user_id, amount FROM ledger ORDER BY id'),
  };
}

describe('npm run ops -- backup', () => {
  it('copies the database while the server writes, and the copy restores into a server whose books agree', async () => {
    if (server.db.dialect !== 'sqlite') return;
    const recharges: number[] = [];
    for (let customers = 0; customers < 5; customers += 1) {
      const customer = await signUp(server);
      for (let count = 0; count < 5; count += 1) {
        recharges.push(await pendingRecharge(server, customer, `${10 + count}.25`));
      }
    }
    const dir = fs.mkdtempSync(path.join(server.dir, 'backup-'));
    const file = path.join(dir, 'wallet-backup.db');

    // A bounded write load (20 approvals, each a ledger line) while the CLI, on a connection of its
    // own as in another process, takes the copy; 5 more approvals come after it.
    const during = recharges.slice(0, 20);
    let approved = 0;
    const load = (async () => {
      for (const id of during) {
        await decide(server.app.wallet, 'recharge', 'approve', id, cliUser('load'));
        approved += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (approved < 5) await new Promise((resolve) => setTimeout(resolve, 5));
    const cli = await openDatabase({ sqliteFile: server.database.sqliteFile });
    let printed: string[];
    try {
      printed = await opsOutput(cli, 'backup', file);
    } finally {
      await cli.close();
    }
    await load;
    for (const id of recharges.slice(20)) await decide(server.app.wallet, 'recharge', 'approve', id, cliUser('load'));
    expect(printed.join('\n')).toMatch(/^backed up to .*wallet-backup\.db \(\d+ bytes, \d+ ms\); checked: ok$/);
    await expect(opsOutput(server.db, 'backup', file)).rejects.toThrow('exists already');

    // Restored into a new data folder, as docs/operations.md says: the copy becomes wallet.db there.
    const restoredDir = fs.mkdtempSync(path.join(server.dir, 'restored-'));
    fs.copyFileSync(file, path.join(restoredDir, 'wallet.db'));
    const restored = await openDatabase({ sqliteFile: path.join(restoredDir, 'wallet.db') });
    try {
      expect((await opsOutput(restored, 'check')).at(-1)).toMatch(/^ok: /);
      const copy = await books(restored);
      const live = await books(server.db);
      // The copy is the live books as they stood at one moment: a prefix of the ledger, each
      // balance the sum of its customer's lines in that prefix.
      expect(copy.lines).toEqual(live.lines.slice(0, copy.lines.length));
      expect(copy.lines.length).toBeLessThan(live.lines.length);
      for (const { id, balance } of copy.balances) {
        const sum = copy.lines.filter((line) => line.user_id === id).reduce((total, line) => total + line.amount, 0);
        expect(balance, `customer ${id}`).toBe(sum);
      }
      const app = await buildApp({ db: restored, dataDir: restoredDir, logLevel: 'silent', chainPollMs: false });
      try {
        const ready = await app.inject({ url: '/readyz' });
        expect([ready.statusCode, ready.body]).toEqual([200, 'ready']);
      } finally {
        await app.close();
      }
    } finally {
      await restored.close();
    }
  });

  it('refuses a link at the name, dangling or not, and writes nothing where it points', async () => {
    if (server.db.dialect !== 'sqlite') return;
    const dir = fs.mkdtempSync(path.join(server.dir, 'backup-'));
    const pointedAt = path.join(dir, 'elsewhere', 'wallet.db');
    fs.mkdirSync(path.dirname(pointedAt));
    fs.symlinkSync(pointedAt, path.join(dir, 'dangling.db'));
    await expect(opsOutput(server.db, 'backup', path.join(dir, 'dangling.db'))).rejects.toThrow(
      'exists already (a file or a link)',
    );
    expect(fs.existsSync(pointedAt)).toBe(false);

    fs.writeFileSync(path.join(dir, 'kept.txt'), 'kept');
    fs.symlinkSync(path.join(dir, 'kept.txt'), path.join(dir, 'link.db'));
    await expect(opsOutput(server.db, 'backup', path.join(dir, 'link.db'))).rejects.toThrow('exists already');
    expect(fs.readFileSync(path.join(dir, 'kept.txt'), 'utf8')).toBe('kept');
    expect(fs.readdirSync(dir).sort()).toEqual(['dangling.db', 'elsewhere', 'kept.txt', 'link.db']);
  });

  it('writes a copy only its owner may read, whatever the umask, and nothing else', async () => {
    if (server.db.dialect !== 'sqlite') return;
    const dir = fs.mkdtempSync(path.join(server.dir, 'backup-'));
    const umask = process.umask(0o022);
    try {
      await opsOutput(server.db, 'backup', path.join(dir, 'copy.db'));
    } finally {
      process.umask(umask);
    }
    expect((fs.statSync(path.join(dir, 'copy.db')).mode & 0o777).toString(8)).toBe('600');
    expect(fs.readdirSync(dir)).toEqual(['copy.db']);
  });
});
