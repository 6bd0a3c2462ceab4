import type { MigrationSteps } from '../migration';

/**
 * Sums and counts the app shows become running totals (server/platform/database/running-totals.ts), and every
 * list and filter gets an index that serves it in order, so that no read grows with the database.
 * The totals are filled in batches of customers; the indexes are made after the rows are in.
 */
export default {
  sql: `
    ALTER TABLE users ADD COLUMN ledger_lines INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN credit_lines INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN debit_lines INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN income INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN expenses INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN acquired INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN recharged INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN sales_open INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN sales_completed INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN sales_rejected INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN sold INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN direct_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN indirect_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN team_recharged INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN frozen INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN wallet INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN withdrawals_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN interest_orders_count INTEGER NOT NULL DEFAULT 0;

    -- Each ledger line's number among its customer's lines (direction 0; 1 for the first) and
    -- among those of its direction (1 credits, -1 debits): any page of the fund log is then a
    -- range of numbers, read from the key without walking the pages before it. Kept beside the
    -- ledger rather than in it, so numbering the lines already written rewrites none of them.
    -- (No foreign keys: the table is derived, and ops check proves it against the ledger.)
    CREATE TABLE ledger_numbers (
      user_id INTEGER NOT NULL,
      direction INTEGER NOT NULL CHECK (direction IN (-1, 0, 1)),
      seq INTEGER NOT NULL,
      ledger_id INTEGER NOT NULL,
      PRIMARY KEY (user_id, direction, seq)
    ) WITHOUT ROWID;

    -- Each sale's number among its customer's sales, in the order they were made: any page of
    -- their sales (all states) is then a range of numbers, like the fund log's.
    CREATE TABLE sale_numbers (
      user_id INTEGER NOT NULL,
      seq INTEGER NOT NULL,
      sale_id INTEGER NOT NULL,
      PRIMARY KEY (user_id, seq)
    ) WITHOUT ROWID;

    -- Everyone in a customer's team, with the level they are at and their number in the order
    -- they joined it: one row per member and level, so any page of a team is a range of numbers.
    CREATE TABLE team_members (
      ancestor_id INTEGER NOT NULL REFERENCES users(id),
      member_id INTEGER NOT NULL REFERENCES users(id),
      level INTEGER NOT NULL CHECK (level IN (1, 2)),
      seq INTEGER NOT NULL,
      PRIMARY KEY (ancestor_id, seq)
    ) WITHOUT ROWID;

    -- The hall's completed volume: all time under 'all', and each UTC day under its date.
    CREATE TABLE sales_volume (
      period TEXT PRIMARY KEY,
      number INTEGER NOT NULL CHECK (number >= 0)
    );

    -- A state alone says little about a row: the waiting ones have partial indexes of their own
    -- now, and an index on the state led the planner away from the one that serves the order.
    DROP INDEX sale_orders_state;
    DROP INDEX recharges_state;
    DROP INDEX withdrawals_state;
    CREATE INDEX team_members_member ON team_members(member_id);
    CREATE UNIQUE INDEX team_members_once ON team_members(ancestor_id, member_id);
    DROP INDEX interest_orders_due;
    CREATE INDEX interest_orders_due ON interest_orders(expires_at, id) WHERE state = 'holding';
    DROP INDEX push_deliveries_due;
    CREATE INDEX push_deliveries_due ON push_deliveries(next_attempt_at, id);
    DROP INDEX push_subscriptions_user;
    CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id, created_at, id);
    CREATE INDEX sale_orders_completed ON sale_orders(updated_at, id) WHERE state = 'completion';
    CREATE INDEX sale_orders_user_state ON sale_orders(user_id, state, id);
    CREATE INDEX sale_orders_queue ON sale_orders(created_at, id) WHERE state = 'audit';
    CREATE INDEX recharges_queue ON recharges(created_at, id) WHERE state = 'audit';
    CREATE INDEX withdrawals_queue ON withdrawals(created_at, id) WHERE state = 'audit';
    -- A customer's orders of the last day, for the second-approval limit's rolling sum.
    CREATE INDEX recharges_user_created ON recharges(user_id, created_at, id);
    CREATE INDEX withdrawals_user_created ON withdrawals(user_id, created_at, id);
    CREATE INDEX audit_log_target ON audit_log(target_type, target_id, id);
    CREATE INDEX audit_log_target_type ON audit_log(target_type, id);
    CREATE INDEX email_codes_latest ON email_codes(email_key, id);
    CREATE INDEX merchants_ranked ON merchants(completion_rate DESC, orders_count DESC, id);
    -- Each merchant's best open offer, found at once rather than by walking the hall.
    CREATE INDEX offers_open_of_merchant ON offers(merchant_id, unit_price DESC, id)
      WHERE paused = 0 AND remaining >= min_number;
    `,
} satisfies MigrationSteps;
