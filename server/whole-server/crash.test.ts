import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../contract/envelope';
import { cents, formatMoney } from '../../contract/money';
import { openDatabase } from '../platform/database/database';
import type { Db } from '../platform/database/sql';
import { createQueries } from '../query-groups';
import { startServer, type RunningServer } from '../../e2e/server';
import { DEMO_ACCOUNT } from '../demo/demo-data';
import { checkIntegrity } from '../ledger/integrity';
import { opsOutput } from '../testing/test-support';

/**
 * Crash safety: the real server is killed with SIGKILL in the middle of a burst of money-moving
 * requests, then started again on the same files. Every order must exist together with its ledger
 * row or not at all, and every balance must still equal the sum of its ledger rows: the integrity
 * check of `ops check` must find nothing.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-crash-'));
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The real server on this test's files; no build is needed to answer the API. */
function startOnTestFiles(): Promise<RunningServer> {
  return startServer({
    dataDir,
    staticDir: path.join(dataDir, 'no-build'),
    // Withdrawals to the card bound below may start at once: the hold has tests of its own.
    env: { LOG_LEVEL: 'error', LIMIT_REQUESTS_PER_MINUTE: '1000000', WITHDRAW_HOLD_HOURS: '0' },
  });
}

async function post<T>(baseUrl: string, callPath: string, fields: Record<string, string>, token?: string) {
  const response = await fetch(`${baseUrl}/api/v1/${callPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { 'access-token': token } : {}) },
    body: new URLSearchParams(fields),
  });
  return (await response.json()) as Envelope<T>;
}

/** The code in the newest mail to `address` (mail goes out after the answer). */
async function codeInOutbox(address: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  let code: string | undefined;
  await expect
    .poll(() => {
      const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
      const newest = mails
        .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
        .filter((mail) => mail.startsWith(`To: ${address}\n`))
        .at(-1);
      code = newest?.match(/\b\d{6}\b/)?.[0];
      return code !== undefined;
    })
    .toBe(true);
  return code ?? '';
}

async function ops(db: Db, ...argv: string[]): Promise<string> {
  return (await opsOutput(db, ...argv)).at(-1) ?? '';
}

describe('kill -9 during a burst of money-moving requests', () => {
  it('leaves no half-applied order and every balance equal to its ledger', async () => {
    server = await startOnTestFiles();
    let baseUrl = server.baseUrl;
    const db = await openDatabase({ sqliteFile: path.join(dataDir, 'wallet.db') });
    const queries = createQueries(db);

    const login = await post<{ token: string }>(baseUrl, 'user/login', {
      account: DEMO_ACCOUNT.account,
      password: DEMO_ACCOUNT.password,
    });
    const token = login.data.token;
    expect((await post(baseUrl, 'sms/send-code', { email: DEMO_ACCOUNT.email, scene: 'bind' })).code).toBe(200);
    const card = await post<{ bk_id: number }>(
      baseUrl,
      'bankinfo/create',
      {
        type: 'bank',
        full_name: 'Demo Person',
        telephone: '13800138000',
        email: 'demo@example.com',
        iban: 'DE89370400440532013000',
        bank_name: 'Bank',
        area: 'Area',
        country: 'DE',
        swift: 'COBADEFF',
        code: await codeInOutbox(DEMO_ACCOUNT.email),
      },
      token,
    );
    expect(card.code).toBe(200);
    const offer = Number(
      await ops(
        db,
        'offer',
        'add',
        '--merchant',
        '1',
        '--price',
        '0.95',
        '--currency',
        'EUR',
        '--quantity',
        '100000',
        '--min',
        '10',
        '--max',
        '100000',
      ),
    );
    const product = Number(
      await ops(
        db,
        'product',
        'add',
        '--name',
        'Crash test',
        '--rate',
        '5',
        '--days',
        '30',
        '--min',
        '10',
        '--max',
        '100000',
      ),
    );

    // A steady stream of sells, withdrawals and deposits, 40 in flight, until the kill.
    let sent = 0;
    let stop = false;
    const inFlight = new Set<Promise<unknown>>();
    const requests = [
      (id: string) =>
        post(
          baseUrl,
          'saleu/create-order',
          { saleu_id: String(offer), number: '10', unit_price: '0.95', currency: 'EUR', request_id: id },
          token,
        ),
      (id: string) =>
        post(
          baseUrl,
          'withdraw/create',
          {
            type: 'bank',
            bk_id: String(card.data.bk_id),
            amount: '10',
            password: DEMO_ACCOUNT.password,
            request_id: id,
          },
          token,
        ),
      (id: string) =>
        post(baseUrl, 'lixibao/create-order', { lixibao_id: String(product), number: '10', request_id: id }, token),
    ];
    const pump = async () => {
      while (!stop) {
        while (inFlight.size < 40 && !stop) {
          const send = requests[sent % requests.length];
          sent += 1;
          if (!send) continue;
          const promise = send(`burst-${sent}`).catch(() => undefined);
          inFlight.add(promise);
          void promise.finally(() => inFlight.delete(promise));
        }
        await Promise.race(inFlight);
      }
    };
    const pumping = pump();
    await new Promise((resolve) => setTimeout(resolve, 600));
    await server.crash();
    stop = true;
    await pumping.catch(() => undefined);
    expect(sent).toBeGreaterThan(40);

    // Start again on the same files and look at what the crash left.
    server = await startOnTestFiles();
    baseUrl = server.baseUrl;
    // Balances, ledger chains, each order's ledger rows, the offer's remaining quantity and every
    // stored answer, proven over the whole database as `ops check` does.
    expect(await checkIntegrity({ db, queries, now: () => new Date() })).toEqual([]);
    // And the other way round: every order the burst made has its answer stored with it.
    const recorded = (await db.get("SELECT COUNT(*) AS n FROM idempotency WHERE request_id LIKE 'burst-%'")) as {
      n: number;
    };
    const orders = (await db.get(
      'SELECT (SELECT COUNT(*) FROM sale_orders) + (SELECT COUNT(*) FROM withdrawals) + (SELECT COUNT(*) FROM interest_orders) AS n',
    )) as { n: number };
    expect(recorded.n).toBe(orders.n);
    // The kill landed mid-burst: some orders were made, and some requests never finished.
    expect(orders.n).toBeGreaterThan(0);
    expect(sent).toBeGreaterThan(orders.n);

    // The restarted server answers, agrees with the database, and replays a finished request
    // instead of acting on it again. (The killed server's password checks in flight stay counted
    // as guesses, by design, and the burst used the allowance up: start this check afresh.)
    await db.run('DELETE FROM login_failures');
    const again = await post<{ token: string }>(baseUrl, 'user/login', {
      account: DEMO_ACCOUNT.account,
      password: DEMO_ACCOUNT.password,
    });
    const money = await post<{ balance: string }>(baseUrl, 'userinfo/get-money-info', {}, again.data.token);
    const balance = (await queries.users.byAccount(DEMO_ACCOUNT.account))?.balance ?? -1;
    expect(money.data.balance).toBe(formatMoney(cents(balance)));
    const finished = (await db.get(
      "SELECT request_id, path FROM idempotency WHERE path = 'saleu/create-order' LIMIT 1",
    )) as { request_id: string; path: string } | undefined;
    if (finished) {
      const before = (await db.get('SELECT COUNT(*) AS n FROM sale_orders')) as { n: number };
      const replay = await post(
        baseUrl,
        'saleu/create-order',
        { saleu_id: String(offer), number: '10', unit_price: '0.95', currency: 'EUR', request_id: finished.request_id },
        again.data.token,
      );
      expect(replay.code).toBe(200);
      expect(await db.get('SELECT COUNT(*) AS n FROM sale_orders')).toEqual(before);
    }
    await db.close();
  }, 60_000);
});
