import { cents } from '../../contract/money';
import type { CallRegistry } from '../calls';
import type { ServerContext } from '../context';
import { notFound } from '../errors';
import { money } from '../wire';

export function assetsRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries } = context;

  function figures(userId: number) {
    const totals = queries.money.totals(userId);
    if (!totals) throw notFound();
    return totals;
  }

  calls.user('asset-log/list', ({ page, page_size, kind }, { user }) => {
    const direction = kind === 'income' ? 1 : kind === 'expense' ? -1 : 0;
    return {
      list: queries.ledger.page(user.id, direction, page_size, (page - 1) * page_size).map((row) => ({
        id: row.id,
        kind: row.kind,
        amount: money(row.amount),
        balance: money(row.balance_after),
        status: 'PAID' as const,
        remark: row.remark,
        created_at: row.created_at,
      })),
      total: queries.ledger.count(user.id, direction),
      page,
      page_size,
    };
  });

  calls.user('asset-log/tongji', (_input, { user }) => {
    const totals = figures(user.id);
    const sums = queries.ledger.sums(user.id);
    return {
      balance: money(totals.balance),
      business_usdt: money(totals.frozen),
      income: money(sums.income),
      expenses: money(sums.expenses),
    };
  });

  calls.user('property/tongji', (_input, { user }) => {
    const totals = figures(user.id);
    return {
      balance: money(totals.balance),
      recharge_amount: money(queries.recharge.approvedTotal(user.id)),
      total_acquisition: money(queries.ledger.sums(user.id).acquired),
      total_sale: money(cents(queries.money.completedSales(user.id))),
    };
  });
}
