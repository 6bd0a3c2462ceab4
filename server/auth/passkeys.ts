import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { ResultCode } from '../../contract/envelope';
import { PASSKEYS_PER_CUSTOMER } from '../../contract/rules';
import type { PasskeySummary } from '../../contract/responses';
import type { CallContext } from '../platform/http/envelope';
import type { CallRegistry } from './calls';
import { inTransaction } from '../ledger/transactions';
import { isoNow } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import { isUniqueViolation } from '../platform/database/sql';
import type { PasskeyRow } from './passkey-queries';
import type { UserRow } from '../customers/queries';
import { ApiError, invalidField, notFound } from '../platform/http/errors';
import { pageOf } from '../platform/http/paging';
import { requireIdentityProof } from './identity-proof';
import { mailOwner } from './owner-notices';
import { recordSignIn } from './sign-ins';
import {
  CHALLENGE_TTL_SECONDS,
  credentialIdOf,
  relyingParty,
  startCeremony,
  startStepUp,
  takeChallenge,
  transportsOf,
  userHandle,
  verifyAssertion,
} from './webauthn';
import { toUserInfo } from '../customers/wire';
import { clientOf, createSession } from './routes';

const RP_NAME = 'USDT Wallet';
/** ES256 (every platform authenticator) and RS256 (Windows Hello's older keys). */
const ALGORITHMS = [-7, -257];

function toPasskeySummary(row: PasskeyRow): PasskeySummary {
  return { id: row.id, name: row.name, created_at: row.created_at, last_used_at: row.last_used_at };
}

const passkeyLimitReached = () =>
  new ApiError(ResultCode.conflict, 'passkey_limit', { max: PASSKEYS_PER_CUSTOMER }, { max: PASSKEYS_PER_CUSTOMER });

export function passkeyRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries, limits } = context;
  const signInLimit = { max: limits.signInsPerIpPerHour, timeWindow: 3600_000 };
  // Each ceremony stores a challenge until it expires: enough for any customer, not for a flood.
  const ceremonyLimit = { max: 60, timeWindow: 3600_000 };

  /**
   * The account password first, before the browser makes a key: a stolen session alone must not
   * add a way in. A customer holds at most PASSKEYS_PER_CUSTOMER passkeys.
   */
  calls.user(
    'passkey/register-options',
    async ({ password }, call) => {
      const { user, tokenHash, request } = call;
      await requireIdentityProof(context, call, { password });
      const existing = await queries.passkeys.ofUser(user.id, PASSKEYS_PER_CUSTOMER);
      if (existing.length >= PASSKEYS_PER_CUSTOMER) throw passkeyLimitReached();
      const party = relyingParty(context, request);
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

  /** The answer to a challenge that only the password could get (see register-options). */
  calls.user(
    'passkey/register',
    async (input, call) => {
      const { user, tokenHash, request } = call;
      const { challenge } = await takeChallenge(context, input.challenge_id, 'register', tokenHash, 'response');
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
        name: input.name,
        created_at: isoNow(context),
      };
      const id = await inTransaction(context, async (tx) => {
        // Counted and added under one lock: ceremonies finished together cannot pass the limit.
        await tx.lock(`passkeys of ${user.id}`);
        if ((await tx.queries.passkeys.countOf(user.id)) >= PASSKEYS_PER_CUSTOMER) throw passkeyLimitReached();
        try {
          return await tx.queries.passkeys.insert(row);
        } catch (error) {
          if (isUniqueViolation(error)) throw invalidField('response', 'passkey_failed');
          throw error;
        }
      });
      mailOwner(context, user, call.lang, 'passkey_added', { name: row.name });
      return toPasskeySummary({ ...row, id, last_used_at: null });
    },
    { max: 20, timeWindow: 3600_000 },
  );

  calls.user('passkey/list', (input, { user }) =>
    pageOf(
      input,
      {
        rows: (limit, offset) => queries.passkeys.ofUser(user.id, limit, offset),
        total: () => queries.passkeys.countOf(user.id),
      },
      toPasskeySummary,
    ),
  );

  /** Taking a way in away needs fresh proof too, and the owner hears of it. */
  calls.user('passkey/remove', async ({ id, ...proof }, call) => {
    const { user } = call;
    const passkey = await queries.passkeys.byId(id);
    if (!passkey || passkey.user_id !== user.id) throw notFound();
    await requireIdentityProof(context, call, proof);
    if (!(await queries.passkeys.remove(id, user.id))) throw notFound();
    mailOwner(context, user, call.lang, 'passkey_removed', { name: passkey.name });
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

  calls.user('passkey/withdraw-options', (_input, call) => startStepUp(context, call, 'withdraw'), ceremonyLimit);

  calls.user('passkey/confirm-options', (_input, call) => startStepUp(context, call, 'confirm'), ceremonyLimit);
}
