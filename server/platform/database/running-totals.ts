/**
 * The figures the app shows as sums or counts (a customer's income and expenses, what they sold,
 * their team; the hall's volume) are kept as running totals, moved in the same transaction that
 * moves the money or the order, so that reading one costs the same for a customer with a million
 * ledger lines as for a new one. These statements recompute them from the rows themselves, for a
 * range of customers: the migration fills the totals with them, and `ops check` proves with them
 * that no total has drifted.
 *
 * Each yields one row per customer in the range that has any such rows, keyed `user_id`.
 */

/** Ledger lines: their count by direction and the sums the fund log and assets screens show. */
export const LEDGER_TOTALS = `
  SELECT user_id,
         COUNT(*) AS ledger_lines,
         SUM(CASE WHEN amount > 0 THEN 1 ELSE 0 END) AS credit_lines,
         SUM(CASE WHEN amount < 0 THEN 1 ELSE 0 END) AS debit_lines,
         SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END) AS income,
         SUM(CASE WHEN amount < 0 THEN -amount ELSE 0 END) AS expenses,
         SUM(CASE WHEN amount > 0 AND kind IN ('recharge', 'interest', 'adjust') THEN amount ELSE 0 END) AS acquired,
         SUM(CASE WHEN kind = 'recharge' THEN amount ELSE 0 END) AS recharged
  FROM ledger WHERE user_id BETWEEN @first AND @last GROUP BY user_id`;

/** Sale orders: how many are in each state, and how much the completed ones sold. */
export const SALE_TOTALS = `
  SELECT user_id,
         SUM(CASE WHEN state = 'audit' THEN 1 ELSE 0 END) AS sales_open,
         SUM(CASE WHEN state = 'completion' THEN 1 ELSE 0 END) AS sales_completed,
         SUM(CASE WHEN state = 'reject' THEN 1 ELSE 0 END) AS sales_rejected,
         SUM(CASE WHEN state = 'completion' THEN number ELSE 0 END) AS sold
  FROM sale_orders WHERE user_id BETWEEN @first AND @last GROUP BY user_id`;

/**
 * What is held while it waits (open sales and withdrawals: frozen), what sits in the interest
 * wallet, and how many withdrawals and interest deposits a customer has made (their lists' sizes).
 */
export const ORDER_TOTALS = `
  SELECT user_id, SUM(frozen) AS frozen, SUM(wallet) AS wallet,
         SUM(withdrawal) AS withdrawals_count, SUM(deposit) AS interest_orders_count
  FROM (
    SELECT user_id, number AS frozen, 0 AS wallet, 0 AS withdrawal, 0 AS deposit
    FROM sale_orders WHERE state = 'audit' AND user_id BETWEEN @first AND @last
    UNION ALL
    SELECT user_id, CASE WHEN state = 'audit' THEN amount ELSE 0 END, 0, 1, 0
    FROM withdrawals WHERE user_id BETWEEN @first AND @last
    UNION ALL
    SELECT user_id, 0, CASE WHEN state = 'holding' THEN number ELSE 0 END, 0, 1
    FROM interest_orders WHERE user_id BETWEEN @first AND @last
  ) AS orders GROUP BY user_id`;

/**
 * The team: the people a customer invited (level 1), the people those invited (level 2), and
 * what the team's approved recharges add up to (its members' recharge lines, which are credited
 * once per approved recharge).
 */
export const TEAM_TOTALS = `
  SELECT team_members.ancestor_id AS user_id,
         SUM(CASE WHEN team_members.level = 1 THEN 1 ELSE 0 END) AS direct_count,
         SUM(CASE WHEN team_members.level = 2 THEN 1 ELSE 0 END) AS indirect_count,
         SUM(members.recharged) AS team_recharged
  FROM team_members JOIN users AS members ON members.id = team_members.member_id
  WHERE team_members.ancestor_id BETWEEN @first AND @last GROUP BY team_members.ancestor_id`;

/**
 * The team rows of the customers in the range, from the invitations themselves: the people each
 * invited (level 1) and the people those invited (level 2), numbered in the order they signed up.
 */
export const TEAM_MEMBERSHIPS = `
  SELECT ancestor_id, member_id, level, ROW_NUMBER() OVER (PARTITION BY ancestor_id ORDER BY member_id) AS seq
  FROM (
    SELECT users.inviter_id AS ancestor_id, users.id AS member_id, 1 AS level
    FROM users WHERE users.inviter_id BETWEEN @first AND @last
    UNION ALL
    SELECT inviters.inviter_id, users.id, 2
    FROM users AS inviters JOIN users ON users.inviter_id = inviters.id
    WHERE inviters.inviter_id BETWEEN @first AND @last
  ) AS memberships`;

/**
 * The numbers of the customers' ledger lines in the range (`ledger_numbers`): each line's place
 * among all its customer's lines (direction 0) and among those of its direction (1 credits, -1
 * debits), in the order they were written.
 */
export const LEDGER_NUMBERING = `
  SELECT user_id, 0 AS direction, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY id) AS seq, id AS ledger_id
  FROM ledger WHERE user_id BETWEEN @first AND @last
  UNION ALL
  SELECT user_id, CASE WHEN amount > 0 THEN 1 ELSE -1 END,
         ROW_NUMBER() OVER (PARTITION BY user_id, CASE WHEN amount > 0 THEN 1 ELSE -1 END ORDER BY id), id
  FROM ledger WHERE user_id BETWEEN @first AND @last`;

/** The numbers of the customers' sales in the range (`sale_numbers`), in the order they were made. */
export const SALE_NUMBERING = `
  SELECT user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY id) AS seq, id AS sale_id
  FROM sale_orders WHERE user_id BETWEEN @first AND @last`;

/** The hall's completed volume by UTC day of completion, and all time under 'all'. */
export const SALES_VOLUME = `
  SELECT substr(updated_at, 1, 10) AS period, SUM(number) AS number
  FROM sale_orders WHERE state = 'completion' GROUP BY substr(updated_at, 1, 10)
  UNION ALL
  SELECT 'all', SUM(number) FROM sale_orders WHERE state = 'completion' HAVING COUNT(*) > 0`;

/** The running-total columns of `users`, each filled from one of the statements above. */
export const LEDGER_TOTAL_COLUMNS = [
  'ledger_lines',
  'credit_lines',
  'debit_lines',
  'income',
  'expenses',
  'acquired',
  'recharged',
] as const;
export const SALE_TOTAL_COLUMNS = ['sales_open', 'sales_completed', 'sales_rejected', 'sold'] as const;
export const ORDER_TOTAL_COLUMNS = ['frozen', 'wallet', 'withdrawals_count', 'interest_orders_count'] as const;
export const TEAM_TOTAL_COLUMNS = ['direct_count', 'indirect_count', 'team_recharged'] as const;

/**
 * How many stripes each kind's count of orders waiting for review is kept in (`review_waiting`),
 * by the customer's id: customers entering the queue at once on PostgreSQL wait for one another's
 * commit only when they share a stripe.
 */
export const WAITING_STRIPES = 16;

/** The orders waiting for review, counted by kind and stripe. */
export const REVIEW_WAITING = ['recharge', 'withdraw', 'sale']
  .map((kind) => {
    const table = { recharge: 'recharges', withdraw: 'withdrawals', sale: 'sale_orders' }[kind];
    return `SELECT '${kind}' AS kind, user_id % ${WAITING_STRIPES} AS stripe, COUNT(*) AS waiting
  FROM ${table} WHERE state = 'audit' GROUP BY user_id % ${WAITING_STRIPES}`;
  })
  .join('\n  UNION ALL\n  ');
