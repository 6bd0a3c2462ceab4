import type { FastifyInstance } from 'fastify';
import {
  QUEUE_PAGE_SIZE,
  type CustomerSummary,
  type OperatorAccount,
  type QueueItem,
  type RechargeSummary,
  type ConsoleParsedRequest,
  type ReviewKind,
  type ReviewQueue,
} from '../../contract/console';
import { ResultCode } from '../../contract/envelope';
import { formatRate, type Cents } from '../../contract/money';
import { createAnswerCache } from '../platform/answer-cache';
import { SerializedData } from '../auth/calls';
import { inTransaction } from '../ledger/transactions';
import { isoNow } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import type { RechargeRow } from '../deposits/queries';
import { ApiError, conflict, notFound } from '../platform/http/errors';
import type { PendingItem, QueuePosition, TwoApprovalKind } from '../review/queries';
import {
  ReviewError,
  countingApprovals,
  countingApprovalsOf,
  decide,
  needingTwoApprovals,
  needsTwoApprovals,
  type TwoApprovalOrder,
} from '../review/review';
import {
  confirmOperator,
  countedOperator,
  countsAt,
  countsFrom,
  fourEyesStatus,
  secondApprovalAbove,
} from './four-eyes';
import { checkPasswordGuess, fromAddress, fromKnownDevice, fromSession } from '../auth/password-guesses';
import { UNKNOWN_USER_HASH, hashPassword } from '../auth/passwords';
import { money } from '../platform/http/wire';
import { createConsoleCalls } from './calls';
import { bindingSummary, customerRoutes, customerSummary, toLedgerLine } from '../customers/console-routes';
import {
  EnrolmentError,
  OperatorError,
  addOperator,
  completeEnrolment,
  disableOperator,
  enrolmentState,
  openEnrolment,
} from './operators';
import { settingsRoutes } from '../settings/console-routes';
import { depositRoutes } from '../deposits/console-routes';
import { fourEyesRefused } from './four-eyes-refusals';
import { clearSessionCookie, consoleDeviceOf, sessionInfo, signInBrowser } from './session';
import { totpStep } from './totp';

const RECENT_RECHARGES = 10;
const RECENT_LEDGER = 20;
const AUDIT_PAGE = 25;

const signInFailed = () => new ApiError(ResultCode.invalid, 'console.sign_in_failed');

function reviewRefused(error: unknown): unknown {
  if (!(error instanceof ReviewError)) return fourEyesRefused(error, 'approval');
  if (error.reason === 'not_found') return new ApiError(ResultCode.notFound, 'console.review_not_found');
  if (error.reason === 'already_reviewed') return new ApiError(ResultCode.conflict, 'console.already_reviewed');
  if (error.reason === 'approved_already_by_you') {
    return new ApiError(ResultCode.conflict, 'console.approved_already_by_you');
  }
  // A console session is a proven operator: any other refusal here is a bug, answered as one.
  return error;
}

function enrolmentRefused(error: unknown): unknown {
  if (!(error instanceof EnrolmentError)) return error;
  return error.reason === 'wrong_code'
    ? new ApiError(ResultCode.invalid, 'console.enrolment_code', { field: 'code' })
    : new ApiError(ResultCode.notFound, 'console.enrolment_invalid', { field: 'token' });
}

function toRechargeSummary(row: RechargeRow): RechargeSummary {
  return {
    id: row.id,
    type: row.type,
    address: row.address,
    amount: money(row.amount),
    credentials: row.credentials,
    tx_hash: row.tx_hash ?? '',
    state: row.state,
    remark: row.remark,
    created_at: row.created_at,
  };
}

export function consoleRoutes(app: FastifyInstance, context: ServerContext): void {
  const calls = createConsoleCalls(app, context);
  const { queries, limits } = context;

  async function customerOf(userId: number): Promise<CustomerSummary> {
    const user = await queries.users.byId(userId);
    if (!user) throw notFound();
    return customerSummary(user);
  }

  /** Whether an order needs two approvals under the limit in force, and those that count so far. */
  async function approvalState(kind: ReviewKind, order: TwoApprovalOrder, limit: Cents) {
    if (kind === 'sale') return { needs: false, approvals: [] };
    const twoKind: TwoApprovalKind = kind;
    return {
      needs: await needsTwoApprovals(context, twoKind, order, limit),
      approvals: await countingApprovals(context, twoKind, order.id),
    };
  }

  /** The same for a page of the queue: a few statements per kind, whatever the page's length. */
  async function approvalStates(page: readonly PendingItem[], limit: Cents) {
    const ofKind = async (kind: TwoApprovalKind) => {
      const orders = page.filter((row) => row.kind === kind);
      const [needing, approvals] = await Promise.all([
        needingTwoApprovals(context, kind, orders, limit),
        countingApprovalsOf(
          context,
          kind,
          orders.map((order) => order.id),
        ),
      ]);
      return { needing, approvals };
    };
    const [recharge, withdraw] = await Promise.all([ofKind('recharge'), ofKind('withdraw')]);
    return { recharge, withdraw };
  }

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

  // Every open console reads the queue's first page again on each change to it: one read serves them all.
  const queue = createAnswerCache<SerializedData<ReviewQueue>>(context.db, context.now);
  calls.operator('review/queue', (input) =>
    queue.through(`${input.kind}:${input.after ? `${input.after.kind}:${input.after.id}` : ''}`, async () =>
      SerializedData.of(await queuePage(input)),
    ),
  );

  /**
   * One page of what waits (of one kind, or all), oldest first, at most QUEUE_PAGE_SIZE; `next`
   * names the last order of a full page, for the page after it.
   */
  async function queuePage({ kind, after }: ConsoleParsedRequest<'review/queue'>) {
    let position: QueuePosition | null = null;
    if (after) {
      const createdAt = await queries.review.createdAt(after.kind, after.id);
      if (createdAt === undefined) throw new ApiError(ResultCode.invalid, 'invalid', { field: 'after' });
      position = { created_at: createdAt, kind: after.kind, id: after.id };
    }
    const limit = await secondApprovalAbove(context, context.reviewRules);
    const rows = await queries.review.pendingPage(kind, position, QUEUE_PAGE_SIZE + 1);
    const page = rows.slice(0, QUEUE_PAGE_SIZE);
    const states = await approvalStates(page, limit);
    const items: QueueItem[] = page.map((row) => {
      const state = row.kind === 'sale' ? undefined : states[row.kind];
      return {
        kind: row.kind,
        id: row.id,
        account: row.account,
        amount: money(row.amount),
        created_at: row.created_at,
        approvals: (state?.approvals.get(row.id) ?? []).map((approval) => approval.actor),
        needs_second_approval: state?.needing.has(row.id) ?? false,
      };
    });
    const counts = await queries.review.pendingCounts();
    const last = items.at(-1);
    return {
      items,
      counts,
      second_approval_above: money(limit),
      next: rows.length > QUEUE_PAGE_SIZE && last ? `${last.kind}:${last.id}` : null,
    } satisfies ReviewQueue;
  }

  calls.operator('review/recharge', async ({ id }) => {
    const recharge = await queries.recharge.byId(id);
    if (!recharge) throw new ApiError(ResultCode.notFound, 'console.review_not_found');
    const current = (await queries.recharge.addresses()).find((address) => address.type === recharge.type);
    const recent = await queries.recharge.recentOf(recharge.user_id, RECENT_RECHARGES + 1);
    const state = await approvalState('recharge', recharge, await secondApprovalAbove(context, context.reviewRules));
    const quote = recharge.quote_id === null ? undefined : await queries.recharge.quote(recharge.quote_id);
    return {
      recharge: toRechargeSummary(recharge),
      chain_check:
        recharge.chain_verdict === null
          ? null
          : { verdict: recharge.chain_verdict, detail: recharge.chain_detail, checked_at: recharge.chain_checked_at },
      reserved: quote
        ? {
            amount: money(quote.amount),
            exact_amount: money(quote.exact_amount),
            created_at: quote.created_at,
            expires_at: quote.expires_at,
          }
        : null,
      address_is_current: current?.address === recharge.address,
      customer: await customerOf(recharge.user_id),
      recent: recent
        .filter((row) => row.id !== recharge.id)
        .slice(0, RECENT_RECHARGES)
        .map(toRechargeSummary),
      approvals: state.approvals.map((row) => ({ operator: row.actor, at: row.created_at })),
      needs_second_approval: state.needs,
    };
  });

  calls.operator('review/withdraw', async ({ id }) => {
    const withdrawal = await queries.withdraw.byId(id);
    if (!withdrawal) throw new ApiError(ResultCode.notFound, 'console.review_not_found');
    const account = await queries.bank.byId(withdrawal.bank_account_id);
    const ledger = (await queries.ledger.page(withdrawal.user_id, 0, RECENT_LEDGER, 0)).map(toLedgerLine);
    const state = await approvalState('withdraw', withdrawal, await secondApprovalAbove(context, context.reviewRules));
    return {
      withdraw: {
        id: withdrawal.id,
        order_no: withdrawal.order_no,
        amount: money(withdrawal.amount),
        state: withdrawal.state,
        remark: withdrawal.remark,
        created_at: withdrawal.created_at,
      },
      binding: account ? bindingSummary(account) : null,
      customer: await customerOf(withdrawal.user_id),
      ledger,
      approvals: state.approvals.map((row) => ({ operator: row.actor, at: row.created_at })),
      needs_second_approval: state.needs,
    };
  });

  calls.operator('review/sale', async ({ id }) => {
    const order = await queries.selling.orderById(id);
    if (!order) throw new ApiError(ResultCode.notFound, 'console.review_not_found');
    const offer = await queries.selling.offerById(order.offer_id);
    return {
      order: {
        id: order.id,
        order_no: order.order_no,
        number: money(order.number),
        unit_price: money(order.unit_price),
        currency: order.currency,
        total: money(order.amount),
        state: order.state,
        created_at: order.created_at,
      },
      offer: offer
        ? {
            id: offer.id,
            order_no: offer.order_no,
            unit_price: money(offer.unit_price),
            currency: offer.currency,
            quantity: money(offer.quantity),
          }
        : null,
      merchant: offer
        ? {
            id: offer.merchant_id,
            name: offer.merchant_name,
            avatar: offer.merchant_avatar,
            completion_rate: formatRate(offer.merchant_completion_rate),
          }
        : null,
      customer: await customerOf(order.user_id),
    };
  });

  calls.operator('review/decide', async ({ kind, id, decision, remark }, { operator }) => {
    try {
      const reviewer = { name: operator.name, proven: true };
      const decided = await decide(context, kind, decision, id, reviewer, remark, context.reviewRules);
      context.log.info({ kind, id, decision, outcome: decided.outcome, operator: operator.name }, 'review decision');
      return decided;
    } catch (error) {
      throw reviewRefused(error);
    }
  });

  customerRoutes(calls, context);
  settingsRoutes(calls, context);
  depositRoutes(calls, context);

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
