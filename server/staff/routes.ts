import type { OperatorAccount } from '../../contract/console';
import { ResultCode } from '../../contract/envelope';
import { checkPasswordGuess, fromAddress, fromKnownDevice, fromSession } from '../auth/password-guesses';
import { UNKNOWN_USER_HASH, hashPassword } from '../auth/passwords';
import { inTransaction } from '../ledger/transactions';
import type { ServerContext } from '../platform/context';
import { isoNow } from '../platform/domain';
import { ApiError, conflict, notFound } from '../platform/http/errors';
import type { ConsoleCallRegistry } from './calls';
import { confirmOperator, countedOperator, countsAt, countsFrom, fourEyesStatus } from './four-eyes';
import { fourEyesRefused } from './four-eyes-refusals';
import {
  EnrolmentError,
  OperatorError,
  addOperator,
  completeEnrolment,
  disableOperator,
  enrolmentState,
  openEnrolment,
} from './operators';
import { clearSessionCookie, consoleDeviceOf, sessionInfo, signInBrowser } from './session';
import { totpStep } from './totp';

const AUDIT_PAGE = 25;

const signInFailed = () => new ApiError(ResultCode.invalid, 'console.sign_in_failed');

function enrolmentRefused(error: unknown): unknown {
  if (!(error instanceof EnrolmentError)) return error;
  return error.reason === 'wrong_code'
    ? new ApiError(ResultCode.invalid, 'console.enrolment_code', { field: 'code' })
    : new ApiError(ResultCode.notFound, 'console.enrolment_invalid', { field: 'token' });
}

/** Signing in to the console and out of it, the password, and enrolment through a mailed link. */
export function staffSignInRoutes(calls: ConsoleCallRegistry, context: ServerContext): void {
  const { queries, limits } = context;

  /**
   * Password and authenticator code together, counted like a customer's sign-in: a wrong password
   * or a wrong code is one guess against the name, and five hold it for the window. A code is
   * good once, so one seen over a shoulder cannot open a second session. Every refusal is in the
   * audit log under the name that was tried, with why (the caller hears only that it failed): a
   * right password with a wrong code says someone else knows that password.
   */
  calls.open(
    'auth/login',
    async ({ name, password, code }, { request, reply, lang }) => {
      const operator = await queries.operators.byName(name);
      const usable = operator?.status === 'active' && operator.enrolled_at !== null ? operator : undefined;
      const key = operator ? `operator:${operator.id}` : `operator-name:${name}`;
      let passwordWasRight = false;
      const codeIsFresh = async () => {
        passwordWasRight = true;
        if (!usable) return false;
        const step = totpStep(usable.totp_secret, code, context.now());
        return step !== null && (await queries.operators.useTotpStep(usable.id, step));
      };
      const recordRefusal = (reason: string) =>
        queries.audit.record({
          actor: name,
          action: 'sign in refused',
          target_type: 'operator',
          target_id: operator?.id ?? null,
          after_value: reason,
          detail: request.ip,
          created_at: isoNow(context),
        });
      let matches: boolean;
      try {
        // A browser this operator signed in with before keeps its own allowance: strangers' wrong
        // guesses from elsewhere cannot hold the operator out of it. A name with no operator is
        // looked up too (as operator 0, which none is), so that it takes as long.
        const device = consoleDeviceOf(request);
        const source =
          device && (await queries.operators.knowsDevice(operator?.id ?? 0, device))
            ? fromKnownDevice(device)
            : fromAddress(request.ip);
        matches = await checkPasswordGuess(context, key, source, password, usable?.password_hash ?? UNKNOWN_USER_HASH, {
          secondFactor: codeIsFresh,
        });
      } catch (error) {
        if (error instanceof ApiError && error.key === 'too_many_requests')
          await recordRefusal('held: too many failures');
        throw error;
      }
      if (!usable || !matches) {
        if (!operator) await recordRefusal('no such operator');
        else if (operator.status !== 'active') await recordRefusal('account disabled');
        else if (!usable) await recordRefusal('not enrolled yet');
        else await recordRefusal(passwordWasRight ? 'wrong authenticator code' : 'wrong password');
        throw signInFailed();
      }
      // The mails to this operator go in the language their console uses.
      await queries.operators.setLang(usable.id, lang);
      return signInBrowser(context, usable, request, reply);
    },
    { max: limits.signInsPerIpPerHour, timeWindow: 3600_000 },
  );

  calls.operator('auth/session', (_input, { operator }) => sessionInfo(operator, operator.csrf_token));

  /**
   * A new password ends every other session of the operator at once (on every node at their next
   * call; live sockets here now, elsewhere at their next ping): whoever knew the old one is out.
   */
  calls.operator('auth/password', async ({ password, new_password: newPassword }, { operator }) => {
    const key = `operator:${operator.id}`;
    if (!(await checkPasswordGuess(context, key, fromSession(operator.token_hash), password, operator.password_hash))) {
      throw new ApiError(ResultCode.invalid, 'wrong_password', { field: 'password' });
    }
    if (password === newPassword) {
      throw new ApiError(ResultCode.invalid, 'console.same_password', { field: 'new_password' });
    }
    const passwordHash = await hashPassword(newPassword);
    const ended = await inTransaction(context, async (tx) => {
      const at = isoNow(tx);
      await tx.queries.operators.setPassword(operator.id, passwordHash, false);
      const others = await tx.queries.operators.revokeOtherSessionsOf(operator.id, operator.token_hash, at);
      await tx.queries.audit.record({
        actor: operator.name,
        action: 'password change',
        target_type: 'operator',
        target_id: operator.id,
        detail: others.length === 0 ? '' : `${others.length} other session(s) ended`,
        created_at: at,
      });
      return others;
    });
    for (const tokenHash of ended) context.live.endStaffSession(tokenHash);
    return sessionInfo({ ...operator, must_change_password: 0 }, operator.csrf_token);
  });

  /**
   * An enrolment link opened: whose account it enrols and the authenticator secret made for it,
   * shown to the link's holder only (never to the admin who added the account).
   */
  calls.open(
    'enrol/start',
    async ({ token }, { ip }) => {
      try {
        const opened = await openEnrolment(context, token, ip);
        return {
          name: opened.name,
          role: opened.role,
          totp_secret: opened.totpSecret,
          totp_uri: opened.totpUri,
          expires_at: opened.expiresAt,
        };
      } catch (error) {
        throw enrolmentRefused(error);
      }
    },
    // Opening and completing a link are sign-ins of a kind: as many per address and hour as those.
    { max: limits.signInsPerIpPerHour, timeWindow: 3600_000 },
  );

  /**
   * The holder's own password and the authenticator proven with its current code: the account
   * is usable from now on, and this browser is signed in to it (the code was just proven).
   */
  calls.open(
    'enrol/finish',
    async ({ token, new_password: newPassword, code }, { request, reply, ip, lang }) => {
      let operatorId: number;
      try {
        operatorId = await completeEnrolment(context, { token, password: newPassword, code, ip, lang });
      } catch (error) {
        throw enrolmentRefused(error);
      }
      const operator = await queries.operators.byId(operatorId);
      if (!operator) throw notFound();
      return signInBrowser(context, operator, request, reply);
    },
    { max: limits.signInsPerIpPerHour, timeWindow: 3600_000 },
  );

  calls.operator('auth/logout', async (_input, { operator, request, reply }) => {
    await queries.operators.revokeSession(operator.token_hash, isoNow(context));
    context.live.endStaffSession(operator.token_hash);
    clearSessionCookie(context, request, reply);
    return {};
  });
}

/** The operators (administrators only), the state of four eyes, and the audit log. */
export function operatorRoutes(calls: ConsoleCallRegistry, context: ServerContext): void {
  const { queries } = context;

  calls.operator(
    'operators/list',
    async () => {
      const now = isoNow(context);
      return {
        operators: (await queries.operators.all()).map((row): OperatorAccount => ({
          name: row.name,
          role: row.role,
          status: row.status,
          enrolment: enrolmentState(row, now),
          email: row.email,
          added_by: row.added_by,
          counts_from: countsFrom(row),
          counts: countsAt(row, now),
          created_at: row.created_at,
        })),
      };
    },
    { admin: true },
  );

  /**
   * A new account; its enrolment link goes to the address given, never back to the admin. Only an
   * administrator who counts toward four eyes adds one: a second identity not yet counted cannot
   * add a third for the first to confirm.
   */
  calls.operator(
    'operators/add',
    async ({ name, role, email }, { operator, lang }) => {
      try {
        await countedOperator(context, operator.name, 'admin');
        const added = await addOperator(context, { name, role, email, lang, actor: operator.name });
        return { name: added.name, role: added.role, email: added.email, expires_at: added.expiresAt };
      } catch (error) {
        if (!(error instanceof OperatorError)) throw fourEyesRefused(error, 'change');
        if (error.reason === 'exists') throw conflict('console.operator_exists', { field: 'name' });
        if (error.reason === 'mail_failed') {
          throw new ApiError(ResultCode.invalid, 'console.enrolment_mail_failed', { field: 'email' });
        }
        // The contract checked name and address as addOperator does: nothing else is left to refuse.
        throw new ApiError(ResultCode.invalid, 'invalid');
      }
    },
    { admin: true },
  );

  calls.operator(
    'operators/disable',
    async ({ name }, { operator }) => {
      if (name === operator.name) throw new ApiError(ResultCode.invalid, 'console.disable_self', { field: 'name' });
      try {
        await disableOperator(context, name, operator.name);
      } catch (error) {
        if (error instanceof OperatorError) throw new ApiError(ResultCode.notFound, 'not_found', { field: 'name' });
        throw error;
      }
      return {};
    },
    { admin: true },
  );

  calls.operator(
    'operators/confirm',
    async ({ name }, { operator }) => {
      try {
        await confirmOperator(context, name, operator.name);
      } catch (error) {
        throw fourEyesRefused(error, 'change', 'name');
      }
      return {};
    },
    { admin: true },
  );

  calls.operator('four-eyes/status', () => fourEyesStatus(context, context.reviewRules));

  calls.operator('audit/list', async ({ operator, account, kind, before }) => {
    const rows = await queries.audit.list({
      actor: operator,
      account,
      action: kind,
      beforeId: before === '' ? null : before,
      limit: AUDIT_PAGE + 1,
    });
    const items = rows.slice(0, AUDIT_PAGE).map((row) => ({
      id: row.id,
      actor: row.actor,
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      account: row.account,
      before: row.before_value,
      after: row.after_value,
      detail: row.detail,
      created_at: row.created_at,
    }));
    return { items, next: rows.length > AUDIT_PAGE ? (items.at(-1)?.id ?? null) : null };
  });
}
