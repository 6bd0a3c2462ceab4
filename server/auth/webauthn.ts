import { createHash, randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { ResultCode } from '../../contract/envelope';
import { PAGE_SIZE_MAX } from '../../contract/rules';
import type { PasskeyCeremony } from '../../contract/responses';
import type { UserCallContext } from './calls';
import { isoNow } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import type { ChallengePurpose, PasskeyRow } from './passkey-queries';
import { ApiError, invalidField, notFound } from '../platform/http/errors';
import { newToken } from '../platform/security/tokens';

/** How long a ceremony may take, from options to answer. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

/**
 * Who the passkeys are for: PUBLIC_URL's host and origin when set (behind a proxy the request's
 * own address may not be what the browser sees), else the request's. A browser only makes or
 * uses a passkey for the host it is on, so a request naming another host gets passkeys nobody
 * else's page can use.
 */
export function relyingParty(context: ServerContext, request: FastifyRequest): { id: string; origin: string } {
  const base = context.publicUrl ?? `${request.protocol}://${request.host}`;
  if (!URL.canParse(base)) throw new ApiError(ResultCode.invalid, 'bad_request');
  const url = new URL(base);
  return { id: url.hostname, origin: url.origin };
}

/**
 * The WebAuthn user handle of an account: a digest of its id, the same on every device (so an
 * authenticator replaces its own older passkey for the account), with nothing in it to read.
 */
export function userHandle(userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash('sha256').update(`wallet-user:${userId}`).digest());
}

export function transportsOf(row: PasskeyRow): string[] {
  return row.transports === '' ? [] : row.transports.split(',');
}

/** Stores a fresh challenge for `purpose` and hands the browser its options. */
export async function startCeremony(
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
export async function takeChallenge(
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

export function credentialIdOf(response: Record<string, unknown>): string | undefined {
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
export async function verifyAssertion(
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

/** What a passkey confirms for a signed-in customer: a withdrawal, or who they are. */
export type StepUpPurpose = Extract<ChallengePurpose, 'withdraw' | 'confirm'>;

/**
 * Options for a signed-in customer's passkey to confirm `purpose`: any of their passkeys, and the
 * customer verified (fingerprint, face or PIN), not a mere touch. 404 when they have none.
 */
export async function startStepUp(
  context: ServerContext,
  { user, tokenHash, request }: UserCallContext,
  purpose: StepUpPurpose,
): Promise<PasskeyCeremony> {
  const party = relyingParty(context, request);
  const existing = await context.queries.passkeys.ofUser(user.id, PAGE_SIZE_MAX);
  if (existing.length === 0) throw notFound();
  return startCeremony(context, purpose, { tokenHash, userId: user.id }, async (challenge) => ({
    ...(await generateAuthenticationOptions({
      rpID: party.id,
      challenge,
      timeout: CHALLENGE_TTL_SECONDS * 1000,
      allowCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
      userVerification: 'required',
    })),
  }));
}

/**
 * True when `response` is an assertion, with the customer verified, by one of this customer's
 * passkeys, for a challenge this session asked for `purpose`. The challenge is used up either way.
 */
export async function verifyStepUp(
  context: ServerContext,
  call: UserCallContext,
  purpose: StepUpPurpose,
  challengeId: string,
  response: Record<string, unknown>,
): Promise<boolean> {
  const { challenge } = await takeChallenge(context, challengeId, purpose, call.tokenHash, 'passkey');
  const credentialId = credentialIdOf(response);
  const passkey = credentialId ? await context.queries.passkeys.byCredentialId(credentialId) : undefined;
  if (!passkey || passkey.user_id !== call.user.id) return false;
  return verifyAssertion(context, passkey, { response, challenge, request: call.request }, true);
}
