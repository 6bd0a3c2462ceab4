import type { Migration } from '../migration';

export default `
  -- A unique amount reserved for one customer's transfer to a shared address whose proofs are
  -- checked: what they asked to recharge plus a few cents, given to nobody else at that address
  -- for a day (the rows of that day, and the open recharges there, are what is looked up). Only
  -- a transfer of exactly that amount, made while it was held, is credited without an operator.
  CREATE TABLE recharge_quotes (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    type TEXT NOT NULL,
    address TEXT NOT NULL,
    amount INTEGER NOT NULL CHECK (amount > 0),
    exact_amount INTEGER NOT NULL CHECK (exact_amount > amount AND exact_amount < amount + 100),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  CREATE INDEX recharge_quotes_taken ON recharge_quotes(address, exact_amount, created_at);
  CREATE INDEX recharge_quotes_user ON recharge_quotes(user_id, created_at, id);

  -- The reservation a recharge was sent for; one backs one recharge, unless that one was refused.
  ALTER TABLE recharges ADD COLUMN quote_id INTEGER REFERENCES recharge_quotes(id);
  CREATE UNIQUE INDEX recharges_quote_once ON recharges(quote_id) WHERE quote_id IS NOT NULL AND state <> 'failure';
  CREATE INDEX recharges_open_amount ON recharges(address, amount) WHERE state = 'audit';
  ` satisfies Migration;
