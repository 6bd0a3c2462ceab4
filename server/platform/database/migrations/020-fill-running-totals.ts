import type { BatchedPart, MigrationRunner, MigrationSteps } from '../migration';
import {
  LEDGER_NUMBERING,
  LEDGER_TOTALS,
  LEDGER_TOTAL_COLUMNS,
  ORDER_TOTALS,
  ORDER_TOTAL_COLUMNS,
  SALE_TOTALS,
  SALE_TOTAL_COLUMNS,
  SALES_VOLUME,
  SALE_NUMBERING,
  TEAM_MEMBERSHIPS,
  TEAM_TOTALS,
  TEAM_TOTAL_COLUMNS,
} from '../running-totals';

/** Fills the running totals of the migration before, a range of customers per part. */
export default { batched: runningTotalsParts } satisfies MigrationSteps;

/** Customers whose totals are filled by one statement: a few seconds' work at most on either engine. */
const TOTALS_BATCH = 20_000;

/** Fills the running totals afresh, all parts in a row (also for tests that write rows straight in). */
export async function fillRunningTotals(db: MigrationRunner): Promise<void> {
  for (const part of await runningTotalsParts(db)) await part(db);
}

/**
 * The running totals' fill from the rows, a range of customers at a time, so that no statement
 * holds millions of rows at once: first the derived tables emptied, then each customer's team
 * rows, own totals and ledger line numbers, then (once every member's recharges are known) the
 * teams' totals, then the hall's volume. The ranges follow from the highest customer id alone.
 */
async function runningTotalsParts(db: MigrationRunner): Promise<BatchedPart[]> {
  const last = (await db.get<{ last: number }>('SELECT COALESCE(MAX(id), 0) AS last FROM users'))?.last ?? 0;
  const ranges: { first: number; last: number }[] = [];
  for (let first = 1; first <= last; first += TOTALS_BATCH) ranges.push({ first, last: first + TOTALS_BATCH - 1 });
  const zero = [...LEDGER_TOTAL_COLUMNS, ...SALE_TOTAL_COLUMNS, ...ORDER_TOTAL_COLUMNS, ...TEAM_TOTAL_COLUMNS]
    .map((column) => `${column} = 0`)
    .join(', ');
  const fill = (columns: readonly string[], totals: string) =>
    `UPDATE users SET ${columns.map((column) => `${column} = totals.${column}`).join(', ')}
     FROM (${totals}) AS totals WHERE users.id = totals.user_id`;
  // From nothing, so that filling again (tests that write rows straight into the tables) is a refill.
  const empty: BatchedPart = async (runner) => {
    await runner.run('DELETE FROM team_members');
    await runner.run('DELETE FROM sales_volume');
    await runner.run('DELETE FROM ledger_numbers');
    await runner.run('DELETE FROM sale_numbers');
  };
  const ownTotals = ranges.map((range): BatchedPart => async (runner) => {
    await runner.run(`UPDATE users SET ${zero} WHERE id BETWEEN @first AND @last`, range);
    await runner.run(`INSERT INTO team_members (ancestor_id, member_id, level, seq) ${TEAM_MEMBERSHIPS}`, range);
    await runner.run(fill(LEDGER_TOTAL_COLUMNS, LEDGER_TOTALS), range);
    await runner.run(fill(SALE_TOTAL_COLUMNS, SALE_TOTALS), range);
    await runner.run(fill(ORDER_TOTAL_COLUMNS, ORDER_TOTALS), range);
    await runner.run(`INSERT INTO ledger_numbers (user_id, direction, seq, ledger_id) ${LEDGER_NUMBERING}`, range);
    await runner.run(`INSERT INTO sale_numbers (user_id, seq, sale_id) ${SALE_NUMBERING}`, range);
  });
  const teamTotals = ranges.map((range): BatchedPart => async (runner) => {
    await runner.run(fill(TEAM_TOTAL_COLUMNS, TEAM_TOTALS), range);
  });
  const volume: BatchedPart = async (runner) => {
    await runner.run(`INSERT INTO sales_volume (period, number) ${SALES_VOLUME}`);
  };
  return [empty, ...ownTotals, ...teamTotals, volume];
}
