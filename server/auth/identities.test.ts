import { describe, expect, it } from 'vitest';
import type { AuthResult } from '../../contract/responses';
import { freshServerPerTest, post, type TestServer } from '../testing/test-support';

let server: TestServer;
freshServerPerTest((started) => (server = started));

const password = 'Secret123';

async function register(account: string, email: string): Promise<AuthResult> {
  // Past the wait since any earlier code to this address.
  server.clock.advance(61);
  expect((await post(server, 'sms/send-code', { email })).code).toBe(200);
  const reply = await post<AuthResult>(server, 'user/register', {
    account,
    email,
    code: server.mailer.codeFor(email),
    password,
    repassword: password,
    invite_code: server.rootInviteCode,
  });
  expect(reply, `${email} should register`).toMatchObject({ code: 200 });
  return reply.data;
}

describe('accounts are told apart by one exact key, on both engines', () => {
  it.each([
    ['info@ありす.jp', 'info@アリス.jp'],
    ['me@ας.gr', 'me@ασ.gr'],
    ['ｓｓｖ@example.com', 'ssv@example.com'],
  ])('%s and %s are two mailboxes: a reset asked for one never reaches the other', async (owned, lookAlike) => {
    const victim = await register('victim_1', owned);
    server.mailer.sent.length = 0;
    expect((await post(server, 'sms/send-code', { email: lookAlike, scene: 'reset' })).code).toBe(200);
    // No account holds the look-alike, so no code goes anywhere, least of all with the victim's phrase.
    expect(server.mailer.sent).toEqual([]);
    const reset = await post(server, 'user/reset-password', {
      email: lookAlike,
      code: '123456',
      password: 'Stolen123',
      repassword: 'Stolen123',
    });
    expect(reset.code).toBe(400);
    expect((await post(server, 'user/login', { account: owned, password })).code).toBe(200);

    // The look-alike is an address of its own, free to register.
    const other = await register('other_1', lookAlike);
    expect(other.user.id).not.toBe(victim.user.id);
    expect(other.user.email).toBe(lookAlike);
    server.mailer.sent.length = 0;
    server.clock.advance(61);
    expect((await post(server, 'sms/send-code', { email: lookAlike, scene: 'reset' })).code).toBe(200);
    expect(server.mailer.sent.map((mail) => mail.to)).toEqual([lookAlike]);
  });

  it('mails an account’s code to the address it holds, whatever case was typed', async () => {
    await register('carol_1', 'Carol.Owner@Example.com');
    server.mailer.sent.length = 0;
    server.clock.advance(61);
    expect((await post(server, 'sms/send-code', { email: 'CAROL.OWNER@example.COM', scene: 'reset' })).code).toBe(200);
    expect(server.mailer.sent.map((mail) => mail.to)).toEqual(['Carol.Owner@Example.com']);
    const reset = await post(server, 'user/reset-password', {
      email: 'carol.owner@example.com',
      code: server.mailer.codeFor('Carol.Owner@Example.com'),
      password: 'Renewed123',
      repassword: 'Renewed123',
    });
    expect(reset.code).toBe(200);
    expect(
      (await post(server, 'user/login', { account: 'CAROL.OWNER@EXAMPLE.COM', password: 'Renewed123' })).code,
    ).toBe(200);
    expect((await post(server, 'user/login', { account: 'CAROL_1', password: 'Renewed123' })).code).toBe(200);
  });

  it('holds an account name and an address in any ASCII case for the account that has them', async () => {
    await register('dave_1', 'dave@example.com');
    server.clock.advance(61);
    expect((await post(server, 'sms/send-code', { email: 'dave2@example.com' })).code).toBe(200);
    const taken = await post(server, 'user/register', {
      account: 'DAVE_1',
      email: 'dave2@example.com',
      code: server.mailer.codeFor('dave2@example.com'),
      password,
      repassword: password,
      invite_code: server.rootInviteCode,
    });
    expect(taken).toMatchObject({ code: 409, data: { field: 'account' } });
    // A registration code asked for the taken address in capitals is a notice to its owner, at
    // the address the account holds.
    expect((await post(server, 'sms/send-code', { email: 'DAVE@Example.com' })).code).toBe(200);
    expect(server.mailer.sent.at(-1)?.to).toBe('dave@example.com');
    expect(server.mailer.sent.at(-1)?.text).not.toMatch(/\b\d{6}\b/);
  });
});
