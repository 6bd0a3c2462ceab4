import { describe, expect, it } from 'vitest';
import type { AuthResult, PasskeyCeremony, PasskeySummary } from '../../contract/responses';
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
import { RP_ID, SoftPasskey, addPasskey as addPasskeyAs } from '../testing/soft-passkey';

let server: TestServer;
freshServerPerTest((started) => (server = started), { demo: true });

const addPasskey = (user: TestUser, key?: SoftPasskey) => addPasskeyAs(server, user, key);

const signInOptions = () => call(server, 'passkey/sign-in-options', {});
const signIn = (ceremony: PasskeyCeremony, response: string) =>
  post<AuthResult>(server, 'passkey/sign-in', { challenge_id: ceremony.challenge_id, response });

describe('passkeys', () => {
  it('are added only with the account password, asked before the browser makes a key', async () => {
    const alice = await signUp(server);
    const wrong = await post(server, 'passkey/register-options', { password: 'Wrong1234' }, { token: alice.token });
    expect(wrong).toMatchObject({ code: 400, data: { field: 'password' } });
    const ceremony = await call(server, 'passkey/register-options', { password: alice.password }, alice.token);
    expect(ceremony.options).toMatchObject({
      rp: { id: RP_ID },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const key = new SoftPasskey();
    const fields = { challenge_id: ceremony.challenge_id, response: key.create(ceremony.options) };
    expect(await post(server, 'passkey/register', fields, { token: alice.token })).toMatchObject({
      code: 400,
      data: { field: 'name' },
    });
    await call(server, 'passkey/register', { ...fields, name: 'Work laptop' }, alice.token);
    // The challenge the password bought is used up.
    expect(await post(server, 'passkey/register', { ...fields, name: 'Again' }, { token: alice.token })).toMatchObject({
      code: 400,
      data: { field: 'response' },
    });

    const { list } = await call(server, 'passkey/list', {}, alice.token);
    // Its owner hears of it, in case it was not them.
    await expect
      .poll(() => server.mailer.sent.filter((mail) => mail.to === alice.user.email).at(-1)?.subject)
      .toBe('A passkey was added');
    expect(list).toEqual([expect.objectContaining({ name: 'Work laptop', last_used_at: null })]);
    const next = await call(server, 'passkey/register-options', { password: alice.password }, alice.token);
    expect(next.options.excludeCredentials).toEqual([expect.objectContaining({ id: key.id })]);

    const mallory = await signUp(server);
    const passkeyId = String((list[0] as PasskeySummary).id);
    expect(
      await post(server, 'passkey/remove', { id: passkeyId, password: mallory.password }, { token: mallory.token }),
    ).toMatchObject({ code: 404 });
    await call(server, 'passkey/remove', { id: passkeyId, password: alice.password }, alice.token);
    expect((await call(server, 'passkey/list', {}, alice.token)).list).toEqual([]);
    await expect
      .poll(() => server.mailer.sent.filter((mail) => mail.to === alice.user.email).at(-1)?.subject)
      .toBe('A passkey was removed');
  });

  it('are at most ten per customer, even when ceremonies finish together', async () => {
    const alice = await signUp(server);
    for (let index = 0; index < 8; index += 1) await addPasskey(alice);
    const started = [];
    for (let index = 0; index < 3; index += 1) {
      started.push(await call(server, 'passkey/register-options', { password: alice.password }, alice.token));
    }
    const finished = await Promise.all(
      started.map((ceremony, index) =>
        post(
          server,
          'passkey/register',
          {
            challenge_id: ceremony.challenge_id,
            response: new SoftPasskey().create(ceremony.options),
            name: `Key ${index}`,
          },
          { token: alice.token },
        ),
      ),
    );
    expect(finished.map((reply) => reply.code).sort()).toEqual([200, 200, 409]);
    expect(finished.find((reply) => reply.code === 409)?.msg).toBe(
      'You have 10 passkeys already. Remove one before adding another',
    );
    expect(
      await post(server, 'passkey/register-options', { password: alice.password }, { token: alice.token }),
    ).toMatchObject({ code: 409 });
    const page = await call(server, 'passkey/list', { page_size: '4' }, alice.token);
    expect(page).toMatchObject({ total: 10, page_size: 4 });
    expect(page.list).toHaveLength(4);
  });

  it('all go with a password reset, which the reset mail says, so a thief’s passkey stops working', async () => {
    const alice = await signUp(server);
    const thiefKey = await addPasskey(alice);
    server.clock.advance(61);
    expect((await post(server, 'sms/send-code', { email: alice.user.email, scene: 'reset' })).code).toBe(200);
    const resetMail = server.mailer.sent.at(-1);
    expect(resetMail?.text).toContain('removes all your passkeys');
    await call(server, 'user/reset-password', {
      email: alice.user.email,
      code: server.mailer.codeFor(alice.user.email),
      password: 'Renewed123',
      repassword: 'Renewed123',
    });
    const ceremony = await signInOptions();
    expect(await signIn(ceremony, thiefKey.get(ceremony.options))).toMatchObject({ code: 400 });
    const owner = await post<AuthResult>(server, 'user/login', { account: alice.user.account, password: 'Renewed123' });
    expect((await call(server, 'passkey/list', {}, owner.data.token)).total).toBe(0);
    expect(await post(server, 'passkey/withdraw-options', {}, { token: owner.data.token })).toMatchObject({
      code: 404,
    });
  });

  it('sign a customer in once per challenge, with a passkey-made session, and refuse a counter going back', async () => {
    const alice = await signUp(server);
    const key = await addPasskey(alice);

    const ceremony = await signInOptions();
    expect(ceremony.options).toMatchObject({ rpId: RP_ID, userVerification: 'preferred' });
    expect(ceremony.options.allowCredentials ?? []).toEqual([]);
    const signedIn = await signIn(ceremony, key.get(ceremony.options, { verified: false }));
    expect(signedIn).toMatchObject({ code: 200, data: { user: { id: alice.user.id } } });
    expect(await call(server, 'userinfo/get-info', {}, signedIn.data.token)).toMatchObject({ id: alice.user.id });
    const history = await call(server, 'security/sign-ins', {}, alice.token);
    expect(history.list[0]).toMatchObject({ outcome: 'success', method: 'passkey' });
    expect((await call(server, 'passkey/list', {}, alice.token)).list[0]?.last_used_at).not.toBeNull();

    // The same challenge a second time, and a challenge made to add a passkey, are refused.
    expect(await signIn(ceremony, key.get(ceremony.options))).toMatchObject({ code: 400 });
    const forRegistering = await call(server, 'passkey/register-options', { password: alice.password }, alice.token);
    expect(await signIn(forRegistering, key.get(forRegistering.options))).toMatchObject({ code: 400 });

    // A copy of the key, whose counter is behind the one last seen (1), is refused and recorded.
    key.counter = 0;
    const fresh = await signInOptions();
    expect(await signIn(fresh, key.get(fresh.options))).toMatchObject({
      code: 400,
      data: { field: 'response' },
    });
    const after = await call(server, 'security/sign-ins', {}, alice.token);
    expect(after.list[0]).toMatchObject({ outcome: 'failure', method: 'passkey' });
  });

  it('confirm a withdrawal only when they verified this customer in this session', async () => {
    const alice = await signUp(server);
    const key = await addPasskey(alice);
    await fund(server, alice, '100');
    const card = await bindPayout(server, alice, {
      type: 'bank',
      full_name: 'Alice Example',
      telephone: '+44 20 7946 0958',
      email: 'alice@example.com',
      iban: 'GB82WEST12345698765432',
      bank_name: 'Example Bank',
      area: 'London',
      country: 'United Kingdom',
      swift: 'WESTGB2L',
    });
    const withdraw = (token: string, ceremony: PasskeyCeremony, passkey: string, requestId?: string) =>
      post(
        server,
        'withdraw/create',
        {
          type: 'bank',
          bk_id: card.data.bk_id,
          amount: '10',
          challenge_id: ceremony.challenge_id,
          passkey,
          ...(requestId ? { request_id: requestId } : {}),
        },
        { token },
      );

    const options = await call(server, 'passkey/withdraw-options', {}, alice.token);
    expect(options.options).toMatchObject({ userVerification: 'required', allowCredentials: [{ id: key.id }] });
    // Only a touch, no fingerprint, face or PIN: refused.
    expect(await withdraw(alice.token, options, key.get(options.options, { verified: false }))).toMatchObject({
      code: 400,
      data: { field: 'passkey' },
    });

    const verified = await call(server, 'passkey/withdraw-options', {}, alice.token);
    expect(await withdraw(alice.token, verified, key.get(verified.options), 'w1')).toMatchObject({
      code: 200,
      data: { state: 'audit' },
    });
    // A repeat of the request needs fresh proof too: the used challenge is refused.
    expect(await withdraw(alice.token, verified, key.get(verified.options), 'w1')).toMatchObject({ code: 400 });

    // Mallory's own passkey, on Alice's challenge or in her own session for Alice's card.
    const mallory = await signUp(server);
    const malloryKey = await addPasskey(mallory);
    const forAlice = await call(server, 'passkey/withdraw-options', {}, alice.token);
    expect(await withdraw(alice.token, forAlice, malloryKey.get(forAlice.options))).toMatchObject({ code: 400 });

    // A challenge another session of Alice's asked for does not serve this one.
    const otherSession = await post<AuthResult>(server, 'user/login', {
      account: alice.user.account,
      password: alice.password,
    });
    const elsewhere = await call(server, 'passkey/withdraw-options', {}, otherSession.data.token);
    expect(await withdraw(alice.token, elsewhere, key.get(elsewhere.options))).toMatchObject({ code: 400 });
    expect((await call(server, 'withdraw/list', {}, alice.token)).total).toBe(1);
  });
});
