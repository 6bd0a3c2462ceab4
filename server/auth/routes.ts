import { ResultCode } from '../../contract/envelope';
import type { SendCodeScene, WireLanguage } from '../../contract/rules';
import type { CallContext } from '../platform/http/envelope';
import type { CallRegistry } from './calls';
import { LAST_SEEN_STEP_SECONDS } from './session-queries';
import { deviceKey, trimUserAgent } from './devices';
import { recordSignIn, type SignInClient } from './sign-ins';
import { inTransaction } from '../ledger/transactions';
import { isoNow, secondsAgo, secondsUntil, type Domain } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import { ApiError, conflict, invalidField, tooManyRequests } from '../platform/http/errors';
import { translate } from '../platform/i18n';
import { identityKey } from '../platform/database/identity-keys';
import { checkPasswordGuess, fromAddress, fromKnownDevice, guessKey } from './password-guesses';
import { composeMail, type Mail } from '../platform/mail/mailer';
import type { UserRow } from '../customers/queries';
import { UNKNOWN_USER_HASH, hashPassword } from './passwords';
import { newEmailCode, newPublicCode, newToken, sameDigest, sha256 } from '../platform/security/tokens';
import { toUserInfo } from '../customers/wire';

const CODE_TTL_SECONDS = 10 * 60;
const CODE_MAX_ATTEMPTS = 5;
/** The window of the per-address limit on e-mail codes; codes older than it serve no purpose. */
export const CODES_PER_IP_WINDOW_SECONDS = 3600;
const SESSION_TTL_SECONDS = 30 * 24 * 3600;
export const ROOT_INVITE_CODE_KEY = 'root_invite_code';

function codeDigest(email: string, code: string): string {
  return sha256(`${identityKey(email)}:${code}`);
}

export function clientOf(context: CallContext, deviceId?: string): SignInClient {
  return {
    ip: context.ip,
    userAgent: trimUserAgent(context.request.headers['user-agent']),
    deviceId,
    lang: context.lang,
  };
}

export async function createSession(context: Domain, userId: number, client: SignInClient): Promise<string> {
  const token = newToken();
  const now = context.now();
  await context.queries.sessions.insert({
    token_hash: sha256(token),
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000).toISOString(),
    user_agent: client.userAgent,
    ip: client.ip,
  });
  return token;
}

/**
 * The session behind a token, from the cache when it was checked moments ago. A lookup also
 * records when and from where the session was last used, at most once a minute.
 */
export async function authenticate(context: ServerContext, token: string, ip: string) {
  const now = context.now();
  const cached = context.sessions.get(token, now);
  if (cached) return cached;
  const tokenHash = sha256(token);
  const row = await context.queries.sessions.activeUser(tokenHash, now.toISOString());
  if (!row) return undefined;
  const { session_expires_at: expiresAt, session_last_seen_at: lastSeenAt, ...user } = row;
  const staleBefore = new Date(now.getTime() - LAST_SEEN_STEP_SECONDS * 1000).toISOString();
  if (lastSeenAt === null || lastSeenAt < staleBefore) {
    await context.queries.sessions.touch(tokenHash, now.toISOString(), ip, staleBefore);
  }
  const session = { user, tokenHash, expiresAt, checkedAt: now.getTime() };
  context.sessions.remember(token, session);
  return session;
}

/** A fresh invitation or transfer code that no user holds yet. */
export async function uniquePublicCode(context: Domain): Promise<string> {
  for (;;) {
    const code = newPublicCode();
    if (
      !(await context.queries.users.isCodeInUse(code)) &&
      (await context.queries.settings.get(ROOT_INVITE_CODE_KEY)) !== code
    ) {
      return code;
    }
  }
}

/** The code new customers register with when nobody invited them; created on first start. */
export function ensureRootInviteCode(context: Domain): Promise<string> {
  return inTransaction(context, async (tx) => {
    // Several nodes starting at once on one database agree on one code.
    await tx.lock(ROOT_INVITE_CODE_KEY);
    const existing = await tx.queries.settings.get(ROOT_INVITE_CODE_KEY);
    if (existing) return existing;
    const code = await uniquePublicCode(tx);
    await tx.queries.settings.set(ROOT_INVITE_CODE_KEY, code);
    return code;
  });
}

/**
 * Checks the latest usable code for this address and scene. Every try counts against the code
 * before it is compared, in one statement, so parallel tries cannot all see the same count;
 * after five the code is dead. Returns the code's id for the caller to consume.
 */
export async function checkEmailCode(
  context: ServerContext,
  email: string,
  scene: SendCodeScene,
  code: string,
): Promise<number> {
  const counted = await context.queries.codes.countAttempt(email, scene, isoNow(context), CODE_MAX_ATTEMPTS);
  if (!counted) {
    const usable = await context.queries.codes.latestUsable(email, scene, isoNow(context));
    throw invalidField('code', usable ? 'code_exhausted' : 'code_wrong');
  }
  if (!sameDigest(counted.code_hash, codeDigest(email, code))) {
    throw invalidField('code', counted.attempts >= CODE_MAX_ATTEMPTS ? 'code_exhausted' : 'code_wrong');
  }
  return counted.id;
}

export async function consumeCode(context: Domain, codeId: number): Promise<void> {
  if (!(await context.queries.codes.consume(codeId, isoNow(context)))) throw invalidField('code', 'code_wrong');
}

/**
 * What to mail for a code request; nothing for a reset or a binding code to an address without
 * an account (a binding code is for the signed-in customer's own address).
 */
function codeMail(
  to: string,
  lang: WireLanguage,
  scene: SendCodeScene,
  owner: UserRow | undefined,
  code: string,
): Mail | undefined {
  if (scene !== 'register' && !owner) return undefined;
  const antiPhishing = owner?.anti_phishing ?? '';
  if (scene === 'register' && owner) {
    const subject = translate(lang, 'mail.subject.registered');
    return composeMail({ to, lang, antiPhishing, subject, text: translate(lang, 'mail.body.registered') });
  }
  const body = translate(lang, `mail.body.${scene}`, { code });
  const text = `${body}\n\n${translate(lang, 'mail.footer')}`;
  return composeMail({ to, lang, antiPhishing, subject: translate(lang, 'mail.subject'), text });
}

/**
 * Sends without holding up the answer (a slow mail server would otherwise tell which addresses
 * have accounts). A mail that could not be sent frees the address from its resend wait.
 */
function sendInBackground(context: ServerContext, codeId: number, mail: Mail): void {
  context.mailer.send(mail).catch(async (error: unknown) => {
    context.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'e-mail code not sent');
    await context.queries.codes
      .markSendFailed(codeId, isoNow(context))
      .catch((markError: unknown) => context.log.error({ err: markError }, 'could not free the resend wait'));
  });
}

export function authRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries, limits } = context;

  /**
   * The same answer, the same cost and the same limits whether or not the address has an account:
   * every request counts toward the address's 60 s wait and the sender's hourly allowance (both
   * counted and recorded under a lock, so requests sent together cannot all pass), and the mail
   * goes out after the answer. A registration code for a taken address becomes a notice to its
   * owner instead; a reset for an unknown address sends nothing.
   */
  calls.open('sms/send-code', async ({ email, scene }, { ip, lang }) => {
    const code = newEmailCode();
    const sent = await inTransaction(context, async (tx) => {
      await tx.lock(`codes to ${identityKey(email)}`);
      await tx.lock(`codes from ${ip}`);
      const last = await tx.queries.codes.latestForEmail(email);
      if (last) {
        const wait = limits.codeResendSeconds - (tx.now().getTime() - Date.parse(last.created_at)) / 1000;
        if (wait > 0) throw tooManyRequests(wait);
      }
      const fromIp = await tx.queries.codes.sentFromIpSince(ip, secondsAgo(tx, CODES_PER_IP_WINDOW_SECONDS));
      if (fromIp.n >= limits.codesPerIpPerHour && fromIp.oldest) {
        throw tooManyRequests(CODES_PER_IP_WINDOW_SECONDS + secondsUntil(tx, fromIp.oldest));
      }
      const now = tx.now();
      const owner = await tx.queries.users.byEmail(email);
      // An account's mail goes to the address it holds, never to the one typed: only the holder of
      // that address can read its codes, however alike another address looks.
      const to = owner?.email ?? email;
      const id = await tx.queries.codes.insert({
        email: to,
        scene,
        code_hash: codeDigest(email, code),
        ip,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CODE_TTL_SECONDS * 1000).toISOString(),
      });
      return { id, owner, to };
    });
    const mail = codeMail(sent.to, lang, scene, sent.owner, code);
    if (mail) sendInBackground(context, sent.id, mail);
    return { retry_after: limits.codeResendSeconds };
  });

  calls.open(
    'user/register',
    async (input, call) => {
      const rootCode = await queries.settings.get(ROOT_INVITE_CODE_KEY);
      const inviter = input.invite_code === rootCode ? null : await queries.users.byInviteCode(input.invite_code);
      if (inviter === undefined) throw invalidField('invite_code', 'invite_code_unknown');
      // Only someone holding a real invitation and the code mailed to this address learns whether
      // the account name is taken.
      const codeId = await checkEmailCode(context, input.email, 'register', input.code);
      const taken = async (users: Domain['queries']['users']) => {
        if (await users.byAccount(input.account)) throw conflict('account_taken', { field: 'account' });
        if (await users.byEmail(input.email)) throw conflict('email_taken', { field: 'email' });
      };
      // Checked before the slow hash, and again under locks on the name and the address, so two
      // registrations of one name sent together (to one node or several) cannot both pass.
      await taken(queries.users);
      const passwordHash = await hashPassword(input.password);
      return inTransaction(context, async (tx) => {
        await tx.lock(`account ${identityKey(input.account)}`);
        await tx.lock(`email ${identityKey(input.email)}`);
        await taken(tx.queries.users);
        await consumeCode(tx, codeId);
        const userId = await tx.queries.users.insert({
          account: input.account,
          email: input.email,
          password_hash: passwordHash,
          nickname: input.account,
          invite_code: await uniquePublicCode(tx),
          transfer_code: await uniquePublicCode(tx),
          inviter_id: inviter?.id ?? null,
          created_at: isoNow(tx),
        });
        const user = await tx.queries.users.byId(userId);
        if (!user) throw new Error('the new user vanished');
        const client = clientOf(call, input.device);
        await recordSignIn(tx, user, 'success', 'register', client);
        return { token: await createSession(tx, userId, client), user: toUserInfo(user) };
      });
    },
    { max: limits.registrationsPerIpPerHour, timeWindow: 3600_000 },
  );

  calls.open(
    'user/login',
    async ({ account, password, device }, call) => {
      const user = await queries.users.byLogin(account);
      // A disabled account is checked against the dummy hash like an unknown one: the same answer,
      // the same time and the same count, whether the password was right or not.
      const usable = user?.status === 'active' ? user : undefined;
      const client = clientOf(call, device);
      // The owner's own devices keep their own allowance: strangers' wrong guesses cannot hold
      // the owner out of a device they have signed in from before. A name with no account is
      // looked up too (as user 0, which no account is), so that it takes as long.
      const knownDevice = device ? deviceKey(device, client.userAgent, client.ip) : undefined;
      const source =
        knownDevice && (await queries.knownDevices.knows(user?.id ?? 0, knownDevice))
          ? fromKnownDevice(knownDevice)
          : fromAddress(call.ip);
      const matches = await checkPasswordGuess(
        context,
        guessKey(user, account),
        source,
        password,
        usable?.password_hash ?? UNKNOWN_USER_HASH,
        {
          // Recorded before the answer: the owner's history has it as soon as the caller hears,
          // and a crash cannot lose it. A name with no account has no history; its guess is
          // written again instead, which costs as much, so that a wrong password for a real
          // account takes no longer than one for a name nobody holds.
          whenWrong: (guessId) =>
            user
              ? recordSignIn(context, user, 'failure', 'password', client)
              : queries.codes.restampGuess(guessId, isoNow(context)),
        },
      );
      if (!usable || !matches) {
        context.metrics.signInFailed();
        throw new ApiError(ResultCode.invalid, 'login_failed');
      }
      await recordSignIn(context, usable, 'success', 'password', client);
      return { token: await createSession(context, usable.id, client), user: toUserInfo(usable) };
    },
    { max: limits.signInsPerIpPerHour, timeWindow: 3600_000 },
  );

  calls.open('user/reset-password', async (input) => {
    const codeId = await checkEmailCode(context, input.email, 'reset', input.code);
    const user = await queries.users.byEmail(input.email);
    if (!user) throw invalidField('code', 'code_wrong');
    const passwordHash = await hashPassword(input.password);
    await inTransaction(context, async (tx) => {
      await consumeCode(tx, codeId);
      await tx.queries.users.updatePassword(user.id, passwordHash);
      await tx.queries.sessions.revokeAllOf(user.id, isoNow(tx));
      await tx.queries.push.deleteForUser(user.id);
      // Whoever once knew the old password may have added a passkey of their own: a reset takes
      // every way in that the password opened, passkeys included (the reset mail says so).
      await tx.queries.passkeys.removeAllOf(user.id);
      await tx.queries.codes.clearGuesses(guessKey(user, user.account));
    });
    context.live.endUser(user.id);
    return {};
  });

  calls.user('user/logout', async (_input, { tokenHash }) => {
    // The session and the devices subscribed in it end together: no notice reaches a device
    // that signed out.
    await inTransaction(context, async (tx) => {
      await tx.queries.sessions.revoke(tokenHash, isoNow(tx));
      await tx.queries.push.deleteForSession(tokenHash);
    });
    context.live.endSession(tokenHash);
    return {};
  });
}
