import { cents, formatMoney, type Cents } from '../contract/money';
import type { LiveEvent } from '../contract/live';
import { inTransaction, isoNow, type Domain, type InTransaction } from './context';
import { publish } from './events';

export class ReviewError extends Error {
  override readonly name = 'ReviewError';
}

export type ReviewKind = 'recharge' | 'withdraw' | 'sale';
export type Decision = 'approve' | 'reject';

interface Decided {
  userId: number;
  amount: Cents;
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
  const alreadyReviewed = (state: string) => new ReviewError(`${kind} ${id} was already reviewed (${state})`);

  if (kind === 'sale') {
    const order = await queries.selling.orderById(id);
    if (!order) throw new ReviewError(`no sale with id ${id}`);
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
    return { userId: order.user_id, amount, event: { type: 'sale_order', id, state } };
  }

  const order = kind === 'recharge' ? await queries.recharge.byId(id) : await queries.withdraw.byId(id);
  if (!order) throw new ReviewError(`no ${kind} with id ${id}`);
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
  return { userId: order.user_id, amount, event: { type: kind, id, state } };
}

/**
 * An operator's decision on a recharge, a withdrawal or a sale, as one transaction: the state
 * change, the ledger movement it implies, the audit row and the customer's live events. Only an
 * order still in review can be decided, so approving twice credits once.
 */
export async function decide(
  domain: Domain,
  kind: ReviewKind,
  decision: Decision,
  id: number,
  actor: string,
  remark = '',
): Promise<void> {
  await inTransaction(domain, async (tx) => {
    const at = isoNow(tx);
    const decided = await apply(tx, kind, decision, id, remark, at);
    await tx.queries.audit.record({
      actor,
      action: decision,
      target_type: kind,
      target_id: id,
      detail: `${formatMoney(decided.amount)}${remark ? ` — ${remark}` : ''}`,
      created_at: at,
    });
    await publish(tx, decided.userId, decided.event);
    await publish(tx, decided.userId, { type: 'balance' });
  });
}
