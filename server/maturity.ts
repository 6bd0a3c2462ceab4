import { cents } from '../contract/money';
import { isoNow, type Domain } from './context';
import { inTransaction } from './db/database';
import { publish } from './events';

const BATCH = 200;

/**
 * Pays every interest holding whose term has ended: principal back (ledger `lixibao_return`) and
 * the interest (`interest`), each holding in one transaction that first flips it from holding to
 * done. A holding is paid only by the run that flips it, so running twice, concurrently or after a
 * crash never pays twice; a crash before the commit leaves it holding for the next run.
 */
export function payMaturedOrders(domain: Domain): number {
  let paid = 0;
  for (;;) {
    const due = domain.queries.lixibao.due(isoNow(domain), BATCH);
    for (const order of due) {
      const done = inTransaction(domain.db, () => {
        const at = isoNow(domain);
        if (!domain.queries.lixibao.markPaid(order.id, at)) return false;
        const ref = { type: 'lixibao', id: order.id };
        domain.ledger.post({ userId: order.user_id, kind: 'lixibao_return', amount: cents(order.number), ref, at });
        if (order.interest > 0) {
          domain.ledger.post({ userId: order.user_id, kind: 'interest', amount: cents(order.interest), ref, at });
        }
        publish(domain, order.user_id, { type: 'lixibao', id: order.id, state: 'done' });
        publish(domain, order.user_id, { type: 'balance' });
        return true;
      });
      if (done) paid += 1;
    }
    if (due.length < BATCH) return paid;
  }
}
