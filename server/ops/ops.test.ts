import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../demo';
import { startTestServer, type TestServer } from '../test-support';
import { OpsError, runOps } from './ops';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ demo: true });
});
afterEach(async () => {
  await server.close();
});

function ops(...argv: string[]): string[] {
  const lines: string[] = [];
  runOps(server.db, argv, { out: (line) => lines.push(line) });
  return lines;
}

describe('operator commands', () => {
  it('prints the root invitation code alone', () => {
    expect(ops('invite-code')).toEqual([server.rootInviteCode]);
  });

  it('shows a user with balance and ledger total, as text or JSON', () => {
    const [json] = ops('user', DEMO_ACCOUNT.account, '--json');
    expect(JSON.parse(json ?? '')).toMatchObject({
      account: 'demo',
      balance: '1000.00',
      ledger_total: '1000.00',
      balanced: true,
    });
    expect(ops('user', 'demo')).toContain('balance       1000.00');
  });

  it('lists what waits for review, oldest first', () => {
    expect(ops('pending')).toEqual(['nothing waits for review']);
    const at = '2026-11-22T08:00:00.000Z';
    server.db.exec(`
      INSERT INTO recharges (user_id, type, category, address, amount, credentials, created_at, updated_at)
      VALUES (1, 'TRC20', 'USDT', 'addr', 2550, '/uploads/x.png', '${at}', '${at}');
    `);
    const [json] = ops('pending', '--json');
    expect(JSON.parse(json ?? '')).toEqual([
      expect.objectContaining({ kind: 'recharge', account: 'demo', amount: '25.50' }),
    ]);
  });

  it('fails with a one-line reason on bad input', () => {
    expect(() => ops('user', 'nobody')).toThrow(OpsError);
    expect(() => ops('user')).toThrow('user needs an account name');
    expect(() => ops('frobnicate')).toThrow('unknown command');
    expect(() => ops()).toThrow('usage');
  });
});

describe('the ops command line', () => {
  it('exits 0 with the code on stdout, and non-zero with a reason', async () => {
    const run = promisify(execFile);
    const env = { ...process.env, DATA_DIR: server.dir };
    const ok = await run('npx', ['tsx', 'server/ops/cli.ts', 'invite-code'], { env });
    expect(ok.stdout.trim()).toBe(server.rootInviteCode);
    await expect(run('npx', ['tsx', 'server/ops/cli.ts', 'user', 'ghost'], { env })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no user'),
    });
  });
});
