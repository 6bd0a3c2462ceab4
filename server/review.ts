import type { Decision, DecisionResult, ReviewKind } from '../contract/console';
import { cents, formatMoney, type Cents } from '../contract/money';
import type { LiveEvent } from '../contract/live';
import type { ReviewState, SaleOrderState } from '../contract/rules';
import { inTransaction, isoNow, type Domain, type InTransaction } from './context';
import { publish, publishQueueChange } from './events';

export type { Decision, ReviewKind };

/** Why a decision could not be made, for the console to say in the operator's language. */
export type ReviewRefusal = 'not_found' | 'already_reviewed' | 'approved_already_by_you';

export class ReviewError extends Error {
  override readonly name = 'ReviewError';
  constructor(
    message: string,
    readonly reason: ReviewRefusal,
  ) {
    super(message);
  }
}

/** 1,000.00 USDT: a withdrawal above it needs the approvals of two different operators. */
export const DEFAULT_SECOND_APPROVAL_ABOVE = cents(100_000);

export interface ReviewRules {
  secondApprovalAbove: Cents;
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
 * The first approval of a withdrawal that needs two: recorded, audited and announced to the
 * console, the money untouched. Null when this approval completes the pair (or none is needed)
 * and the decision goes ahead. Under a lock on the order, so two operators approving at once are
 * counted one after the other, on any node.
 */
async function firstOfTwoApprovals(
  tx: Domain & InTransaction,
  id: number,
  actor: string,
  at: string,
  rules: ReviewRules,
): Promise<DecisionResult | null> {
  await tx.lock(`review withdraw ${id}`);
  const order = await tx.queries.withdraw.byId(id);
  if (!order) throw new ReviewError(`no withdraw with id ${id}`, 'not_found');
  if (order.state !== 'audit') {
    throw new ReviewError(`withdraw ${id} was already reviewed (${order.state})`, 'already_reviewed');
  }
  if (order.amount <= rules.secondApprovalAbove) return null;
  if (!(await tx.queries.operators.addApproval(id, actor, at))) {
    throw new ReviewError(
      `withdraw ${id}: ${actor} approved it already; another operator must give the second approval`,
      'approved_already_by_you',
    );
  }
  const approvals = await tx.queries.operators.approvalsOf(id);
  if (approvals.length >= 2) return null;
  await tx.queries.audit.record({
    actor,
    action: 'approve',
    target_type: 'withdraw',
    target_id: id,
    user_id: order.user_id,
    before_value: 'audit',
    after_value: 'awaiting second approval',
    detail: formatMoney(cents(order.amount)),
    created_at: at,
  });
  await publishQueueChange(tx, order.user_id);
  return { outcome: 'awaiting_second_approval' };
}

/**
 * An operator's decision on a recharge, a withdrawal or a sale, as one transaction: the state
 * change, the ledger movement it implies, the audit row and the live events of the customer and
 * the console. Only an order still in review can be decided, so approving twice credits once. A
 * withdrawal above `rules.secondApprovalAbove` is paid only on the approvals of two different
 * actors; either may refuse it.
 */
export async function decide(
  domain: Domain,
  kind: ReviewKind,
  decision: Decision,
  id: number,
  actor: string,
  remark = '',
  rules: ReviewRules = { secondApprovalAbove: DEFAULT_SECOND_APPROVAL_ABOVE },
): Promise<DecisionResult> {
  return inTransaction(domain, async (tx) => {
    const at = isoNow(tx);
    if (kind === 'withdraw' && decision === 'approve') {
      const pending = await firstOfTwoApprovals(tx, id, actor, at, rules);
      if (pending) return pending;
    }
    const decided = await apply(tx, kind, decision, id, remark, at);
    await tx.queries.audit.record({
      actor,
      action: decision,
      target_type: kind,
      target_id: id,
      user_id: decided.userId,
      before_value: 'audit',
      after_value: decided.state,
      detail: `${formatMoney(decided.amount)}${remark ? ` — ${remark}` : ''}`,
      created_at: at,
    });
    await publish(tx, decided.userId, decided.event);
    await publish(tx, decided.userId, { type: 'balance' });
    await publishQueueChange(tx, decided.userId);
    return { outcome: decided.state };
  });
}
