import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { call, type TestServer, type TestUser } from './test-support';

/** What the server expects behind app.inject: the Host header light-my-request sends. */
const ORIGIN = 'http://localhost';
export const RP_ID = 'localhost';

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
export class SoftPasskey {
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

/** Adds `key` (a new one unless given) to `user`'s account as the app does: password first, then the ceremony. */
export async function addPasskey(
  server: TestServer,
  user: TestUser,
  key = new SoftPasskey(),
  name = 'Test phone',
): Promise<SoftPasskey> {
  const ceremony = await call(server, 'passkey/register-options', { password: user.password }, user.token);
  await call(
    server,
    'passkey/register',
    { challenge_id: ceremony.challenge_id, response: key.create(ceremony.options), name },
    user.token,
  );
  return key;
}
