import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
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
} from '../test-support';

let server: TestServer;
freshServerPerTest((started) => (server = started), { demo: true });

/** What the server expects behind app.inject: the Host header light-my-request sends. */
const ORIGIN = 'http://localhost';
const RP_ID = 'localhost';

/** Just enough CBOR for a "none" attestation and a COSE key: maps, ints, byte and text strings. */
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/** A software authenticator: one P-256 passkey, with the flags and counter a test asks for. */
class SoftPasskey {
  readonly id = randomBytes(16).toString('base64url');
  private readonly privateKey: KeyObject;
  private readonly cose: Buffer;
  counter = 0;
  userHandle = '';

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.cose = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }

  private authData(flags: number, attested: boolean): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const parts: Buffer[] = [createHash('sha256').update(RP_ID).digest(), Buffer.from([flags]), counter];
    if (attested) {
      const rawId = Buffer.from(this.id, 'base64url');
      const length = Buffer.alloc(2);
      length.writeUInt16BE(rawId.length);
      parts.push(Buffer.alloc(16), length, rawId, this.cose);
    }
    return Buffer.concat(parts);
  }

  private static clientData(type: string, options: Record<string, unknown>): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge: options.challenge, origin: ORIGIN, crossOrigin: false }));
  }

  create(options: Record<string, unknown>): string {
    this.userHandle = (options.user as { id: string }).id;
    const attestation = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(UP | UV | AT, true)],
      ]),
    );
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: SoftPasskey.clientData('webauthn.create', options).toString('base64url'),
        attestationObject: attestation.toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    });
  }

  get(options: Record<string, unknown>, { verified = true } = {}): string {
    this.counter += 1;
    const authData = this.authData(verified ? UP | UV : UP, false);
    const clientData = SoftPasskey.clientData('webauthn.get', options);
    const signed = Buffer.concat([authData, createHash('sha256').update(clientData).digest()]);
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: sign('sha256', signed, this.privateKey).toString('base64url'),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    });
  }
}

async function addPasskey(user: TestUser, key = new SoftPasskey()): Promise<SoftPasskey> {
  const ceremony = await call(server, 'passkey/register-options', {}, user.token);
  await call(
    server,
    'passkey/register',
    { challenge_id: ceremony.challenge_id, response: key.create(ceremony.options), password: user.password },
    user.token,
  );
  return key;
}

const signInOptions = () => call(server, 'passkey/sign-in-options', {});
const signIn = (ceremony: PasskeyCeremony, response: string) =>
  post<AuthResult>(server, 'passkey/sign-in', { challenge_id: ceremony.challenge_id, response });

describe('passkeys', () => {
  it('are added only with the account password, listed, and removed only by their owner', async () => {
    const alice = await signUp(server);
    const key = new SoftPasskey();
    const ceremony = await call(server, 'passkey/register-options', {}, alice.token);
    expect(ceremony.options).toMatchObject({
      rp: { id: RP_ID },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const fields = { challenge_id: ceremony.challenge_id, response: key.create(ceremony.options) };
    const wrong = await post(server, 'passkey/register', { ...fields, password: 'Wrong1234' }, { token: alice.token });
    expect(wrong).toMatchObject({ code: 400, data: { field: 'password' } });
    // The refused try used the challenge up: even with the password it is gone.
    const again = await post(
      server,
      'passkey/register',
      { ...fields, password: alice.password },
      { token: alice.token },
    );
    expect(again).toMatchObject({ code: 400, data: { field: 'response' } });

    await addPasskey(alice, key);
    const { list } = await call(server, 'passkey/list', {}, alice.token);
    // Its owner hears of it, in case it was not them.
    await expect
      .poll(() => server.mailer.sent.filter((mail) => mail.to === alice.user.email).at(-1)?.subject)
      .toBe('A passkey was added');
    expect(list).toEqual([expect.objectContaining({ name: expect.any(String), last_used_at: null })]);
    const next = await call(server, 'passkey/register-options', {}, alice.token);
    expect(next.options.excludeCredentials).toEqual([expect.objectContaining({ id: key.id })]);

    const mallory = await signUp(server);
    const passkeyId = String((list[0] as PasskeySummary).id);
    expect(await post(server, 'passkey/remove', { id: passkeyId }, { token: mallory.token })).toMatchObject({
      code: 404,
    });
    await call(server, 'passkey/remove', { id: passkeyId }, alice.token);
    expect((await call(server, 'passkey/list', {}, alice.token)).list).toEqual([]);
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
    const forRegistering = await call(server, 'passkey/register-options', {}, alice.token);
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
