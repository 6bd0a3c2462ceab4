import { describe, expect, it } from 'vitest';
import { sweep } from './maintenance';
import { post, freshServerPerTest, type TestServer } from './test-support';

let server: TestServer;
freshServerPerTest((started) => (server = started));

const count = async (table: 'login_failures' | 'email_codes') =>
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
});
