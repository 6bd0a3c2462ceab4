import type { Migration } from '../migration';

export default `
  -- Deposits read from the chain. An account key (an xpub, never a private key) gives each
  -- customer an address of their own at …/0/i, i taken from next_index and never reused; every
  -- EVM network may share one key, so a customer's EVM address is the same on each.
  CREATE TABLE chain_keys (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('tron', 'evm')),
    xpub TEXT NOT NULL UNIQUE,
    next_index INTEGER NOT NULL DEFAULT 0 CHECK (next_index >= 0),
    created_at TEXT NOT NULL
  );
  CREATE TABLE chain_addresses (
    key_id INTEGER NOT NULL REFERENCES chain_keys(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    address_index INTEGER NOT NULL,
    -- The address's 20 bytes in lower-case hex, as Transfer logs carry them.
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (key_id, user_id)
  ) WITHOUT ROWID;
  CREATE UNIQUE INDEX chain_addresses_index ON chain_addresses(key_id, address_index);
  CREATE UNIQUE INDEX chain_addresses_body ON chain_addresses(key_id, body);

  -- A watched network: its recharge type (the wire's type), where to read it, its USDT
  -- contract, and when a block counts as final there: at least confirmations deep, and at
  -- or below the node's finalized block too when finalized_tag is 1. The watcher's
  -- state lives on the row: scanned_block is the last final block whose logs are all
  -- recorded; one node at a time holds the lease to move it.
  CREATE TABLE chain_networks (
    type TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('tron', 'evm')),
    key_id INTEGER NOT NULL REFERENCES chain_keys(id),
    rpc_urls TEXT NOT NULL,
    contract TEXT NOT NULL,
    decimals INTEGER NOT NULL CHECK (decimals BETWEEN 2 AND 36),
    min_amount INTEGER NOT NULL CHECK (min_amount > 0),
    confirmations INTEGER NOT NULL CHECK (confirmations BETWEEN 1 AND 10000),
    finalized_tag INTEGER NOT NULL CHECK (finalized_tag IN (0, 1)),
    position INTEGER NOT NULL,
    scanned_block INTEGER NOT NULL CHECK (scanned_block >= 0),
    head_block INTEGER,
    final_block INTEGER,
    checked_at TEXT,
    advanced_at TEXT,
    rpc_in_use TEXT NOT NULL DEFAULT '',
    last_error TEXT NOT NULL DEFAULT '',
    lease_holder TEXT,
    lease_until TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  -- The blocks read above the final edge, to notice a reorganisation by their parent hashes.
  CREATE TABLE chain_blocks (
    network TEXT NOT NULL REFERENCES chain_networks(type),
    number INTEGER NOT NULL,
    hash TEXT NOT NULL,
    parent_hash TEXT NOT NULL,
    PRIMARY KEY (network, number)
  ) WITHOUT ROWID;

  -- A USDT transfer to a customer's address, keyed by where it sits in its transaction (a
  -- log's place in its block can change in a reorganisation; its place in its transaction
  -- cannot). The token's amount is kept whole; amount is the cents credited, and what lies
  -- below a cent stays in remainder_units.
  CREATE TABLE chain_deposits (
    id INTEGER PRIMARY KEY,
    network TEXT NOT NULL REFERENCES chain_networks(type),
    tx_hash TEXT NOT NULL,
    log_position INTEGER NOT NULL CHECK (log_position >= 0),
    block_number INTEGER NOT NULL,
    block_hash TEXT NOT NULL,
    from_body TEXT NOT NULL,
    to_body TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    amount_units TEXT NOT NULL,
    amount INTEGER NOT NULL CHECK (amount >= 0),
    remainder_units TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('confirming', 'credited', 'orphaned', 'below_minimum')),
    confirmations INTEGER NOT NULL,
    seen_at TEXT NOT NULL,
    credited_at TEXT,
    UNIQUE (network, tx_hash, log_position)
  );
  CREATE INDEX chain_deposits_user ON chain_deposits(user_id, id);
  CREATE INDEX chain_deposits_confirming ON chain_deposits(network, block_number, id) WHERE state = 'confirming';
  CREATE INDEX chain_deposits_state ON chain_deposits(state, id);
  ` satisfies Migration;
