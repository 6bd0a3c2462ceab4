import { describe, expect, it, vi } from 'vitest';
import type { AuthResult, CallResponse } from '../../contract/responses';
import type { Mail } from '../platform/mail/mailer';
import { sweep } from '../maintenance/maintenance';
import { addPasskey } from '../testing/soft-passkey';
import {
  bindPayout,
  call,
  freshServerPerTest,
  fund,
  post,
  signUp,
  type TestServer,
  type TestUser,
} from '../testing/test-support';

let server: TestServer;
freshServerPerTest((started) => (server = started), { demo: true });

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const card = {
  type: 'bank',
  full_name: 'Alice Example',
  telephone: '+44 20 7946 0958',
  email: 'alice@example.com',
  iban: 'GB82WEST12345698765432',
  bank_name: 'Example Bank',
  area: 'London',
  country: 'United Kingdom',
  swift: 'WESTGB2L',
};

async function signIn(
  user: TestUser,
  from: { userAgent?: string; ip?: string; device?: string; password?: string } = {},
) {
  return post<AuthResult>(
    server,
    'user/login',
    {
      account: user.user.account,
      password: from.password ?? user.password,
      ...(from.device ? { device: from.device } : {}),
    },
    { userAgent: from.userAgent ?? PHONE, ip: from.ip ?? '203.0.113.9' },
  );
}

/**
 * Whether `promise` settles while this test holds back the work it waits for: the event loop is
 * turned a hundred times, and a server that does not wait settles within a few (its answer needs
 * no input or output once the held-back work has started). Counted in turns, not time, so a busy
 * machine decides the same.
 */
async function settlesWhileHeld(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let turn = 0; turn < 100 && !settled; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

function mailsTo(user: TestUser): Mail[] {
  return server.mailer.sent.filter((mail) => mail.to === user.user.email);
}

/** Mail goes out after the answer: waits until `user` has had `count` e-mails. */
async function mailCount(user: TestUser, count: number): Promise<Mail[]> {
  await expect.poll(() => mailsTo(user).length).toBe(count);
  return mailsTo(user);
}

describe('signed-in devices', () => {
  it('lists each session with its browser, system, coarse place and last use; the caller’s marked', async () => {
    const user = await signUp(server);
    const phone = await signIn(user, { userAgent: PHONE, ip: '203.0.113.9' });
    const laptop = await signIn(user, { userAgent: LAPTOP, ip: '192.168.1.20' });
    server.clock.advance(120);
    await post(server, 'userinfo/get-info', {}, { token: phone.data.token, ip: '203.0.113.9' });
    const { list } = (
      await post<CallResponse<'security/sessions'>>(
        server,
        'security/sessions',
        {},
        { token: laptop.data.token, ip: '192.168.1.20' },
      )
    ).data;
    expect(list).toHaveLength(3);
    expect(list.find((session) => session.browser === 'Chrome')).toMatchObject({
      browser: 'Chrome',
      os: 'Android',
      network: 'public',
      range: '203.0.0.0/16',
      current: false,
      last_seen_at: server.clock.now().toISOString(),
    });
    expect(list.find((session) => session.current)).toMatchObject({
      browser: 'Safari',
      os: 'macOS',
      network: 'private',
    });
    expect(JSON.stringify(list)).not.toContain(phone.data.token);
  });

  it('ends one other session at once, never the caller’s, never another customer’s', async () => {
    const user = await signUp(server);
    const other = await signIn(user);
    const stranger = await signUp(server);
    const { list } = await call(server, 'security/sessions', {}, user.token);
    const otherId = list.find((session) => !session.current && session.browser === 'Chrome')?.id ?? '';
    const current = list.find((session) => session.current)?.id ?? '';
    expect(
      await post(
        server,
        'security/end-session',
        { id: otherId, password: stranger.password },
        { token: stranger.token },
      ),
    ).toMatchObject({ code: 404 });
    expect(
      await post(server, 'security/end-session', { id: current, password: user.password }, { token: user.token }),
    ).toMatchObject({ code: 400, data: { field: 'id' } });
    await call(server, 'security/end-session', { id: otherId, password: user.password }, user.token);
    expect(await post(server, 'userinfo/get-info', {}, { token: other.data.token })).toMatchObject({ code: -1 });
    expect((await call(server, 'security/sessions', {}, user.token)).list).toHaveLength(1);
  });

  it('signs out everywhere else and keeps the caller signed in', async () => {
    const user = await signUp(server);
    const others = [await signIn(user), await signIn(user, { userAgent: LAPTOP })];
    expect(await call(server, 'security/end-other-sessions', { password: user.password }, user.token)).toEqual({
      ended: 2,
    });
    for (const other of others) {
      expect(await post(server, 'userinfo/get-info', {}, { token: other.data.token })).toMatchObject({ code: -1 });
    }
    expect((await call(server, 'security/sessions', {}, user.token)).list).toEqual([
      expect.objectContaining({ current: true }),
    ]);
  });
});

describe('sign-in history', () => {
  it('lists the last 30 sign-ins and failed attempts, newest first, to their owner only', async () => {
    const user = await signUp(server);
    const stranger = await signUp(server);
    expect((await signIn(user, { password: 'Wrong12345' })).code).toBe(400);
    await signIn(user, { userAgent: LAPTOP, ip: '2001:db8:85a3::8a2e:370:7334' });
    const { list } = await call(server, 'security/sign-ins', {}, user.token);
    expect(list.map((record) => [record.outcome, record.method])).toEqual([
      ['success', 'password'],
      ['failure', 'password'],
      ['success', 'register'],
    ]);
    expect(list[0]).toMatchObject({ browser: 'Safari', os: 'macOS', ip: '2001:db8:85a3::8a2e:370:7334' });
    expect(list[0]?.range).toBe('2001:db8:85a3::/48');
    expect((await call(server, 'security/sign-ins', {}, stranger.token)).list).toHaveLength(1);
    for (let attempt = 0; attempt < 30; attempt += 1)
      await server.db.run(
        "INSERT INTO sign_ins (user_id, at, outcome, method, ip, user_agent, device) VALUES (?, ?, 'success', 'password', '', '', 'x')",
        [user.user.id, server.clock.now().toISOString()],
      );
    expect((await call(server, 'security/sign-ins', {}, user.token)).list).toHaveLength(30);
  });

  it('has a failed attempt on record by the time it is answered, however slow the record is to write', async () => {
    const user = await signUp(server);
    const { signIns } = server.app.wallet.queries;
    const insert = signIns.insert;
    let recording!: () => void;
    const recordStarted = new Promise<void>((resolve) => (recording = resolve));
    let letThrough!: () => void;
    const heldBack = new Promise<void>((resolve) => (letThrough = resolve));
    vi.spyOn(signIns, 'insert').mockImplementation(async (row) => {
      recording();
      await heldBack;
      return insert(row);
    });
    const answer = signIn(user, { password: 'Wrong12345' });
    await recordStarted;
    // A server that answers before the record is written answers now, the record still held back;
    // one that writes it first cannot answer until it is let through.
    if (!(await settlesWhileHeld(answer))) letThrough();
    expect((await answer).code).toBe(400);
    const { list } = await call(server, 'security/sign-ins', {}, user.token);
    letThrough();
    expect(list.map((record) => [record.outcome, record.method])).toEqual([
      ['failure', 'password'],
      ['success', 'register'],
    ]);
  });

  it('mails the owner about a sign-in from a device not seen before, and only then', async () => {
    const user = await signUp(server);
    const registrationMails = mailsTo(user).length;
    const device = 'phone-device-id-0001';
    await signIn(user, { device });
    const [notice] = (await mailCount(user, registrationMails + 1)).slice(-1);
    expect(notice?.subject).toBe('New sign-in to your account');
    expect(notice?.text).toContain('Chrome on Android');
    expect(notice?.text).toContain('203.0.113.9 (network 203.0.0.0/16)');
    await signIn(user, { device, ip: '198.51.100.4' });
    await signIn(user, { device: 'laptop-device-id-0002', userAgent: LAPTOP });
    const mails = await mailCount(user, registrationMails + 2);
    expect(mails.at(-1)?.text).toContain('Safari on macOS');
  });

  it('still mails about a new device when the account slept longer than the history is kept', async () => {
    const user = await signUp(server);
    const device = 'phone-device-id-0001';
    await signIn(user, { device });
    const before = (await mailCount(user, mailsTo(user).length)).length;
    server.clock.advance(200 * 24 * 3600);
    await sweep(server.app.wallet);
    expect(await server.app.wallet.queries.signIns.latestOf(user.user.id, 1)).toEqual([]);
    await signIn(user, { device: 'thief-device-id-0003', userAgent: LAPTOP });
    const mails = await mailCount(user, before + 1);
    expect(mails.at(-1)?.subject).toBe('New sign-in to your account');
    expect(mails.at(-1)?.text).toContain('Safari on macOS');
    // The owner's own device is still known after the sweep. A notice would be in the mailer's
    // hands by the answer: the sign-in passes the phrase along, so nothing is read first.
    await signIn(user, { device });
    expect(mailsTo(user)).toHaveLength(before + 1);
  });
});

describe('the anti-phishing code', () => {
  it('heads every kind of e-mail to its owner, in their language, and is shown to no one else', async () => {
    const user = await signUp(server);
    expect(
      await call(
        server,
        'security/set-anti-phishing',
        { anti_phishing: ' Blue Falcon 7 ', password: user.password },
        user.token,
      ),
    ).toEqual({ anti_phishing_set: true, withdraw_hold_hours: 24 });
    await expect.poll(() => mailsTo(user).at(-1)?.subject).toBe('Your anti-phishing code was changed');
    const before = mailsTo(user).length;
    await signIn(user, { device: 'new-device-id-00001' });
    server.clock.advance(61);
    await post(server, 'sms/send-code', { email: user.user.email, scene: 'reset', lang: 'de' });
    server.clock.advance(61);
    await post(server, 'sms/send-code', { email: user.user.email, scene: 'register' });
    expect((await bindPayout(server, user, card)).code).toBe(200);
    const kinds = (await mailCount(user, before + 5)).slice(before);
    // Each goes out after its answer, so they may arrive in any order.
    expect(kinds.map((mail) => mail.subject).sort()).toEqual(
      [
        'New sign-in to your account',
        'Ihr Bestätigungscode',
        'About your account',
        'Your verification code',
        'A payout account was added',
      ].sort(),
    );
    for (const mail of kinds) expect(mail.text.split('\n')[0]).toMatch(/: Blue Falcon 7$/);
    const german = kinds.find((mail) => mail.lang === 'de');
    expect(german?.text.startsWith('Ihr Anti-Phishing-Code: Blue Falcon 7')).toBe(true);
    expect(JSON.stringify(await call(server, 'userinfo/get-info', {}, user.token))).not.toContain('Falcon');
    expect(JSON.stringify(await call(server, 'security/settings', {}, user.token))).not.toContain('Falcon');
    expect(await call(server, 'security/show-anti-phishing', { password: user.password }, user.token)).toEqual({
      anti_phishing: 'Blue Falcon 7',
    });
  });

  it.each([['abc'], ['twenty-one characters'], ['Blue\u202eFalcon'], ['Blue\nFalcon']])(
    'refuses %j as a code',
    async (phrase) => {
      const user = await signUp(server);
      expect(
        await post(
          server,
          'security/set-anti-phishing',
          { anti_phishing: phrase, password: user.password },
          { token: user.token },
        ),
      ).toMatchObject({ code: 400, data: { field: 'anti_phishing' } });
    },
  );

  it('can be taken away', async () => {
    const user = await signUp(server);
    await call(
      server,
      'security/set-anti-phishing',
      { anti_phishing: 'Blue Falcon', password: user.password },
      user.token,
    );
    await call(server, 'security/set-anti-phishing', { anti_phishing: '', password: user.password }, user.token);
    await expect.poll(() => mailsTo(user).at(-1)?.subject).toBe('Your anti-phishing code was removed');
    const before = mailsTo(user).length;
    server.clock.advance(61);
    await post(server, 'sms/send-code', { email: user.user.email, scene: 'reset' });
    const [mail] = (await mailCount(user, before + 1)).slice(-1);
    expect(mail?.text.startsWith('Your code to reset your password')).toBe(true);
  });
});

describe('the hold on a new payout account', () => {
  it('needs the code mailed to the customer, and a wrong one binds nothing', async () => {
    const user = await signUp(server);
    expect(await post(server, 'bankinfo/create', card, { token: user.token })).toMatchObject({
      code: 400,
      data: { field: 'code' },
    });
    expect(await post(server, 'bankinfo/create', { ...card, code: '000000' }, { token: user.token })).toMatchObject({
      code: 400,
      data: { field: 'code' },
    });
    expect((await call(server, 'bankinfo/get-is-add', {}, user.token)).types).toEqual([]);
  });

  it('refuses withdrawals to it for 24 hours, says until when, and mails the customer', async () => {
    const user = await signUp(server);
    await fund(server, user, '100');
    const bound = await bindPayout(server, user, card, { held: true });
    const usableAt = new Date(server.clock.now().getTime() + 24 * 3600_000).toISOString();
    expect(bound.data.usable_at).toBe(usableAt);
    await expect.poll(() => mailsTo(user).some((mail) => mail.text.includes('bank card ending in 5432'))).toBe(true);
    const withdraw = { type: 'bank', bk_id: String(bound.data.bk_id), amount: '10', password: user.password };
    const held = await post(server, 'withdraw/create', withdraw, { token: user.token });
    expect(held).toMatchObject({ code: 400, data: { field: 'bk_id', usable_at: usableAt } });
    expect(held.msg).toContain(`${usableAt.slice(0, 10)} ${usableAt.slice(11, 16)} UTC`);
    expect((await call(server, 'userinfo/get-money-info', {}, user.token)).balance).toBe('100.00');
    server.clock.advance(24 * 3600 - 1);
    expect((await post(server, 'withdraw/create', withdraw, { token: user.token })).code).toBe(400);
    server.clock.advance(1);
    expect((await post(server, 'withdraw/create', withdraw, { token: user.token })).code).toBe(200);
  });
});

describe('what a stolen session alone cannot do', () => {
  type Guarded =
    | 'security/show-anti-phishing'
    | 'security/set-anti-phishing'
    | 'passkey/remove'
    | 'security/end-session'
    | 'security/end-other-sessions';

  async function ownerWithThief() {
    const owner = await signUp(server);
    const key = await addPasskey(server, owner);
    await call(
      server,
      'security/set-anti-phishing',
      { anti_phishing: 'Blue Falcon 7', password: owner.password },
      owner.token,
    );
    const thief = (await signIn(owner, { userAgent: LAPTOP, ip: '198.51.100.66' })).data;
    const passkeyId = String((await call(server, 'passkey/list', {}, owner.token)).list[0]?.id);
    const sessions = await call(server, 'security/sessions', {}, thief.token);
    const ownerSession = sessions.list.find((session) => !session.current)?.id ?? '';
    const guarded: [Guarded, Record<string, string>][] = [
      ['security/show-anti-phishing', {}],
      ['security/set-anti-phishing', { anti_phishing: 'Thief Phrase' }],
      ['passkey/remove', { id: passkeyId }],
      ['security/end-session', { id: ownerSession }],
      ['security/end-other-sessions', {}],
    ];
    return { owner, key, thief, guarded };
  }

  it('reads or changes nothing without fresh proof: no password, a wrong one, or a passkey only touched', async () => {
    const { owner, key, thief, guarded } = await ownerWithThief();
    for (const [path, fields] of guarded) {
      expect(await post(server, path, fields, { token: thief.token }), `${path} without proof`).toMatchObject({
        code: 400,
        data: { field: 'password' },
      });
      expect(
        await post(server, path, { ...fields, password: 'Guess1234' }, { token: thief.token }),
        `${path} with a guess`,
      ).toMatchObject({ code: 400, data: { field: 'password' } });
      const ceremony = await call(server, 'passkey/confirm-options', {}, thief.token);
      expect(ceremony.options).toMatchObject({ userVerification: 'required' });
      const touched = key.get(ceremony.options, { verified: false });
      expect(
        await post(
          server,
          path,
          { ...fields, challenge_id: ceremony.challenge_id, passkey: touched },
          { token: thief.token },
        ),
        `${path} with a touch`,
      ).toMatchObject({ code: 400, data: { field: 'passkey' } });
    }
    // Nothing moved: the owner is signed in, the passkey and the phrase are as they were.
    expect((await post(server, 'userinfo/get-info', {}, { token: owner.token })).code).toBe(200);
    expect((await call(server, 'passkey/list', {}, owner.token)).total).toBe(1);
    expect(await call(server, 'security/show-anti-phishing', { password: owner.password }, owner.token)).toEqual({
      anti_phishing: 'Blue Falcon 7',
    });
  });

  it('takes the password or a passkey that verified the owner, and mails the owner each time', async () => {
    const { owner, key, thief } = await ownerWithThief();
    const confirmed = async () => {
      const ceremony = await call(server, 'passkey/confirm-options', {}, owner.token);
      return { challenge_id: ceremony.challenge_id, passkey: key.get(ceremony.options) };
    };
    const notices = () => mailsTo(owner).map((mail) => mail.subject);
    const before = notices().length;
    expect(await call(server, 'security/show-anti-phishing', await confirmed(), owner.token)).toEqual({
      anti_phishing: 'Blue Falcon 7',
    });
    await expect.poll(() => notices().at(-1)).toBe('Your anti-phishing code was shown');
    await call(
      server,
      'security/set-anti-phishing',
      { anti_phishing: 'Green Owl 8', ...(await confirmed()) },
      owner.token,
    );
    await expect.poll(() => notices().at(-1)).toBe('Your anti-phishing code was changed');
    // Announced under the phrase the owner knew, not the new one.
    expect(mailsTo(owner).at(-1)?.text.split('\n')[0]).toMatch(/: Blue Falcon 7$/);
    const thiefSession = (await call(server, 'security/sessions', {}, owner.token)).list.find(
      (session) => !session.current,
    );
    await call(server, 'security/end-session', { id: thiefSession?.id ?? '', password: owner.password }, owner.token);
    await expect.poll(() => notices().at(-1)).toBe('A device was signed out');
    expect(mailsTo(owner).at(-1)?.text).toContain('Safari on macOS');
    expect((await post(server, 'userinfo/get-info', {}, { token: thief.token })).code).toBe(-1);
    await signIn(owner);
    expect(await call(server, 'security/end-other-sessions', await confirmed(), owner.token)).toEqual({ ended: 1 });
    await expect.poll(() => notices().at(-1)).toBe('Your other devices were signed out');
    expect(
      notices()
        .slice(before)
        .filter((subject) => subject !== 'New sign-in to your account'),
    ).toEqual([
      'Your anti-phishing code was shown',
      'Your anti-phishing code was changed',
      'A device was signed out',
      'Your other devices were signed out',
    ]);
  });
});

describe('signed-in devices, page by page', () => {
  it('answers at most a page of sessions, and says how many there are', async () => {
    const user = await signUp(server);
    for (let index = 0; index < 11; index += 1) await signIn(user, { device: `device-number-${index}-000` });
    const first = await call(server, 'security/sessions', {}, user.token);
    expect(first).toMatchObject({ total: 12, page: 1, page_size: 10 });
    expect(first.list).toHaveLength(10);
    const second = await call(server, 'security/sessions', { page: '2' }, user.token);
    expect(second.list).toHaveLength(2);
    const ids = new Set([...first.list, ...second.list].map((session) => session.id));
    expect(ids.size).toBe(12);
  });
});
