import type { LedgerKind } from '../../contract/rules';
import type { SqlRunner } from '../platform/database/sql';
import {
  LEDGER_NUMBERING,
  LEDGER_TOTALS,
  LEDGER_TOTAL_COLUMNS,
  ORDER_TOTALS,
  ORDER_TOTAL_COLUMNS,
  SALE_TOTALS,
  SALE_TOTAL_COLUMNS,
  REVIEW_WAITING,
  SALES_VOLUME,
  SALE_NUMBERING,
  TEAM_MEMBERSHIPS,
  TEAM_TOTALS,
  TEAM_TOTAL_COLUMNS,
} from '../platform/database/running-totals';

/** The tables of orders a ledger row may refer to, by the `ref_type` the row carries. */
export type OrderTable = 'recharges' | 'chain_deposits' | 'withdrawals' | 'sale_orders' | 'interest_orders';

/**
 * Every ledger row an order's state calls for: `kind` and signed `amount`, for the order's user.
 * Read from server/review/review.ts, server/interest-wallet/maturity.ts, server/deposits/chain/watcher.ts and the create routes: a
 * deposit read from the chain is credited once final and above the minimum; a recharge is credited
 * once approved; a withdrawal, a sale and an interest deposit are debited when made, and given
 * back when refused or, for a deposit, when its term ends (interest only when there is some).
 */
const EXPECTED_LEDGER = `
  expected (order_table, ref_type, ref_id, user_id, state, kind, amount) AS (
    SELECT 'recharges', 'recharge', id, user_id, state, 'recharge', amount FROM recharges WHERE state = 'success'
    UNION ALL
    SELECT 'chain_deposits', 'deposit', id, user_id, state, 'recharge', amount FROM chain_deposits
    WHERE state = 'credited'
    UNION ALL
    SELECT 'withdrawals', 'withdraw', id, user_id, state, 'withdraw', -amount FROM withdrawals
    UNION ALL
    SELECT 'withdrawals', 'withdraw', id, user_id, state, 'withdraw_refund', amount FROM withdrawals
    WHERE state = 'failure'
    UNION ALL
    SELECT 'sale_orders', 'sale', id, user_id, state, 'sale', -number FROM sale_orders
    UNION ALL
    SELECT 'sale_orders', 'sale', id, user_id, state, 'sale_refund', number FROM sale_orders WHERE state = 'reject'
    UNION ALL
    SELECT 'interest_orders', 'lixibao', id, user_id, state, 'lixibao_buy', -number FROM interest_orders
    UNION ALL
    SELECT 'interest_orders', 'lixibao', id, user_id, state, 'lixibao_return', number FROM interest_orders
    WHERE state = 'done'
    UNION ALL
    SELECT 'interest_orders', 'lixibao', id, user_id, state, 'interest', interest FROM interest_orders
    WHERE state = 'done' AND interest > 0
  )`;

/** What an order's state needs and what the ledger holds for it, where the two differ. */
export interface OrderLedgerGap {
  order_table: OrderTable;
  ref_id: number;
  user_id: number;
  state: string;
  kind: LedgerKind;
  amount: number;
  rows_found: number;
  amount_found: number;
  /** The users of the rows found (both equal the order's user when all is well). */
  lowest_user: number | null;
  highest_user: number | null;
}

/** A ledger row no order calls for; `order_state` is null when its order does not exist. */
export interface StrayLedgerRow {
  id: number;
  user_id: number;
  kind: LedgerKind;
  amount: number;
  ref_type: string;
  ref_id: number | null;
  order_state: string | null;
}

export interface BrokenChainRow {
  id: number;
  user_id: number;
  amount: number;
  balance_after: number;
  /** The balance the user's row before left (0 before the first). */
  previous_balance: number;
}

export interface OfferDrift {
  id: number;
  quantity: number;
  remaining: number;
  sold: number;
}

export interface UnfoundAnswer {
  user_id: number;
  path: string;
  request_id: string;
  /** The `id` of the stored answer, as stored; null when it has none. */
  answered_id: number | string | null;
}

/** One running total of one customer that differs from what its rows add up to. */
export interface TotalDrift {
  user_id: number;
  total: string;
  kept: number;
  recomputed: number;
}

/** A team row that the invitations do not call for (`extra`), or one they call for that is missing. */
export interface TeamRowDrift {
  ancestor_id: number;
  member_id: number;
  level: number;
  drift: 'missing' | 'extra';
}

/** A ledger line or team row whose number is not its place in its customer's (or team's) order. */
export interface NumberingDrift {
  table: 'ledger' | 'sale_orders' | 'team_members';
  row: string;
  seq: number;
  expected: string;
}

/** A period of the hall's volume whose kept figure is not what its completed sales add up to. */
export interface VolumeDrift {
  period: string;
  kept: number | null;
  recomputed: number | null;
}

/** A stripe of a kind's count of orders waiting for review that differs from the orders themselves. */
export interface WaitingDrift {
  kind: string;
  stripe: number;
  kept: number;
  recomputed: number;
}

const EVERYONE = { first: 0, last: Number.MAX_SAFE_INTEGER };

/**
 * The rows (of `columns`) that the recomputation yields and the kept table lacks, marked
 * 'missing', and those the table holds that the recomputation does not, marked 'extra'.
 */
function differences(columns: string, recomputed: string, kept: string): string {
  return `SELECT ${columns}, 'missing' AS drift FROM (
      SELECT ${columns} FROM (${recomputed}) AS recomputed EXCEPT SELECT ${columns} FROM ${kept}
    ) AS missing
    UNION ALL
    SELECT ${columns}, 'extra' FROM (
      SELECT ${columns} FROM ${kept} EXCEPT SELECT ${columns} FROM (${recomputed}) AS recomputed
    ) AS extra`;
}

/** A numbering difference in words. */
const DRIFT_WORDS = "CASE drift WHEN 'extra' THEN 'not called for' ELSE drift END";

/** Every kept total beside its recomputation, one row per customer and total. */
const TOTALS_BESIDE_ROWS = [
  ...LEDGER_TOTAL_COLUMNS.map((column) => ({ column, source: 'ledger_totals' })),
  ...SALE_TOTAL_COLUMNS.map((column) => ({ column, source: 'sale_totals' })),
  ...ORDER_TOTAL_COLUMNS.map((column) => ({ column, source: 'order_totals' })),
  ...TEAM_TOTAL_COLUMNS.map((column) => ({ column, source: 'team_totals' })),
]
  .map(
    ({ column, source }) =>
      `SELECT users.id AS user_id, '${column}' AS total, users.${column} AS kept,
              COALESCE(${source}.${column}, 0) AS recomputed
       FROM users
       LEFT JOIN ledger_totals ON ledger_totals.user_id = users.id
       LEFT JOIN sale_totals ON sale_totals.user_id = users.id
       LEFT JOIN order_totals ON order_totals.user_id = users.id
       LEFT JOIN team_totals ON team_totals.user_id = users.id
       WHERE users.${column} <> COALESCE(${source}.${column}, 0)`,
  )
  .join('\n  UNION ALL\n');

export interface IntegrityCounts {
  users: number;
  ledger: number;
  orders: number;
  offers: number;
  idempotency: number;
}

/**
 * The `id` of a stored idempotent answer (the JSON of the first response). JSON is read
 * differently by the two engines; a non-numeric id comes out as null on both.
 */
function answeredId(db: SqlRunner): string {
  return db.dialect === 'postgres'
    ? `CASE WHEN (response::jsonb ->> 'id') ~ '^[0-9]{1,15}$' THEN (response::jsonb ->> 'id')::bigint END`
    : `CASE WHEN json_valid(response) THEN json_extract(response, '$.id') END`;
}

/**
 * The whole-database checks behind `ops check` (server/ledger/integrity.ts). Each is one set-based
 * statement that returns only the offending rows, so it reads one consistent snapshot even while
 * the server writes, and stays one pass over each table however large the database is.
 */
export function integrityQueries(db: SqlRunner) {
  return {
    /** Orders whose ledger rows are missing, doubled, of another user or of another amount. */
    orderLedgerGaps: () =>
      db.all<OrderLedgerGap>(`
        WITH ${EXPECTED_LEDGER},
        found AS (
          SELECT ref_type, ref_id, kind, COUNT(*) AS rows_found, SUM(amount) AS amount_found,
                 MIN(user_id) AS lowest_user, MAX(user_id) AS highest_user
          FROM ledger WHERE kind <> 'adjust'
          GROUP BY ref_type, ref_id, kind
        )
        SELECT expected.order_table, expected.ref_id, expected.user_id, expected.state, expected.kind,
               expected.amount, COALESCE(found.rows_found, 0) AS rows_found,
               COALESCE(found.amount_found, 0) AS amount_found, found.lowest_user, found.highest_user
        FROM expected
        LEFT JOIN found ON found.ref_type = expected.ref_type AND found.ref_id = expected.ref_id
                       AND found.kind = expected.kind
        WHERE found.rows_found IS NULL OR found.rows_found <> 1 OR found.amount_found <> expected.amount
           OR found.lowest_user <> expected.user_id OR found.highest_user <> expected.user_id
        ORDER BY expected.order_table, expected.ref_id, expected.kind
      `),
    /** Ledger rows (operator adjustments aside) that no order in its current state calls for. */
    strayLedgerRows: () =>
      db.all<StrayLedgerRow>(`
        WITH ${EXPECTED_LEDGER}
        SELECT ledger.id, ledger.user_id, ledger.kind, ledger.amount, ledger.ref_type, ledger.ref_id,
               CASE ledger.ref_type
                 WHEN 'recharge' THEN (SELECT state FROM recharges WHERE id = ledger.ref_id)
                 WHEN 'deposit' THEN (SELECT state FROM chain_deposits WHERE id = ledger.ref_id)
                 WHEN 'withdraw' THEN (SELECT state FROM withdrawals WHERE id = ledger.ref_id)
                 WHEN 'sale' THEN (SELECT state FROM sale_orders WHERE id = ledger.ref_id)
                 WHEN 'lixibao' THEN (SELECT state FROM interest_orders WHERE id = ledger.ref_id)
               END AS order_state
        FROM ledger
        LEFT JOIN expected ON expected.ref_type = ledger.ref_type AND expected.ref_id = ledger.ref_id
                          AND expected.kind = ledger.kind
        WHERE ledger.kind <> 'adjust' AND expected.ref_id IS NULL
        ORDER BY ledger.id
      `),
    /** Ledger rows whose balance_after is not the row before's plus this row's amount. */
    brokenChain: () =>
      db.all<BrokenChainRow>(`
        SELECT id, user_id, amount, balance_after, previous_balance
        FROM (
          SELECT id, user_id, amount, balance_after,
                 LAG(balance_after, 1, 0) OVER (PARTITION BY user_id ORDER BY id) AS previous_balance
          FROM ledger
        ) AS chained
        WHERE balance_after <> previous_balance + amount
        ORDER BY id
      `),
    /** Offers whose remaining quantity is not their quantity less what sales not refused took. */
    offerDrift: () =>
      db.all<OfferDrift>(`
        SELECT offers.id, offers.quantity, offers.remaining, COALESCE(SUM(sale_orders.number), 0) AS sold
        FROM offers
        LEFT JOIN sale_orders ON sale_orders.offer_id = offers.id AND sale_orders.state <> 'reject'
        GROUP BY offers.id, offers.quantity, offers.remaining
        HAVING offers.remaining <> offers.quantity - COALESCE(SUM(sale_orders.number), 0)
        ORDER BY offers.id
      `),
    /** Stored idempotent answers whose `id` is not an order of that user made by that call. */
    unfoundAnswers: () =>
      db.all<UnfoundAnswer>(`
        SELECT user_id, path, request_id, answered_id
        FROM (SELECT user_id, path, request_id, ${answeredId(db)} AS answered_id FROM idempotency) AS answers
        WHERE NOT (
          (path = 'recharge/create' AND EXISTS (
            SELECT 1 FROM recharges WHERE id = answers.answered_id AND user_id = answers.user_id))
          OR (path = 'withdraw/create' AND EXISTS (
            SELECT 1 FROM withdrawals WHERE id = answers.answered_id AND user_id = answers.user_id))
          OR (path = 'saleu/create-order' AND EXISTS (
            SELECT 1 FROM sale_orders WHERE id = answers.answered_id AND user_id = answers.user_id))
          OR (path = 'lixibao/create-order' AND EXISTS (
            SELECT 1 FROM interest_orders WHERE id = answers.answered_id AND user_id = answers.user_id))
        )
        ORDER BY user_id, path, request_id
      `),
    /** Running totals (server/platform/database/running-totals.ts) that differ from their recomputation. */
    totalsDrift: () =>
      db.all<TotalDrift>(
        `WITH ledger_totals AS (${LEDGER_TOTALS}), sale_totals AS (${SALE_TOTALS}),
              order_totals AS (${ORDER_TOTALS}), team_totals AS (${TEAM_TOTALS})
         SELECT * FROM (${TOTALS_BESIDE_ROWS}) AS drift ORDER BY user_id, total`,
        EVERYONE,
      ),
    /** Team rows that differ from what the invitations call for. */
    teamDrift: () =>
      db.all<TeamRowDrift>(
        `SELECT * FROM (${differences('ancestor_id, member_id, level', TEAM_MEMBERSHIPS, 'team_members')}) AS drift
         ORDER BY ancestor_id, member_id`,
        EVERYONE,
      ),
    /**
     * Ledger line and sale numbers that are not each row's place among its customer's (for a
     * line, also among those of its direction) in the order they were written, or that are
     * missing; team rows whose numbers are not 1 to the team's size, each once.
     */
    numberingDrift: () =>
      db.all<NumberingDrift>(
        `SELECT 'ledger' AS "table", CAST(ledger_id AS TEXT) AS row, seq,
                'line ' || CAST(seq AS TEXT) || ' of direction ' || CAST(direction AS TEXT) || ' of user '
                  || CAST(user_id AS TEXT) || ' is ' || ${DRIFT_WORDS} AS expected
         FROM (${differences('user_id, direction, seq, ledger_id', LEDGER_NUMBERING, 'ledger_numbers')}) AS ledger_drift
         UNION ALL
         SELECT 'sale_orders', CAST(sale_id AS TEXT), seq,
                'sale ' || CAST(seq AS TEXT) || ' of user ' || CAST(user_id AS TEXT) || ' is ' || ${DRIFT_WORDS}
         FROM (${differences('user_id, seq, sale_id', SALE_NUMBERING, 'sale_numbers')}) AS sale_drift
         UNION ALL
         SELECT 'team_members', CAST(team_members.ancestor_id AS TEXT) || '/' || CAST(team_members.member_id AS TEXT),
                team_members.seq, '1 to ' || CAST(teams.size AS TEXT) || ', each once'
         FROM team_members JOIN (
           SELECT ancestor_id, COUNT(*) AS size FROM team_members GROUP BY ancestor_id
           HAVING COUNT(DISTINCT seq) <> COUNT(*) OR MIN(seq) <> 1 OR MAX(seq) <> COUNT(*)
         ) AS teams ON teams.ancestor_id = team_members.ancestor_id`,
        EVERYONE,
      ),
    /** Periods of the hall's volume that differ from their completed sales. */
    volumeDrift: () =>
      db.all<VolumeDrift>(
        `WITH recomputed AS (${SALES_VOLUME})
         SELECT sales_volume.period AS period, sales_volume.number AS kept, recomputed.number AS recomputed
         FROM sales_volume LEFT JOIN recomputed ON recomputed.period = sales_volume.period
         WHERE recomputed.number IS NULL OR recomputed.number <> sales_volume.number
         UNION ALL
         SELECT recomputed.period, NULL, recomputed.number
         FROM recomputed LEFT JOIN sales_volume ON sales_volume.period = recomputed.period
         WHERE sales_volume.period IS NULL
         ORDER BY period`,
      ),
    /** Stripes of the counts of orders waiting for review that are not what the orders add up to. */
    waitingDrift: () =>
      db.all<WaitingDrift>(
        `WITH recomputed AS (${REVIEW_WAITING})
         SELECT review_waiting.kind AS kind, review_waiting.stripe AS stripe, review_waiting.waiting AS kept,
                COALESCE(recomputed.waiting, 0) AS recomputed
         FROM review_waiting
         LEFT JOIN recomputed ON recomputed.kind = review_waiting.kind AND recomputed.stripe = review_waiting.stripe
         WHERE review_waiting.waiting <> COALESCE(recomputed.waiting, 0)
         UNION ALL
         SELECT recomputed.kind, recomputed.stripe, 0, recomputed.waiting
         FROM recomputed
         LEFT JOIN review_waiting ON review_waiting.kind = recomputed.kind AND review_waiting.stripe = recomputed.stripe
         WHERE review_waiting.kind IS NULL
         ORDER BY kind, stripe`,
      ),
    /** How much the checks looked at, for the all-clear. */
    counts: async (): Promise<IntegrityCounts> =>
      (await db.get<IntegrityCounts>(`
        SELECT (SELECT COUNT(*) FROM users) AS users,
               (SELECT COUNT(*) FROM ledger) AS ledger,
               (SELECT COUNT(*) FROM recharges) + (SELECT COUNT(*) FROM withdrawals)
                 + (SELECT COUNT(*) FROM sale_orders) + (SELECT COUNT(*) FROM interest_orders) AS orders,
               (SELECT COUNT(*) FROM offers) AS offers,
               (SELECT COUNT(*) FROM idempotency) AS idempotency
      `)) ?? { users: 0, ledger: 0, orders: 0, offers: 0, idempotency: 0 },
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly integrity: ReturnType<typeof integrityQueries>;
  }
}
