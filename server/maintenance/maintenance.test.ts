import { describe, expect, it } from 'vitest';
import { inTransaction } from '../ledger/transactions';
import { publish } from '../live/events';
import { sweep } from './maintenance';
import { post, freshServerPerTest, signUp, type TestServer } from '../testing/test-support';

let server: TestServer;
freshServerPerTest((started) => (server = started));

const count = async (table: 'login_failures' | 'email_codes' | 'events') =>
  (await server.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n;

describe('sweep', () => {
  it('prunes password guesses past their window and e-mail codes past the per-address limit', async () => {
    await post(server, 'user/login', { account: 'made-up-name', password: 'Wrong1234' });
    await post(server, 'sms/send-code', { email: 'someone@example.com' });
    expect(await count('login_failures')).toBe(1);
    expect(await count('email_codes')).toBe(1);

    await sweep(server.app.wallet);
    expect(await count('login_failures')).toBe(1);
    expect(await count('email_codes')).toBe(1);

    server.clock.advance(3601);
    await sweep(server.app.wallet);
    expect(await count('login_failures')).toBe(0);
    expect(await count('email_codes')).toBe(0);
  });

  it('keeps relaying live events after emptying the events table: new ids never fall below relayed ones', async () => {
    const user = await signUp(server);
    const heard: string[] = [];
    server.app.wallet.live.onEvent((payload) => heard.push(payload));
    const announce = (id: number) =>
      inTransaction(server.app.wallet, (tx) => publish(tx, user.user.id, { type: 'recharge', id, state: 'audit' }));
    await announce(1);
    await announce(2);
    await expect.poll(() => heard.length).toBe(2);

    server.clock.advance(3601);
    await sweep(server.app.wallet);
    expect(await count('events')).toBe(0);
    await announce(3);
    await expect.poll(() => heard).toContain(JSON.stringify({ type: 'recharge', id: 3, state: 'audit' }));
  });
});
