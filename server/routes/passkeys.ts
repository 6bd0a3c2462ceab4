import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { ResultCode } from '../../contract/envelope';
import type { PasskeyCeremony, PasskeySummary } from '../../contract/responses';
import type { CallContext, CallRegistry, UserCallContext } from '../calls';
import { isoNow, type ServerContext } from '../context';
import { isUniqueViolation } from '../db/database';
import type { ChallengePurpose, PasskeyRow } from '../db/passkeys';
import type { UserRow } from '../db/users';
import { ApiError, invalidField, notFound } from '../errors';
import { translate, utcMinute } from '../i18n';
import { composeMail } from '../mail/mailer';
import { checkPasswordGuess, fromSession, guessKey } from '../security/password-guesses';
import { deviceName, recordSignIn } from '../security/sign-ins';
import { newToken } from '../security/tokens';
import { toUserInfo } from '../wire';
import { clientOf, createSession } from './auth';
import { createHash, randomBytes } from 'node:crypto';

/** How long a ceremony may take, from options to answer. */
const CHALLENGE_TTL_SECONDS = 5 * 60;
const RP_NAME = 'USDT Wallet';
/** ES256 (every platform authenticator) and RS256 (Windows Hello's older keys). */
const ALGORITHMS = [-7, -257];

/**
 * Who the passkeys are for: PUBLIC_URL's host and origin when set (behind a proxy the request's
 * own address may not be what the browser sees), else the request's. A browser only makes or
 * uses a passkey for the host it is on, so a request naming another host gets passkeys nobody
 * else's page can use.
 */
function relyingParty(context: ServerContext, request: FastifyRequest): { id: string; origin: string } {
  const base = context.publicUrl ?? `${request.protocol}://${request.host}`;
  if (!URL.canParse(base)) throw new ApiError(ResultCode.invalid, 'bad_request');
  const url = new URL(base);
  return { id: url.hostname, origin: url.origin };
}

/**
 * The WebAuthn user handle of an account: a digest of its id, the same on every device (so an
 * authenticator replaces its own older passkey for the account), with nothing in it to read.
 */
function userHandle(userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash('sha256').update(`wallet-user:${userId}`).digest());
}

function transportsOf(row: PasskeyRow): string[] {
  return row.transports === '' ? [] : row.transports.split(',');
}

function toPasskeySummary(row: PasskeyRow): PasskeySummary {
  return { id: row.id, name: row.name, created_at: row.created_at, last_used_at: row.last_used_at };
}

/** Stores a fresh challenge for `purpose` and hands the browser its options. */
async function startCeremony(
  context: ServerContext,
  purpose: ChallengePurpose,
  owner: { tokenHash: string; userId: number } | undefined,
  options: (challenge: Uint8Array<ArrayBuffer>) => Promise<Record<string, unknown>>,
): Promise<PasskeyCeremony> {
  // Given to the library as bytes: a string would be taken as text and encoded once more.
  const bytes = new Uint8Array(randomBytes(32));
  const challenge = Buffer.from(bytes).toString('base64url');
  const handle = newToken();
  const now = context.now();
  await context.queries.passkeys.insertChallenge({
    handle,
    challenge,
    purpose,
    token_hash: owner?.tokenHash ?? '',
    user_id: owner?.userId ?? null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000).toISOString(),
  });
  return { challenge_id: handle, options: await options(bytes) };
}

/** Uses up the challenge or refuses the answer on `field`. */
async function takeChallenge(
  context: ServerContext,
  handle: string,
  purpose: ChallengePurpose,
  tokenHash: string,
  field: string,
): Promise<{ challenge: string; user_id: number | null }> {
  const taken = await context.queries.passkeys.consumeChallenge(handle, purpose, tokenHash, isoNow(context));
  if (!taken) throw invalidField(field, 'passkey_failed');
  return taken;
}

function credentialIdOf(response: Record<string, unknown>): string | undefined {
  return typeof response.id === 'string' && response.id !== '' ? response.id : undefined;
}

interface Assertion {
  response: Record<string, unknown>;
  challenge: string;
  request: FastifyRequest;
}

/**
 * Checks an assertion against the stored passkey it names and records the use. False when the
 * user handle, signature, origin, challenge, user verification (when `requireUserVerification`)
 * or counter is wrong. The counter must move forward unless the
 * authenticator keeps none: one that goes back means a copy of the key is in use.
 */
async function verifyAssertion(
  context: ServerContext,
  passkey: PasskeyRow,
  { response, challenge, request }: Assertion,
  requireUserVerification: boolean,
): Promise<boolean> {
  const party = relyingParty(context, request);
  const handle = (response.response as { userHandle?: unknown } | undefined)?.userHandle;
  if (typeof handle === 'string' && handle !== Buffer.from(userHandle(passkey.user_id)).toString('base64url')) {
    return false;
  }
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      // The library checks the shape of every field it reads; a malformed one throws.
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
      requireUserVerification,
    });
  } catch (error) {
    context.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'passkey assertion refused');
    return false;
  }
  if (!verified.verified) return false;
  return context.queries.passkeys.recordUse(passkey.id, verified.authenticationInfo.newCounter, isoNow(context));
}

/**
 * The passkey step-up of a withdrawal: true when `response` is an assertion, with the customer
 * verified (fingerprint, face or PIN, not a mere touch), by one of this customer's passkeys, for a
 * challenge this session asked for a withdrawal. The challenge is used up either way.
 */
export async function verifyWithdrawPasskey(
  context: ServerContext,
  call: UserCallContext,
  challengeId: string,
  response: Record<string, unknown>,
): Promise<boolean> {
  const { challenge } = await takeChallenge(context, challengeId, 'withdraw', call.tokenHash, 'passkey');
  const credentialId = credentialIdOf(response);
  const passkey = credentialId ? await context.queries.passkeys.byCredentialId(credentialId) : undefined;
  if (!passkey || passkey.user_id !== call.user.id) return false;
  return verifyAssertion(context, passkey, { response, challenge, request: call.request }, true);
}

/**
 * Tells the owner a passkey was added, after the answer: a new way into the account, like a new
 * payout account, is news its owner must hear of if it was not them.
 */
function mailPasskeyAdded(
  context: ServerContext,
  { user, lang }: UserCallContext,
  row: { name: string; created_at: string },
) {
  // The owner read afresh: their anti-phishing phrase may be newer than this session's copy.
  context.queries.users
    .byId(user.id)
    .then((owner) =>
      context.mailer.send(
        composeMail({
          to: user.email,
          lang,
          antiPhishing: owner?.anti_phishing ?? '',
          subject: translate(lang, 'mail.subject.passkey_added'),
          text: translate(lang, 'mail.body.passkey_added', {
            name: row.name,
            account: user.account,
            time: utcMinute(row.created_at),
          }),
        }),
      ),
    )
    .catch((error: unknown) =>
      context.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'passkey e-mail not sent'),
    );
}

export function passkeyRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries, limits } = context;
  const signInLimit = { max: limits.signInsPerIpPerHour, timeWindow: 3600_000 };
  // Each ceremony stores a challenge until it expires: enough for any customer, not for a flood.
  const ceremonyLimit = { max: 60, timeWindow: 3600_000 };

  calls.user(
    'passkey/register-options',
    async (_input, { user, tokenHash, request }) => {
      const party = relyingParty(context, request);
      const existing = await queries.passkeys.ofUser(user.id);
      return startCeremony(context, 'register', { tokenHash, userId: user.id }, async (challenge) => ({
        ...(await generateRegistrationOptions({
          rpName: RP_NAME,
          rpID: party.id,
          userName: user.account,
          userDisplayName: user.nickname || user.account,
          userID: userHandle(user.id),
          challenge,
          timeout: CHALLENGE_TTL_SECONDS * 1000,
          attestationType: 'none',
          excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
          authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
          supportedAlgorithmIDs: ALGORITHMS,
        })),
      }));
    },
    ceremonyLimit,
  );

  calls.user(
    'passkey/register',
    async (input, call) => {
      const { user, tokenHash, request } = call;
      const { challenge } = await takeChallenge(context, input.challenge_id, 'register', tokenHash, 'response');
      // Adding a way into the account needs the password, like money leaving it: a stolen
      // session alone must not be enough to add the thief's own key. Wrong guesses count with
      // failed logins.
      const source = fromSession(tokenHash);
      if (!(await checkPasswordGuess(context, guessKey(user, user.account), source, input.password, user.password_hash))) {
        throw invalidField('password', 'wrong_password');
      }
      const party = relyingParty(context, request);
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          // The library checks the shape of every field it reads; a malformed one throws.
          response: input.response as unknown as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: party.origin,
          expectedRPID: party.id,
          requireUserVerification: false,
          supportedAlgorithmIDs: ALGORITHMS,
        });
      } catch (error) {
        context.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'passkey refused');
        throw invalidField('response', 'passkey_failed');
      }
      if (!verified.verified) throw invalidField('response', 'passkey_failed');
      const { credential } = verified.registrationInfo;
      const row = {
        user_id: user.id,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        name: input.name ?? deviceName(call.lang, clientOf(call).userAgent),
        created_at: isoNow(context),
      };
      let id: number;
      try {
        id = await queries.passkeys.insert(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw invalidField('response', 'passkey_failed');
        throw error;
      }
      mailPasskeyAdded(context, call, row);
      return toPasskeySummary({ ...row, id, last_used_at: null });
    },
    { max: 20, timeWindow: 3600_000 },
  );

  calls.user('passkey/list', async (_input, { user }) => ({
    list: (await queries.passkeys.ofUser(user.id)).map(toPasskeySummary),
  }));

  calls.user('passkey/remove', async ({ id }, { user }) => {
    if (!(await queries.passkeys.remove(id, user.id))) throw notFound();
    return {};
  });

  calls.open(
    'passkey/sign-in-options',
    async (_input, { request }) => {
      const party = relyingParty(context, request);
      // No list of credentials: the browser offers the passkeys it holds for this site, and the
      // one chosen names its account.
      return startCeremony(context, 'sign_in', undefined, async (challenge) => ({
        ...(await generateAuthenticationOptions({
          rpID: party.id,
          challenge,
          timeout: CHALLENGE_TTL_SECONDS * 1000,
          userVerification: 'preferred',
        })),
      }));
    },
    signInLimit,
  );

  calls.open(
    'passkey/sign-in',
    async (input, call: CallContext) => {
      const { challenge } = await takeChallenge(context, input.challenge_id, 'sign_in', '', 'response');
      const credentialId = credentialIdOf(input.response);
      const passkey = credentialId ? await queries.passkeys.byCredentialId(credentialId) : undefined;
      const user: UserRow | undefined = passkey ? await queries.users.byId(passkey.user_id) : undefined;
      const client = clientOf(call, input.device);
      const verified =
        passkey !== undefined &&
        (await verifyAssertion(
          context,
          passkey,
          { response: input.response, challenge, request: call.request },
          false,
        ));
      // A disabled account gets the answer of a wrong passkey, as user/login answers it.
      if (!user || !verified || user.status !== 'active') {
        if (user) await recordSignIn(context, user, 'failure', 'passkey', client);
        throw invalidField('response', 'passkey_failed');
      }
      await recordSignIn(context, user, 'success', 'passkey', client);
      return { token: await createSession(context, user.id, client), user: toUserInfo(user) };
    },
    signInLimit,
  );

  calls.user(
    'passkey/withdraw-options',
    async (_input, { user, tokenHash, request }) => {
      const party = relyingParty(context, request);
      const existing = await queries.passkeys.ofUser(user.id);
      if (existing.length === 0) throw notFound();
      return startCeremony(context, 'withdraw', { tokenHash, userId: user.id }, async (challenge) => ({
        ...(await generateAuthenticationOptions({
          rpID: party.id,
          challenge,
          timeout: CHALLENGE_TTL_SECONDS * 1000,
          allowCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
          userVerification: 'required',
        })),
      }));
    },
    ceremonyLimit,
  );
}
