import type { Migration } from '../migration';

export default `
  -- The second-approval limit's rolling sum reads a customer's orders of the last day from these
  -- indexes alone: with the state and amount in them, a busy customer's day is not a table read
  -- per order.
  DROP INDEX recharges_user_created;
  CREATE INDEX recharges_user_created ON recharges(user_id, created_at, id, state, amount);
  DROP INDEX withdrawals_user_created;
  CREATE INDEX withdrawals_user_created ON withdrawals(user_id, created_at, id, state, amount);
  ` satisfies Migration;
