import type { Decision, DecisionResult, ReviewKind } from '../../contract/console';
import { cents, formatMoney, type Cents } from '../../contract/money';
import type { LiveEvent } from '../../contract/live';
import type { ReviewState, SaleOrderState } from '../../contract/rules';
import { inTransaction, type InTransaction } from '../ledger/transactions';
import { isoNow, type Domain } from '../platform/domain';
import type { TwoApprovalKind } from './queries';
import { publishQueueChange, publishQueueMove } from '../live/events';
import {
  DEFAULT_SECOND_APPROVAL_ABOVE,
  approvalsThatCount,
  countedOperator,
  secondApprovalAbove,
  type ReviewRules,
} from '../staff/four-eyes';

export type { Decision, ReviewKind };

/** Why a decision could not be made, for the console to say in the operator's language. */
export type ReviewRefusal = 'not_found' | 'already_reviewed' | 'approved_already_by_you' | 'needs_proven_operator';

export class ReviewError extends Error {
  override readonly name = 'ReviewError';
  constructor(
    message: string,
    readonly reason: ReviewRefusal,
  ) {
    super(message);
  }
}

/**
 * Who decides. Only an operator who proved who they are for this decision (a console session
 * opened with password and code, or the CLI given their current code) can be one of two
 * approvals; the CLI's unnamed user may decide what needs one approval, and refuse anything.
 */
export interface Reviewer {
  /** As the audit log and the approvals name them: an operator's name, or `operator:<user>` for the CLI's user. */
  name: string;
  proven: boolean;
  /** Where the decision came from, for the audit row when it is not the console, e.g. "CLI, unix user bob". */
  via?: string;
}

/** The CLI's user when no operator proved themselves. */
export function cliUser(user: string): Reviewer {
  return { name: `operator:${user}`, proven: false };
}

/** The window in which a customer's orders of one kind are added up against the limit. */
const ROLLING_WINDOW_MS = 24 * 3600 * 1000;

export interface TwoApprovalOrder {
  id: number;
  user_id: number;
  amount: number;
  created_at: string;
}

export interface Approval {
  actor: string;
  created_at: string;
}

/**
 * Which of these orders (of one kind, up to ORDERS_PER_STATEMENT) need two operators: an order
 * does when it, with the same customer's other orders of its kind created in the 24 hours before
 * it and not refused, comes to more than the limit. Orders only leave that sum (when refused) and
 * none enters it later, so the answer can only turn from yes to no while the order waits.
 */
export async function needingTwoApprovals(
  domain: Pick<Domain, 'queries'>,
  kind: TwoApprovalKind,
  orders: readonly TwoApprovalOrder[],
  limit: Cents,
): Promise<Set<number>> {
  const needing = new Set(orders.filter((order) => order.amount > limit).map((order) => order.id));
  const undecided = orders.filter((order) => !needing.has(order.id));
  if (undecided.length === 0) return needing;
  const earlier = await domain.queries.review.earlierTotals(
    kind,
    undecided.map((order) => ({
      id: order.id,
      since: new Date(Date.parse(order.created_at) - ROLLING_WINDOW_MS).toISOString(),
    })),
  );
  for (const order of undecided) if (order.amount + (earlier.get(order.id) ?? 0) > limit) needing.add(order.id);
  return needing;
}

export async function needsTwoApprovals(
  domain: Pick<Domain, 'queries'>,
  kind: TwoApprovalKind,
  order: TwoApprovalOrder,
  limit: Cents,
): Promise<boolean> {
  return (await needingTwoApprovals(domain, kind, [order], limit)).has(order.id);
}

/**
 * The approvals of these orders (up to ORDERS_PER_STATEMENT) that count toward four eyes (see
 * approvalsThatCount), by order, oldest first.
 */
export async function countingApprovalsOf(
  domain: Pick<Domain, 'queries'>,
  kind: TwoApprovalKind,
  orderIds: readonly number[],
): Promise<Map<number, Approval[]>> {
  const byOrder = new Map<number, Approval[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const approvals = await approvalsThatCount(domain, await domain.queries.review.approvalsOf(kind, orderIds));
  const oldestFirst = (a: Approval, b: Approval) =>
    a.created_at === b.created_at ? (a.actor < b.actor ? -1 : 1) : a.created_at < b.created_at ? -1 : 1;
  for (const { order_id: orderId, actor, created_at: createdAt } of approvals.sort(oldestFirst)) {
    byOrder.get(orderId)?.push({ actor, created_at: createdAt });
  }
  return byOrder;
}

export async function countingApprovals(
  domain: Pick<Domain, 'queries'>,
  kind: TwoApprovalKind,
  id: number,
): Promise<Approval[]> {
  return (await countingApprovalsOf(domain, kind, [id])).get(id) ?? [];
}

interface Decided {
  userId: number;
  amount: Cents;
  state: Exclude<ReviewState | SaleOrderState, 'audit'>;
  event: LiveEvent;
}

/** Moves one order out of review and makes the money movement that decision implies. */
async function apply(
  domain: InTransaction,
  kind: ReviewKind,
  decision: Decision,
  id: number,
  remark: string,
  at: string,
): Promise<Decided> {
  const { queries, ledger } = domain;
  const ref = { type: kind, id };
  const alreadyReviewed = (state: string) =>
    new ReviewError(`${kind} ${id} was already reviewed (${state})`, 'already_reviewed');

  if (kind === 'sale') {
    const order = await queries.selling.orderById(id);
    if (!order) throw new ReviewError(`no sale with id ${id}`, 'not_found');
    const state = decision === 'approve' ? 'completion' : 'reject';
    if (!(await queries.selling.reviewOrder(id, state, remark, at))) throw alreadyReviewed(order.state);
    const offer = await queries.selling.offerById(order.offer_id);
    const amount = cents(order.number);
    if (decision === 'approve') {
      if (offer) await queries.selling.countCompletedOrder(offer.merchant_id);
    } else {
      // The USDT comes back to the seller and the quantity back to the merchant's offer.
      await ledger.post({ userId: order.user_id, kind: 'sale_refund', amount, ref, remark, at });
      await queries.selling.giveBack(order.offer_id, order.number);
    }
    return { userId: order.user_id, amount, state, event: { type: 'sale_order', id, state } };
  }

  const order = kind === 'recharge' ? await queries.recharge.byId(id) : await queries.withdraw.byId(id);
  if (!order) throw new ReviewError(`no ${kind} with id ${id}`, 'not_found');
  const state = decision === 'approve' ? 'success' : 'failure';
  const moved =
    kind === 'recharge'
      ? await queries.recharge.review(id, state, remark, at)
      : await queries.withdraw.review(id, state, remark, at);
  if (!moved) throw alreadyReviewed(order.state);
  const amount = cents(order.amount);
  if (kind === 'recharge' && decision === 'approve') {
    await ledger.post({ userId: order.user_id, kind: 'recharge', amount, ref, at });
  }
  if (kind === 'withdraw' && decision === 'reject') {
    await ledger.post({ userId: order.user_id, kind: 'withdraw_refund', amount, ref, remark, at });
  }
  return { userId: order.user_id, amount, state, event: { type: kind, id, state } };
}

/**
 * The first approval of a recharge or withdrawal that needs two: recorded, audited and announced
 * to the console, the money untouched. Null when this approval completes the pair (or none is
 * needed) and the decision goes ahead. Under a lock on the order, so two operators approving at
 * once are counted one after the other, on any node. Either approval must come from an operator
 * who counts toward four eyes by now: a new one's only 24 hours after enrolment, or once a second
 * administrator confirmed them.
 */
async function firstOfTwoApprovals(
  tx: Domain & InTransaction,
  kind: TwoApprovalKind,
  id: number,
  reviewer: Reviewer,
  at: string,
  rules: ReviewRules,
): Promise<DecisionResult | null> {
  await tx.lock(`review ${kind} ${id}`);
  const order = kind === 'recharge' ? await tx.queries.recharge.byId(id) : await tx.queries.withdraw.byId(id);
  if (!order) throw new ReviewError(`no ${kind} with id ${id}`, 'not_found');
  if (order.state !== 'audit') {
    throw new ReviewError(`${kind} ${id} was already reviewed (${order.state})`, 'already_reviewed');
  }
  if (!(await needsTwoApprovals(tx, kind, order, await secondApprovalAbove(tx, rules)))) return null;
  if (!reviewer.proven) {
    throw new ReviewError(
      `${kind} ${id} needs the approvals of two operators: name one with --operator and give their current --code`,
      'needs_proven_operator',
    );
  }
  // One of two approvals only from an operator who counts by now (FourEyesError otherwise).
  await countedOperator(tx, reviewer.name);
  if (!(await tx.queries.review.addApproval(kind, id, reviewer.name, at))) {
    throw new ReviewError(
      `${kind} ${id}: ${reviewer.name} approved it already; another operator must give the second approval`,
      'approved_already_by_you',
    );
  }
  const approvals = await countingApprovals(tx, kind, id);
  if (approvals.length >= 2) return null;
  await tx.queries.audit.record({
    actor: reviewer.name,
    action: 'approve',
    target_type: kind,
    target_id: id,
    user_id: order.user_id,
    before_value: 'audit',
    after_value: 'awaiting second approval',
    detail: `${formatMoney(cents(order.amount))}${reviewer.via ? ` (${reviewer.via})` : ''}`,
    created_at: at,
  });
  await publishQueueChange(tx, order.user_id);
  return { outcome: 'awaiting_second_approval' };
}

/**
 * A recharge credited without an operator, inside the caller's transaction: the chain showed its
 * transaction paying what it claims, final (server/deposits/chain/proofs.ts). The same state change,
 * ledger line, audit row and events as an operator's approval; `actor` names who decided in the
 * audit log. False when the recharge was no longer in review.
 */
export async function approveWithoutOperator(
  tx: Domain & InTransaction,
  id: number,
  actor: string,
  detail: string,
  at: string,
): Promise<boolean> {
  let decided: Decided;
  try {
    decided = await apply(tx, 'recharge', 'approve', id, '', at);
  } catch (error) {
    if (error instanceof ReviewError) return false;
    throw error;
  }
  await tx.queries.audit.record({
    actor,
    action: 'approve',
    target_type: 'recharge',
    target_id: id,
    user_id: decided.userId,
    before_value: 'audit',
    after_value: decided.state,
    detail: `${formatMoney(decided.amount)} — ${detail}`,
    created_at: at,
  });
  await publishQueueMove(tx, decided.userId, { kind: 'recharge', by: -1 }, decided.event, { type: 'balance' });
  return true;
}

/**
 * An operator's decision on a recharge, a withdrawal or a sale, as one transaction: the state
 * change, the ledger movement it implies, the audit row and the live events of the customer and
 * the console. Only an order still in review can be decided, so approving twice credits once. A
 * recharge or withdrawal that needs two approvals (see needsTwoApprovals) is credited or paid
 * only on the approvals of two different proven operators; anyone may refuse it.
 */
export async function decide(
  domain: Domain,
  kind: ReviewKind,
  decision: Decision,
  id: number,
  reviewer: Reviewer,
  remark = '',
  rules: ReviewRules = { secondApprovalAbove: DEFAULT_SECOND_APPROVAL_ABOVE },
): Promise<DecisionResult> {
  return inTransaction(domain, async (tx) => {
    const at = isoNow(tx);
    if (kind !== 'sale' && decision === 'approve') {
      const pending = await firstOfTwoApprovals(tx, kind, id, reviewer, at, rules);
      if (pending) return pending;
    }
    const decided = await apply(tx, kind, decision, id, remark, at);
    const via = reviewer.via ? ` (${reviewer.via})` : '';
    await tx.queries.audit.record({
      actor: reviewer.name,
      action: decision,
      target_type: kind,
      target_id: id,
      user_id: decided.userId,
      before_value: 'audit',
      after_value: decided.state,
      detail: `${formatMoney(decided.amount)}${remark ? ` — ${remark}` : ''}${via}`,
      created_at: at,
    });
    await publishQueueMove(tx, decided.userId, { kind, by: -1 }, decided.event, { type: 'balance' });
    return { outcome: decided.state };
  });
}
