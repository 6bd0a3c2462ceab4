import type { Migration } from '../migration';

export default `
  -- Transfers to a customer's address below the dust level, counted per address rather than
  -- recorded one by one (the amount in the token's own units, as text: 18 decimals outgrow 64 bits).
  CREATE TABLE chain_dust (
    network TEXT NOT NULL REFERENCES chain_networks(type),
    to_body TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    transfers INTEGER NOT NULL CHECK (transfers > 0),
    amount_units TEXT NOT NULL,
    last_block INTEGER NOT NULL,
    last_seen_at TEXT NOT NULL,
    PRIMARY KEY (network, to_body)
  );
  ` satisfies Migration;
