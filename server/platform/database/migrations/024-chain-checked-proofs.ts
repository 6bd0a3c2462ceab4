import type { Migration } from '../migration';

export default `
  -- A shared receiving address whose proofs are checked on the chain: a customer gives the
  -- transaction hash beside the picture, and the server reads the transfer through these nodes.
  CREATE TABLE chain_checks (
    type TEXT PRIMARY KEY REFERENCES receiving_addresses(type),
    kind TEXT NOT NULL CHECK (kind IN ('tron', 'evm')),
    rpc_urls TEXT NOT NULL,
    contract TEXT NOT NULL,
    decimals INTEGER NOT NULL CHECK (decimals BETWEEN 2 AND 36),
    confirmations INTEGER NOT NULL CHECK (confirmations BETWEEN 1 AND 10000),
    finalized_tag INTEGER NOT NULL CHECK (finalized_tag IN (0, 1)),
    chain_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  -- The transaction a recharge names (lower-case hex, no 0x) and what the chain said of it. One
  -- transaction backs one recharge across all customers, unless that one was refused.
  ALTER TABLE recharges ADD COLUMN tx_hash TEXT;
  ALTER TABLE recharges ADD COLUMN chain_verdict TEXT;
  ALTER TABLE recharges ADD COLUMN chain_detail TEXT NOT NULL DEFAULT '';
  ALTER TABLE recharges ADD COLUMN chain_sender TEXT;
  ALTER TABLE recharges ADD COLUMN chain_checked_at TEXT;
  CREATE UNIQUE INDEX recharges_tx_once ON recharges(tx_hash) WHERE tx_hash IS NOT NULL AND state <> 'failure';
  CREATE INDEX recharges_chain_due ON recharges(chain_checked_at, id)
    WHERE state = 'audit' AND chain_verdict IN ('pending', 'not_found', 'not_final', 'unreachable');
  CREATE INDEX recharges_chain_sender ON recharges(chain_sender, user_id) WHERE state = 'success';
  ` satisfies Migration;
