import { ResultCode } from '../../contract/envelope';
import type { SendCodeScene, WireLanguage } from '../../contract/rules';
import type { CallRegistry } from '../calls';
import { isoNow, secondsAgo, secondsUntil, type ServerContext } from '../context';
import { inTransaction, isUniqueViolation } from '../db/database';
import { ApiError, conflict, invalidField, tooManyRequests } from '../errors';
import { translate } from '../i18n';
import { checkPasswordGuess, guessKey } from '../security/password-guesses';
import { UNKNOWN_USER_HASH, hashPassword } from '../security/passwords';
import { newEmailCode, newPublicCode, newToken, sameDigest, sha256 } from '../security/tokens';
import { toUserInfo } from '../wire';

const CODE_TTL_SECONDS = 10 * 60;
const CODE_MAX_ATTEMPTS = 5;
/** The window of the per-address limit on e-mail codes; codes older than it serve no purpose. */
export const CODES_PER_IP_WINDOW_SECONDS = 3600;
const SESSION_TTL_SECONDS = 30 * 24 * 3600;
export const ROOT_INVITE_CODE_KEY = 'root_invite_code';

function codeDigest(email: string, code: string): string {
  return sha256(`${email.toLowerCase()}:${code}`);
}

export function createSession(context: ServerContext, userId: number): string {
  const token = newToken();
  const now = context.now();
  context.queries.sessions.insert(
    sha256(token),
    userId,
    now.toISOString(),
    new Date(now.getTime() + SESSION_TTL_SECONDS * 1000).toISOString(),
  );
  return token;
}

export function authenticate(context: ServerContext, token: string) {
  const now = context.now();
  const cached = context.sessions.get(token, now);
  if (cached) return cached;
  const tokenHash = sha256(token);
  const row = context.queries.sessions.activeUser(tokenHash, now.toISOString());
  if (!row) return undefined;
  const { session_expires_at: expiresAt, ...user } = row;
  const session = { user, tokenHash, expiresAt, checkedAt: now.getTime() };
  context.sessions.remember(token, session);
  return session;
}

/** A fresh invitation or transfer code that no user holds yet. */
export function uniquePublicCode(context: ServerContext): string {
  for (;;) {
    const code = newPublicCode();
    if (!context.queries.users.isCodeInUse(code) && context.queries.settings.get(ROOT_INVITE_CODE_KEY) !== code) {
      return code;
    }
  }
}

/** The code new customers register with when nobody invited them; created on first start. */
export function ensureRootInviteCode(context: ServerContext): string {
  const existing = context.queries.settings.get(ROOT_INVITE_CODE_KEY);
  if (existing) return existing;
  const code = uniquePublicCode(context);
  context.queries.settings.set(ROOT_INVITE_CODE_KEY, code);
  return code;
}

/**
 * Checks the latest usable code for this address and scene. A wrong guess counts against the
 * code; after five the code is dead. Returns the code's id for the caller to consume.
 */
function checkEmailCode(context: ServerContext, email: string, scene: SendCodeScene, code: string): number {
  const row = context.queries.codes.latestUsable(email, scene, isoNow(context));
  if (!row) throw invalidField('code', 'code_wrong');
  if (row.attempts >= CODE_MAX_ATTEMPTS) throw invalidField('code', 'code_exhausted');
  if (!sameDigest(row.code_hash, codeDigest(email, code))) {
    context.queries.codes.countAttempt(row.id);
    throw invalidField('code', row.attempts + 1 >= CODE_MAX_ATTEMPTS ? 'code_exhausted' : 'code_wrong');
  }
  return row.id;
}

function consumeCode(context: ServerContext, codeId: number): void {
  if (!context.queries.codes.consume(codeId, isoNow(context))) throw invalidField('code', 'code_wrong');
}

function mailText(lang: WireLanguage, scene: SendCodeScene, code: string): { subject: string; text: string } {
  const body = translate(lang, scene === 'register' ? 'mail.body.register' : 'mail.body.reset', { code });
  return { subject: translate(lang, 'mail.subject'), text: `${body}\n\n${translate(lang, 'mail.footer')}` };
}

export function authRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries, limits } = context;

  calls.open('sms/send-code', async ({ email, scene }, { ip, lang }) => {
    // The limits come first: no answer that depends on whether the address has an account may
    // be had more often than a code may.
    const last = queries.codes.latestForEmail(email);
    if (last) {
      const wait = limits.codeResendSeconds - (context.now().getTime() - Date.parse(last.created_at)) / 1000;
      if (wait > 0) throw tooManyRequests(wait);
    }
    const fromIp = queries.codes.sentFromIpSince(ip, secondsAgo(context, CODES_PER_IP_WINDOW_SECONDS));
    if (fromIp.n >= limits.codesPerIpPerHour && fromIp.oldest) {
      throw tooManyRequests(CODES_PER_IP_WINDOW_SECONDS + secondsUntil(context, fromIp.oldest));
    }
    const registered = queries.users.byEmail(email);
    if (scene === 'register' && registered) throw conflict('email_taken', { field: 'email' });

    const code = newEmailCode();
    const now = context.now();
    // A reset for an unknown address is recorded like any other, so that the answer and the
    // limits never reveal whether the address has an account; only the mail is skipped.
    queries.codes.insert({
      email,
      scene,
      code_hash: codeDigest(email, code),
      ip,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CODE_TTL_SECONDS * 1000).toISOString(),
    });
    if (scene === 'register' || registered) {
      await context.mailer.send({ to: email, ...mailText(lang, scene, code) });
    }
    return { retry_after: limits.codeResendSeconds };
  });

  calls.open(
    'user/register',
    async (input) => {
      const rootCode = queries.settings.get(ROOT_INVITE_CODE_KEY);
      const inviter = input.invite_code === rootCode ? null : queries.users.byInviteCode(input.invite_code);
      if (inviter === undefined) throw invalidField('invite_code', 'invite_code_unknown');
      // Only someone holding a real invitation and the code mailed to this address learns whether
      // the account name is taken.
      const codeId = checkEmailCode(context, input.email, 'register', input.code);
      if (queries.users.byAccount(input.account)) throw conflict('account_taken', { field: 'account' });
      if (queries.users.byEmail(input.email)) throw conflict('email_taken', { field: 'email' });

      const passwordHash = await hashPassword(input.password);
      try {
        return inTransaction(context.db, () => {
          consumeCode(context, codeId);
          const userId = queries.users.insert({
            account: input.account,
            email: input.email,
            password_hash: passwordHash,
            nickname: input.account,
            invite_code: uniquePublicCode(context),
            transfer_code: uniquePublicCode(context),
            inviter_id: inviter?.id ?? null,
            created_at: isoNow(context),
          });
          const user = queries.users.byId(userId);
          if (!user) throw new Error('the new user vanished');
          return { token: createSession(context, userId), user: toUserInfo(user) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('account_taken', { field: 'account' });
        throw error;
      }
    },
    { max: limits.registrationsPerIpPerHour, timeWindow: 3600_000 },
  );

  calls.open('user/login', async ({ account, password }) => {
    const user = queries.users.byLogin(account);
    // A disabled account is checked against the dummy hash like an unknown one: the same answer,
    // the same time and the same count, whether the password was right or not.
    const usable = user?.status === 'active' ? user : undefined;
    const matches = await checkPasswordGuess(
      context,
      guessKey(user, account),
      password,
      usable?.password_hash ?? UNKNOWN_USER_HASH,
    );
    if (!usable || !matches) throw new ApiError(ResultCode.invalid, 'login_failed');
    return { token: createSession(context, usable.id), user: toUserInfo(usable) };
  });

  calls.open('user/reset-password', async (input) => {
    const codeId = checkEmailCode(context, input.email, 'reset', input.code);
    const user = queries.users.byEmail(input.email);
    if (!user) throw invalidField('code', 'code_wrong');
    const passwordHash = await hashPassword(input.password);
    inTransaction(context.db, () => {
      consumeCode(context, codeId);
      queries.users.updatePassword(user.id, passwordHash);
      queries.sessions.revokeAllOf(user.id, isoNow(context));
      context.sessions.forgetUser(user.id);
      context.live.endUser(user.id);
      queries.codes.clearGuesses(guessKey(user, user.account));
    });
    return {};
  });

  calls.user('user/logout', (_input, { tokenHash }) => {
    queries.sessions.revoke(tokenHash, isoNow(context));
    context.sessions.forgetToken(tokenHash);
    context.live.endSession(tokenHash);
    return {};
  });
}
