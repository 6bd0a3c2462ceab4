import { cents, formatMoney } from '../../contract/money';
import type { Domain } from '../platform/domain';
import type { OrderLedgerGap, StrayLedgerRow } from './integrity-queries';

/** One thing that does not hold, named by the row it is about. */
export interface IntegrityProblem {
  /** The table of the row: users, ledger, an order table, offers or idempotency. */
  table: string;
  /** The row's key: its id, or for idempotency user/path/request_id. */
  row: string;
  /** What is wrong with it, in words and whole amounts. */
  problem: string;
}

function money(value: number): string {
  return formatMoney(cents(value));
}

function signed(value: number): string {
  return value > 0 ? `+${money(value)}` : money(value);
}

function gapProblem(gap: OrderLedgerGap): IntegrityProblem {
  const needed = `${gap.state} needs one ${gap.kind} ledger row of ${signed(gap.amount)} for user ${gap.user_id}`;
  const found =
    gap.rows_found === 0
      ? 'there is none'
      : gap.rows_found > 1
        ? `there are ${gap.rows_found}, of ${signed(gap.amount_found)} together`
        : gap.amount_found !== gap.amount
          ? `it is of ${signed(gap.amount_found)}`
          : `it belongs to user ${gap.lowest_user === gap.user_id ? gap.highest_user : gap.lowest_user}`;
  return { table: gap.order_table, row: String(gap.ref_id), problem: `${needed}, but ${found}` };
}

function strayProblem(row: StrayLedgerRow): IntegrityProblem {
  const entry = `${row.kind} row of ${signed(row.amount)} for user ${row.user_id}`;
  const order = `${row.ref_type || 'no order'}${row.ref_id === null ? '' : ` ${row.ref_id}`}`;
  const why =
    row.order_state === null
      ? `refers to ${order}, which does not exist`
      : `refers to ${order}, which in state ${row.order_state} needs no such row`;
  return { table: 'ledger', row: String(row.id), problem: `${entry} ${why}` };
}

/**
 * Proves, over the whole database, what every money movement should leave behind: each balance
 * equals its ledger and each ledger row's balance follows from the row before; every order has
 * exactly the ledger rows its state needs (its user's, of its amount) and no ledger row refers to
 * an order that does not need it; each offer's remaining quantity is its quantity less what was
 * sold; every stored idempotent answer names an order of its user; every running total (a
 * customer's ledger, sales and team figures, the team rows, the hall's volume, the orders waiting
 * for review) equals its
 * recomputation from the rows, and ledger lines and team rows are numbered in their order. Empty when all of that holds.
 */
export async function checkIntegrity(domain: Domain): Promise<IntegrityProblem[]> {
  const { ledger, integrity } = domain.queries;
  const [balances, chain, gaps, strays, offers, answers, totals, team, volume, numbering, waiting] = await Promise.all([
    ledger.mismatches(),
    integrity.brokenChain(),
    integrity.orderLedgerGaps(),
    integrity.strayLedgerRows(),
    integrity.offerDrift(),
    integrity.unfoundAnswers(),
    integrity.totalsDrift(),
    integrity.teamDrift(),
    integrity.volumeDrift(),
    integrity.numberingDrift(),
    integrity.waitingDrift(),
  ]);
  return [
    ...balances.map((user) => ({
      table: 'users',
      row: String(user.id),
      problem: `balance ${money(user.balance)}, but its ledger rows add up to ${money(user.ledger_total)}`,
    })),
    ...chain.map((row) => ({
      table: 'ledger',
      row: String(row.id),
      problem:
        `balance_after ${money(row.balance_after)}, but user ${row.user_id}'s row before leaves ` +
        `${money(row.previous_balance)} and this one moves ${signed(row.amount)}`,
    })),
    ...gaps.map(gapProblem),
    ...strays.map(strayProblem),
    ...offers.map((offer) => ({
      table: 'offers',
      row: String(offer.id),
      problem:
        `remaining ${money(offer.remaining)}, but quantity ${money(offer.quantity)} less ` +
        `${money(offer.sold)} sold leaves ${money(offer.quantity - offer.sold)}`,
    })),
    ...answers.map((answer) => ({
      table: 'idempotency',
      row: `${answer.user_id}/${answer.path}/${answer.request_id}`,
      problem:
        answer.answered_id === null
          ? 'the stored answer names no order id'
          : `the stored answer names order ${answer.answered_id}, which is not an order of user ${answer.user_id} made by ${answer.path}`,
    })),
    ...totals.map((drift) => ({
      table: 'users',
      row: String(drift.user_id),
      problem: `running total ${drift.total} is ${drift.kept}, but its rows add up to ${drift.recomputed}`,
    })),
    ...team.map((row) => ({
      table: 'team_members',
      row: `${row.ancestor_id}/${row.member_id}`,
      problem:
        row.drift === 'missing'
          ? `the invitations put user ${row.member_id} at level ${row.level} of user ${row.ancestor_id}'s team, but the row is missing`
          : `user ${row.member_id} is at level ${row.level} of user ${row.ancestor_id}'s team, which the invitations do not call for`,
    })),
    ...numbering.map((drift) => ({
      table: drift.table,
      row: drift.row,
      problem:
        drift.table === 'ledger'
          ? `ledger line numbering: ${drift.expected}`
          : drift.table === 'sale_orders'
            ? `sale numbering: ${drift.expected}`
            : `numbered ${drift.seq} in its team, whose numbers must run ${drift.expected}`,
    })),
    ...volume.map((period) => ({
      table: 'sales_volume',
      row: period.period,
      problem: `kept ${money(period.kept ?? 0)}, but the completed sales of that period add up to ${money(period.recomputed ?? 0)}`,
    })),
    ...waiting.map((drift) => ({
      table: 'review_waiting',
      row: `${drift.kind}/${drift.stripe}`,
      problem: `${drift.kept} ${drift.kind} orders counted as waiting for review, but ${drift.recomputed} wait`,
    })),
  ];
}
