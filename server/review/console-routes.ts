import {
  QUEUE_PAGE_SIZE,
  type CustomerSummary,
  type QueueItem,
  type RechargeSummary,
  type ConsoleParsedRequest,
  type ReviewKind,
  type ReviewQueue,
} from '../../contract/console';
import { ResultCode } from '../../contract/envelope';
import { formatRate, type Cents } from '../../contract/money';
import { SerializedData } from '../platform/http/envelope';
import { bindingSummary, customerSummary, toLedgerLine } from '../customers/console-routes';
import type { RechargeRow } from '../deposits/queries';
import { createAnswerCache } from '../platform/answer-cache';
import type { ServerContext } from '../platform/context';
import { ApiError, notFound } from '../platform/http/errors';
import { money } from '../platform/http/wire';
import type { ConsoleCallRegistry } from '../staff/calls';
import { secondApprovalAbove } from '../staff/four-eyes';
import { fourEyesRefused } from '../staff/four-eyes-refusals';
import type { PendingItem, QueuePosition, TwoApprovalKind } from './queries';
import {
  ReviewError,
  countingApprovals,
  countingApprovalsOf,
  decide,
  needingTwoApprovals,
  needsTwoApprovals,
  type TwoApprovalOrder,
} from './review';

const RECENT_RECHARGES = 10;
const RECENT_LEDGER = 20;

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

/** The console's review queue and each order's page, and the decision on one. */
export function reviewConsoleRoutes(calls: ConsoleCallRegistry, context: ServerContext): void {
  const { queries } = context;

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
}
