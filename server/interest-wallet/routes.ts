import { addMoney, cents, formatRate, negateMoney, simpleInterest } from '../../contract/money';
import type { InterestOrder } from '../../contract/responses';
import type { CallRegistry } from '../auth/calls';
import type { ServerContext } from '../platform/context';
import type { InterestOrderRow } from './queries';
import { notFound, outOfRange } from '../platform/http/errors';
import { publish } from '../live/events';
import { once } from '../ledger/idempotency';
import { pageOf } from '../platform/http/paging';
import { money } from '../platform/http/wire';

const DAY_MS = 24 * 3600 * 1000;

function toInterestOrder(row: InterestOrderRow): InterestOrder {
  return {
    id: row.id,
    lixibao_id: row.product_id,
    name: row.name,
    number: money(row.number),
    money: money(addMoney(cents(row.number), cents(row.interest))),
    rate: formatRate(row.rate),
    days: row.days,
    interest: money(row.interest),
    time: row.started_at,
    expiration: row.expires_at,
    state: row.state,
  };
}

export function interestWalletRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries } = context;

  calls.user('lixibao/list', (input) =>
    pageOf(
      input,
      { rows: queries.interestWallet.productsPage, total: queries.interestWallet.productCount },
      (product) => ({
        id: product.id,
        name: product.name,
        rate: formatRate(product.rate),
        days: product.days,
        min_amount: money(product.min_amount),
        max_amount: money(product.max_amount),
      }),
    ),
  );

  /**
   * Principal moves from the balance into the wallet now; principal and simple interest (rounded
   * down to the cent) come back when the term ends, paid by the maturity job.
   */
  calls.user('lixibao/create-order', (input, { user }) =>
    once(context, user.id, 'lixibao/create-order', input.request_id, input, async (tx) => {
      const { queries, ledger } = tx;
      const product = await queries.interestWallet.productById(input.lixibao_id);
      if (!product) throw notFound();
      if (input.number < product.min_amount || input.number > product.max_amount) {
        throw outOfRange('deposit_out_of_range', 'number', { min: product.min_amount, max: product.max_amount });
      }
      const now = context.now();
      const principal = cents(input.number);
      const id = await queries.interestWallet.insertOrder({
        user_id: user.id,
        product_id: product.id,
        name: product.name,
        number: principal,
        rate: product.rate,
        days: product.days,
        interest: simpleInterest(principal, product.rate, product.days),
        started_at: now.toISOString(),
        expires_at: new Date(now.getTime() + product.days * DAY_MS).toISOString(),
      });
      await ledger.debit({
        userId: user.id,
        kind: 'lixibao_buy',
        amount: negateMoney(principal),
        ref: { type: 'lixibao', id },
        at: now.toISOString(),
      });
      await publish(tx, user.id, { type: 'lixibao', id, state: 'holding' });
      const order = await queries.interestWallet.orderById(id);
      if (!order) throw notFound();
      return toInterestOrder(order);
    }),
  );

  calls.user('lixibao/list-order', (input, { user }) =>
    pageOf(
      input,
      {
        rows: (limit, offset) => queries.interestWallet.ordersPage(user.id, limit, offset),
        total: () => queries.interestWallet.orderCount(user.id),
      },
      toInterestOrder,
    ),
  );
}
