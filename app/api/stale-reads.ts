import type { CallPath } from '../../contract/calls';

/** What a move of the customer's money changes: the balance, the fund log's totals, the assets' totals. */
const BALANCE_READS = ['userinfo/get-money-info', 'asset-log/tongji', 'property/tongji'] as const;

/**
 * Which single reads each kind of change leaves stale, for the app to read again: one table, so
 * that a screen that moves money never forgets a figure another screen shows. Lists refresh
 * through their live topics instead (see usePagedCall).
 */
export const STALE_AFTER = {
  /** The customer sold to a merchant: the balance, and the hall's totals of sales. */
  sale: [...BALANCE_READS, 'selling/tongji'],
  /** The customer asked for a withdrawal: its amount left the balance. */
  withdrawal: BALANCE_READS,
  /** The customer moved money into the interest wallet. */
  interestDeposit: BALANCE_READS,
  /** The server pushed a change of the balance (an approved recharge, a paid interest, a refund). */
  balanceEvent: BALANCE_READS,
  /** The server pushed a chain deposit's progress; a credited one moved the balance too. */
  depositEvent: ['recharge/deposits'],
  depositCredited: [...BALANCE_READS, 'recharge/deposits'],
  /** The server pushed a sale's review. */
  saleEvent: ['selling/tongji', 'selling/history'],
  /** The live socket (re)connected: whatever happened while it was down was not pushed. */
  reconnected: [...BALANCE_READS, 'selling/tongji'],
} as const satisfies Record<string, readonly CallPath[]>;

export type Change = keyof typeof STALE_AFTER;
