import { cents } from '../../contract/money';
import type { CallRegistry } from '../calls';
import type { ServerContext } from '../context';
import { notFound } from '../errors';
import { money } from '../wire';

export function assetsRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries } = context;

  async function figures(userId: number) {
    const totals = await queries.money.totals(userId);
    if (!totals) throw notFound();
    return totals;
  }

  calls.user('asset-log/list', async ({ page, page_size, kind }, { user }) => {
    const direction = kind === 'income' ? 1 : kind === 'expense' ? -1 : 0;
    return {
      list: (await queries.ledger.page(user.id, direction, page_size, (page - 1) * page_size)).map((row) => ({
        id: row.id,
        kind: row.kind,
        amount: money(row.amount),
        balance: money(row.balance_after),
        status: 'PAID' as const,
        remark: row.remark,
        created_at: row.created_at,
      })),
      total: await queries.ledger.count(user.id, direction),
      page,
      page_size,
    };
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
    const [totals, recharged, sums, sold] = await Promise.all([
      figures(user.id),
      queries.recharge.approvedTotal(user.id),
      queries.ledger.sums(user.id),
      queries.money.completedSales(user.id),
    ]);
    return {
      balance: money(totals.balance),
      recharge_amount: money(recharged),
      total_acquisition: money(sums.acquired),
      total_sale: money(cents(sold)),
    };
  });
}
