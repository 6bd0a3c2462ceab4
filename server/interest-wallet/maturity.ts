import { cents } from '../../contract/money';
import { inTransaction } from '../ledger/transactions';
import { isoNow, type Domain } from '../platform/domain';
import { publish } from '../live/events';

const BATCH = 200;

/**
 * Pays every interest holding whose term has ended: principal back (ledger `lixibao_return`) and
 * the interest (`interest`), each holding in one transaction that first flips it from holding to
 * done. A holding is paid only by the run that flips it, so running twice, concurrently or after a
 * crash never pays twice; a crash before the commit leaves it holding for the next run.
 */
export async function payMaturedOrders(domain: Domain): Promise<number> {
  let paid = 0;
  for (;;) {
    const due = await domain.queries.interestWallet.due(isoNow(domain), BATCH);
    for (const order of due) {
      const done = await inTransaction(domain, async (tx) => {
        const at = isoNow(tx);
        if (!(await tx.queries.interestWallet.markPaid(order.id, at))) return false;
        const ref = { type: 'lixibao', id: order.id };
        await tx.ledger.post({ userId: order.user_id, kind: 'lixibao_return', amount: cents(order.number), ref, at });
        if (order.interest > 0) {
          await tx.ledger.post({ userId: order.user_id, kind: 'interest', amount: cents(order.interest), ref, at });
        }
        await publish(tx, order.user_id, { type: 'lixibao', id: order.id, state: 'done' });
        await publish(tx, order.user_id, { type: 'balance' });
        return true;
      });
      if (done) paid += 1;
    }
    if (due.length < BATCH) return paid;
  }
}
