import { cents, formatMoney } from '../contract/money';
import { isoNow, type Domain } from './context';
import { inTransaction } from './db/database';
import { publish } from './events';

export class ReviewError extends Error {
  override readonly name = 'ReviewError';
}

export type ReviewKind = 'recharge' | 'withdraw';
export type Decision = 'approve' | 'reject';

function audit(domain: Domain, actor: string, action: string, kind: ReviewKind, id: number, detail: string): void {
  domain.queries.audit.record({
    actor,
    action,
    target_type: kind,
    target_id: id,
    detail,
    created_at: isoNow(domain),
  });
}

/**
 * An operator's decision on a recharge or a withdrawal, as one transaction: the state change, the
 * ledger movement it implies, the audit row and the customer's live events. Only an order still
 * in review can be decided, so approving twice credits once.
 */
export function decide(
  domain: Domain,
  kind: ReviewKind,
  decision: Decision,
  id: number,
  actor: string,
  remark = '',
): void {
  inTransaction(domain.db, () => {
    const at = isoNow(domain);
    const { queries, ledger } = domain;
    const order = kind === 'recharge' ? queries.recharge.byId(id) : queries.withdraw.byId(id);
    if (!order) throw new ReviewError(`no ${kind} with id ${id}`);
    const state = decision === 'approve' ? 'success' : 'failure';
    const moved =
      kind === 'recharge'
        ? queries.recharge.review(id, state, remark, at)
        : queries.withdraw.review(id, state, remark, at);
    if (!moved) throw new ReviewError(`${kind} ${id} was already reviewed (${order.state})`);

    const amount = cents(order.amount);
    if (kind === 'recharge' && decision === 'approve') {
      ledger.post({ userId: order.user_id, kind: 'recharge', amount, ref: { type: kind, id }, at });
    }
    if (kind === 'withdraw' && decision === 'reject') {
      ledger.post({ userId: order.user_id, kind: 'withdraw_refund', amount, ref: { type: kind, id }, remark, at });
    }
    audit(domain, actor, decision, kind, id, `${formatMoney(amount)}${remark ? ` — ${remark}` : ''}`);
    publish(domain, order.user_id, { type: kind, id, state });
    publish(domain, order.user_id, { type: 'balance' });
  });
}
