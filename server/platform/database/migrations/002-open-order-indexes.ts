import type { Migration } from '../migration';

export default `
  -- The money figures read on every Home and My visit: frozen (open sales and withdrawals) and
  -- the interest wallet, each answered from a small partial index without touching the table.
  CREATE INDEX sale_orders_user_open ON sale_orders(user_id, number) WHERE state = 'audit';
  CREATE INDEX withdrawals_user_open ON withdrawals(user_id, amount) WHERE state = 'audit';
  CREATE INDEX interest_orders_user_holding ON interest_orders(user_id, number) WHERE state = 'holding';
  ` satisfies Migration;
