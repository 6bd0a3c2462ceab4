import { describe, expect, it } from 'vitest';
import type { AuthResult, UserInfo } from '../../contract/responses';
import {
  call,
  countingStatements,
  post,
  signUp,
  freshServerPerTest,
  startTestServer,
  type TestServer,
} from '../testing/test-support';

let server: TestServer;
freshServerPerTest((started) => (server = started));

const password = 'Secret123';

async function requestCode(email: string, fields: Record<string, string> = {}, ip?: string) {
  return post<{ retry_after: number }>(server, 'sms/send-code', { email, ...fields }, ip ? { ip } : {});
}

function registration(email: string, overrides: Record<string, string | undefined> = {}) {
  return {
    account: 'alice_01',
    email,
    code: server.mailer.codeFor(email),
    password,
    repassword: password,
    invite_code: server.rootInviteCode,
    ...overrides,
  };
}

describe('sms/send-code', () => {
  it('mails a six-digit code and says when the next one may be asked for', async () => {
    const reply = await requestCode('alice@example.com');
    expect(reply).toMatchObject({ code: 200, data: { retry_after: 60 } });
    expect(server.mailer.sent).toHaveLength(1);
    expect(server.mailer.sent[0]?.to).toBe('alice@example.com');
    expect(server.mailer.codeFor('alice@example.com')).toMatch(/^\d{6}$/);
  });

  it('writes the mail in the language of the request', async () => {
    await requestCode('alice@example.com', { lang: 'de' });
    expect(server.mailer.sent[0]?.subject).toBe('Ihr Bestätigungscode');
  });

  it.each([
    [{}, 'Please enter e-mail'],
    [{ email: '' }, 'Please enter e-mail'],
    [{ email: 'not-an-email' }, 'E-mail format is wrong'],
    [{ email: 'a@b' }, 'E-mail format is wrong'],
    [{ email: 'alice@example.com', scene: 'other' }, 'Please check the highlighted field'],
  ])('refuses %j', async (fields, message) => {
    const reply = await post(server, 'sms/send-code', fields);
    expect(reply.code).toBe(400);
    expect(reply.msg).toBe(message);
    expect(server.mailer.sent).toHaveLength(0);
  });

  it('names the field and speaks the caller’s language', async () => {
    const reply = await post(server, 'sms/send-code', { email: 'nope', lang: 'xby' });
    expect(reply).toMatchObject({ code: 400, data: { field: 'email' } });
    expect(reply.msg).not.toBe('E-mail format is wrong');
    const unknownLanguage = await post(server, 'sms/send-code', { email: 'nope', lang: 'klingon' });
    expect(unknownLanguage.msg).toBe('E-mail format is wrong');
  });

  it('refuses a second code to the same address within 60 s', async () => {
    await requestCode('alice@example.com');
    server.clock.advance(20);
    const again = await requestCode('alice@example.com');
    expect(again).toMatchObject({ code: 429, data: { retry_after: 40 } });
    server.clock.advance(40);
    expect((await requestCode('alice@example.com')).code).toBe(200);
  });

  it('allows 20 codes per IP per hour', async () => {
    for (let index = 0; index < 20; index += 1) {
      expect((await requestCode(`user${index}@example.com`, {}, '10.0.0.9')).code).toBe(200);
    }
    const refused = await requestCode('one-more@example.com', {}, '10.0.0.9');
    expect(refused.code).toBe(429);
    expect((refused.data as { retry_after: number }).retry_after).toBeGreaterThan(3500);
    expect((await requestCode('other-ip@example.com', {}, '10.0.0.10')).code).toBe(200);
    server.clock.advance(3601);
    expect((await requestCode('later@example.com', {}, '10.0.0.9')).code).toBe(200);
  });

  it('answers a registration code for a taken address like any other, and tells the owner instead', async () => {
    const user = await signUp(server);
    server.clock.advance(60);
    const sentBefore = server.mailer.sent.length;
    const taken = await requestCode(user.user.email, {}, '10.0.0.7');
    const fresh = await requestCode('fresh@example.com', {}, '10.0.0.7');
    expect(taken).toEqual(fresh);
    expect(server.mailer.sent.slice(sentBefore).map((mail) => [mail.to, mail.subject])).toEqual([
      [user.user.email, 'About your account'],
      ['fresh@example.com', 'Your verification code'],
    ]);
    expect(server.mailer.sent[sentBefore]?.text).not.toMatch(/\d{6}/);
    // Both count toward the address's wait and the sender's allowance.
    expect((await requestCode(user.user.email, {}, '10.0.0.8')).code).toBe(429);
    const counted = await server.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM email_codes WHERE ip = '10.0.0.7'");
    expect(counted?.n).toBe(2);
  });

  it('answers a reset the same way whether or not the address exists, mailing only real users', async () => {
    const user = await signUp(server);
    server.clock.advance(60);
    const sentBefore = server.mailer.sent.length;
    const unknown = await requestCode('nobody@example.com', { scene: 'reset' });
    const known = await requestCode(user.user.email, { scene: 'reset' });
    expect(unknown).toEqual(known);
    expect(server.mailer.sent.length).toBe(sentBefore + 1);
    expect((await requestCode('nobody@example.com', { scene: 'reset' })).code).toBe(429);
  });

  it('answers before the mail is sent, so a slow mail server tells nothing', async () => {
    const user = await signUp(server);
    server.clock.advance(60);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sending: string[] = [];
    server.app.wallet.mailer = {
      send: async (mail) => {
        sending.push(mail.to);
        await held;
      },
    };
    const reply = await requestCode(user.user.email, { scene: 'reset' });
    expect(reply.code).toBe(200);
    expect(sending).toEqual([user.user.email]);
    release();
  });

  it('frees the address from its wait when the mail could not be sent', async () => {
    server.app.wallet.mailer = {
      send: async () => {
        throw new Error('connection refused');
      },
    };
    expect((await requestCode('alice@example.com')).code).toBe(200);
    // The mail goes out after the answer, and its failure is written after that.
    await expect
      .poll(() => server.app.wallet.queries.codes.latestForEmail('alice@example.com'), { timeout: 10_000 })
      .toBeUndefined();
    server.app.wallet.mailer = server.mailer;
    expect((await requestCode('alice@example.com')).code).toBe(200);
    expect(server.mailer.codeFor('alice@example.com')).toMatch(/^\d{6}$/);
  });

  it('sends one code when ten requests for one address arrive together', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => requestCode('alice@example.com')));
    expect(replies.filter((reply) => reply.code === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.code === 429)).toHaveLength(9);
    expect(server.mailer.sent).toHaveLength(1);
  });

  it.each(['a\u0000b@example.com', 'a\u202eb@example.com', 'a\u001b[2J@example.com', 'a\u200b@example.com'])(
    'refuses the address %j with 400, on either database',
    async (email) => {
      expect(await requestCode(email)).toMatchObject({ code: 400, data: { field: 'email' } });
    },
  );
});

describe('user/register', () => {
  it('creates the account, signs it in and records who invited it', async () => {
    const inviter = await signUp(server);
    await requestCode('alice@example.com');
    const reply = await post<AuthResult>(
      server,
      'user/register',
      registration('alice@example.com', { invite_code: inviter.user.invite_code.toLowerCase() }),
    );
    expect(reply.code).toBe(200);
    expect(reply.data.token).toMatch(/^[\w-]{40,}$/);
    expect(reply.data.user).toMatchObject({ account: 'alice_01', email: 'alice@example.com', vip: 0 });
    expect(reply.data.user.invite_code).toMatch(/^[A-Z0-9]{8}$/);
    const info = await call(server, 'userinfo/get-info', {}, reply.data.token);
    expect(info.id).toBe(reply.data.user.id);
    const row = await server.app.wallet.queries.users.byId(reply.data.user.id);
    expect(row?.inviter_id).toBe(inviter.user.id);
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(row?.password_hash).not.toContain(password);
  });

  it.each([
    ['account', { account: '' }, 'Please enter the account'],
    ['account', { account: 'ab' }, 'The account must be 4–20 letters, digits or underscores'],
    ['account', { account: 'bad name!' }, 'The account must be 4–20 letters, digits or underscores'],
    ['email', { email: 'broken' }, 'E-mail format is wrong'],
    ['code', { code: '' }, 'Please enter the e-mail code'],
    ['code', { code: '12345' }, 'The e-mail code is 6 digits'],
    [
      'password',
      { password: 'short1', repassword: 'short1' },
      'The password must be 8–64 characters with at least one letter and one digit',
    ],
    [
      'password',
      { password: 'lettersonly', repassword: 'lettersonly' },
      'The password must be 8–64 characters with at least one letter and one digit',
    ],
    ['repassword', { repassword: 'Different1' }, 'The password is different from the confirm password'],
    ['repassword', { repassword: '' }, 'Please confirm the password'],
    ['invite_code', { invite_code: '' }, 'The invitation code cannot be empty'],
    ['invite_code', { invite_code: '!!' }, 'The invitation code is not valid'],
    ['invite_code', { invite_code: 'ZZZZZZZZ' }, 'This invitation code does not exist'],
  ])('refuses a bad %s', async (field, overrides, message) => {
    await requestCode('alice@example.com');
    const reply = await post(server, 'user/register', registration('alice@example.com', overrides));
    expect(reply).toMatchObject({ code: 400, msg: message, data: { field } });
  });

  it('refuses a wrong code and kills it after five wrong tries', async () => {
    await requestCode('alice@example.com');
    const right = server.mailer.codeFor('alice@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const reply = await post(server, 'user/register', registration('alice@example.com', { code: wrong }));
      expect(reply).toMatchObject({ code: 400, msg: 'The e-mail code is wrong or has expired' });
    }
    const fifth = await post(server, 'user/register', registration('alice@example.com', { code: wrong }));
    expect(fifth.msg).toBe('Too many wrong codes. Please request a new one');
    const withRightCode = await post(server, 'user/register', registration('alice@example.com', { code: right }));
    expect(withRightCode.code).toBe(400);
  });

  it('refuses an expired code and a code used once already', async () => {
    await requestCode('alice@example.com');
    server.clock.advance(601);
    expect((await post(server, 'user/register', registration('alice@example.com'))).code).toBe(400);

    await requestCode('bob@example.com');
    const fields = registration('bob@example.com', { account: 'bobby' });
    expect((await post(server, 'user/register', fields)).code).toBe(200);
    const replay = await post(server, 'user/register', { ...fields, account: 'bobby2' });
    expect(replay).toMatchObject({ code: 400, data: { field: 'code' } });
  });

  it('refuses a taken account or e-mail with 409', async () => {
    const first = await signUp(server, { account: 'taken_name' });
    await requestCode('new@example.com');
    const sameAccount = await post(server, 'user/register', registration('new@example.com', { account: 'TAKEN_name' }));
    expect(sameAccount).toMatchObject({ code: 409, data: { field: 'account' } });

    // Someone else's address: its code was never mailed to this caller, so that is all they learn.
    const stolenEmail = await post(server, 'user/register', {
      ...registration('new@example.com', { account: 'fresh_name' }),
      email: first.user.email,
    });
    expect(stolenEmail).toMatchObject({ code: 400, data: { field: 'code' } });
  });

  it('lets one of two registrations of one name sent together through', async () => {
    await requestCode('first@example.com');
    await requestCode('second@example.com');
    const replies = await Promise.all([
      post(server, 'user/register', registration('first@example.com', { account: 'same_name' })),
      post(server, 'user/register', registration('second@example.com', { account: 'SAME_NAME' })),
    ]);
    expect(replies.map((reply) => reply.code).sort()).toEqual([200, 409]);
    expect(replies.find((reply) => reply.code === 409)).toMatchObject({ data: { field: 'account' } });
  });

  it('says nothing of a taken account name without a real invitation and e-mail code', async () => {
    await signUp(server, { account: 'known_name' });
    const probe = {
      account: 'known_name',
      email: 'probe@example.com',
      code: '000000',
      password,
      repassword: password,
      invite_code: server.rootInviteCode,
    };
    const fakeCode = await post(server, 'user/register', probe);
    expect(fakeCode).toMatchObject({ code: 400, data: { field: 'code' } });
    const fakeInvite = await post(server, 'user/register', { ...probe, invite_code: 'ZZZZZZZZ' });
    expect(fakeInvite).toMatchObject({ code: 400, data: { field: 'invite_code' } });
  });

  it('applies the code limits before saying an address is registered', async () => {
    const user = await signUp(server);
    // The code signUp asked for still holds the 60 s wait: the limit answers, not the account.
    expect(await requestCode(user.user.email)).toMatchObject({ code: 429 });
  });

  it('limits registrations per IP', async () => {
    await server.close();
    server = await startTestServer({ limits: { registrationsPerIpPerHour: 2 } });
    await signUp(server, { ip: '10.1.1.1' });
    await signUp(server, { ip: '10.1.1.1' });
    await requestCode('third@example.com', {}, '10.1.1.1');
    const third = await post(server, 'user/register', registration('third@example.com', { account: 'third' }), {
      ip: '10.1.1.1',
    });
    expect(third.code).toBe(429);
    expect((third.data as { retry_after: number }).retry_after).toBeGreaterThan(0);
  });
});

describe('user/login', () => {
  it('signs in by account or e-mail, in any case', async () => {
    const user = await signUp(server, { account: 'CaseUser' });
    for (const account of ['CaseUser', 'caseuser', user.user.email.toUpperCase()]) {
      const reply = await post<AuthResult>(server, 'user/login', { account, password });
      expect(reply.code).toBe(200);
      expect(reply.data.user.id).toBe(user.user.id);
      expect(reply.data.token).not.toBe(user.token);
    }
  });

  it('gives one generic answer for a wrong password and an unknown account', async () => {
    const user = await signUp(server);
    const wrong = await post(server, 'user/login', { account: user.user.account, password: 'Wrong1234' });
    const unknown = await post(server, 'user/login', { account: 'nobody_here', password: 'Wrong1234' });
    expect(wrong).toEqual({ code: 400, msg: 'Wrong account or password', data: {} });
    expect(unknown).toEqual(wrong);
  });

  it('reads and writes as much for a name with no account as for a wrong password on a real one', async () => {
    const user = await signUp(server);
    const work = async (account: string) => {
      const answer = await countingStatements(server, () =>
        post(server, 'user/login', { account, password: 'Wrong1234', device: 'phone-device-id-0001' }),
      );
      expect(answer.result.code).toBe(400);
      return answer.counts;
    };
    const real = await work(user.user.account);
    expect(real.writes).toBeGreaterThan(0);
    expect(await work('nobody_here')).toEqual(real);
  });

  it.each([
    [{ password }, 'Please enter the account'],
    [{ account: 'someone' }, 'Please enter the password'],
    [{ account: 'someone', password: 'x'.repeat(65) }, 'Please check the highlighted field'],
  ])('refuses %j', async (fields, message) => {
    expect(await post(server, 'user/login', fields)).toMatchObject({ code: 400, msg: message });
  });

  it.each(['some\u0000one', 'some\u202eone', 'some\u001b[2Jone'])(
    'refuses the account name %j with 400, on either database',
    async (account) => {
      expect(await post(server, 'user/login', { account, password })).toMatchObject({
        code: 400,
        data: { field: 'account' },
      });
    },
  );

  it('holds an account for 15 minutes after 5 failures', async () => {
    const user = await signUp(server);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post(server, 'user/login', { account: user.user.account, password: 'Wrong1234' })).code).toBe(400);
    }
    const held = await post(server, 'user/login', { account: user.user.account, password });
    expect(held.code).toBe(429);
    expect((held.data as { retry_after: number }).retry_after).toBe(900);
    server.clock.advance(901);
    expect((await post(server, 'user/login', { account: user.user.account, password })).code).toBe(200);
  });

  it('applies a lock made in the database within 5 s, even to a session in use', async () => {
    const user = await signUp(server);
    expect((await post(server, 'userinfo/get-info', {}, { token: user.token })).code).toBe(200);
    await server.db.run("UPDATE users SET status = 'locked' WHERE id = ?", [user.user.id]);
    server.clock.advance(5);
    expect((await post(server, 'userinfo/get-info', {}, { token: user.token })).code).toBe(403);
  });

  it('answers a locked account as it answers a wrong password, right password or not', async () => {
    const user = await signUp(server);
    await server.db.run("UPDATE users SET status = 'locked' WHERE id = ?", [user.user.id]);
    const right = await post(server, 'user/login', { account: user.user.account, password });
    const wrong = await post(server, 'user/login', { account: user.user.account, password: 'Wrong1234' });
    expect(right.code).toBe(400);
    expect(right).toEqual(wrong);
    expect((await post(server, 'userinfo/get-info', {}, { token: user.token })).code).toBe(403);
  });

  it('lets no more than the allowance of parallel guesses reach the password check', async () => {
    const user = await signUp(server);
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        post(server, 'user/login', {
          // Both names of the account share one allowance.
          account: index % 2 ? user.user.account : user.user.email,
          password: index === 59 ? password : `Wrong${index}x`,
        }),
      ),
    );
    const checked = guesses.filter((reply) => reply.code === 400).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(guesses.filter((reply) => reply.code === 429)).toHaveLength(
      60 - checked - (guesses[59]?.code === 200 ? 1 : 0),
    );
    expect((await post(server, 'user/login', { account: user.user.account, password })).code).toBe(429);
  });

  it('keeps counting wrong guesses after a right one in the same window', async () => {
    const user = await signUp(server);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await post(server, 'user/login', { account: user.user.account, password: 'Wrong1234' })).code).toBe(400);
    }
    expect((await post(server, 'user/login', { account: user.user.email, password })).code).toBe(200);
    expect((await post(server, 'user/login', { account: user.user.account, password: 'Wrong1234' })).code).toBe(400);
    expect((await post(server, 'user/login', { account: user.user.account, password })).code).toBe(429);
  });
});

describe('user/reset-password', () => {
  it('sets a new password and signs every session out', async () => {
    const user = await signUp(server);
    server.clock.advance(60);
    await requestCode(user.user.email, { scene: 'reset' });
    const reply = await post(server, 'user/reset-password', {
      email: user.user.email,
      code: server.mailer.codeFor(user.user.email),
      password: 'NewSecret9',
      repassword: 'NewSecret9',
    });
    expect(reply.code).toBe(200);
    expect((await post(server, 'userinfo/get-info', {}, { token: user.token })).code).toBe(-1);
    expect((await post(server, 'user/login', { account: user.user.account, password })).code).toBe(400);
    expect((await post(server, 'user/login', { account: user.user.account, password: 'NewSecret9' })).code).toBe(200);
  });

  it('refuses a registration code, a wrong code and mismatched passwords', async () => {
    const user = await signUp(server);
    const registrationCode = server.mailer.codeFor(user.user.email);
    const base = { email: user.user.email, password: 'NewSecret9', repassword: 'NewSecret9' };
    expect(await post(server, 'user/reset-password', { ...base, code: registrationCode })).toMatchObject({
      code: 400,
      data: { field: 'code' },
    });
    server.clock.advance(60);
    await requestCode(user.user.email, { scene: 'reset' });
    const code = server.mailer.codeFor(user.user.email);
    expect((await post(server, 'user/reset-password', { ...base, repassword: 'Other999', code })).data).toEqual({
      field: 'repassword',
    });
    expect((await post(server, 'user/reset-password', { ...base, code: '' })).msg).toBe('Please enter the e-mail code');
  });

  it('compares at most five of 100 tries sent together, and the right code after them fails', async () => {
    const user = await signUp(server);
    server.clock.advance(60);
    await requestCode(user.user.email, { scene: 'reset' });
    const code = server.mailer.codeFor(user.user.email);
    const wrongCode = (index: number) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0');
    const base = { email: user.user.email, password: 'NewSecret9', repassword: 'NewSecret9' };
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        post(server, 'user/reset-password', { ...base, code: wrongCode(index) }),
      ),
    );
    expect(replies.every((reply) => reply.code === 400)).toBe(true);
    const compared = replies.filter((reply) => reply.msg === 'The e-mail code is wrong or has expired');
    expect(compared.length).toBeLessThanOrEqual(4);
    expect(await post(server, 'user/reset-password', { ...base, code })).toMatchObject({
      code: 400,
      msg: 'Too many wrong codes. Please request a new one',
    });
    expect((await post(server, 'user/login', { account: user.user.account, password })).code).toBe(200);
  });
});

describe('user/logout and sessions', () => {
  it('revokes the token on the server', async () => {
    const user = await signUp(server);
    expect((await post(server, 'user/logout', {}, { token: user.token })).code).toBe(200);
    expect((await post(server, 'userinfo/get-info', {}, { token: user.token })).code).toBe(-1);
    expect((await post(server, 'user/logout', {}, { token: user.token })).code).toBe(-1);
  });

  it.each([undefined, '', 'not-a-token', 'x'.repeat(2000)])('answers -1 for the token %j', async (token) => {
    const reply = await post(server, 'userinfo/get-info', {}, token === undefined ? {} : { token });
    expect(reply).toMatchObject({ code: -1, data: {} });
  });

  it('expires a session after 30 days', async () => {
    const user = await signUp(server);
    server.clock.advance(29 * 24 * 3600);
    expect((await post<UserInfo>(server, 'userinfo/get-info', {}, { token: user.token })).code).toBe(200);
    server.clock.advance(2 * 24 * 3600);
    expect((await post(server, 'userinfo/get-info', {}, { token: user.token })).code).toBe(-1);
  });

  it('stores only a digest of the token', async () => {
    const user = await signUp(server);
    const rows = (await server.db.all('SELECT token_hash FROM sessions')) as { token_hash: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.token_hash).not.toContain(user.token);
  });
});
