import { cents } from '../../contract/money';
import type { CallRegistry } from '../auth/calls';
import type { ServerContext } from '../platform/context';
import { notFound } from '../platform/http/errors';
import { pageOf } from '../platform/http/paging';
import { money } from '../platform/http/wire';

export function assetsRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries } = context;

  async function figures(userId: number) {
    const totals = await queries.money.totals(userId);
    if (!totals) throw notFound();
    return totals;
  }

  calls.user('asset-log/list', (input, { user }) => {
    const direction = input.kind === 'income' ? 1 : input.kind === 'expense' ? -1 : 0;
    return pageOf(
      input,
      {
        rows: (limit, offset) => queries.ledger.page(user.id, direction, limit, offset),
        total: () => queries.ledger.count(user.id, direction),
      },
      (row) => ({
        id: row.id,
        kind: row.kind,
        amount: money(row.amount),
        balance: money(row.balance_after),
        status: 'PAID' as const,
        remark: row.remark,
        created_at: row.created_at,
      }),
    );
  });

  calls.user('asset-log/tongji', async (_input, { user }) => {
    const [totals, sums] = await Promise.all([figures(user.id), queries.ledger.sums(user.id)]);
    return {
      balance: money(totals.balance),
      business_usdt: money(totals.frozen),
      income: money(sums.income),
      expenses: money(sums.expenses),
    };
  });

  calls.user('property/tongji', async (_input, { user }) => {
    const [totals, sums, sold] = await Promise.all([
      figures(user.id),
      queries.ledger.sums(user.id),
      queries.selling.soldBy(user.id),
    ]);
    return {
      balance: money(totals.balance),
      recharge_amount: money(sums.recharged),
      total_acquisition: money(sums.acquired),
      total_sale: money(cents(sold)),
    };
  });
}
