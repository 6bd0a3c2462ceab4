import type { Migration } from '../migration';

export default `
  -- The hash of the block the scan's mark stands on: a final block that changes under it is a
  -- reorganisation deeper than the finality rule, which stops the watcher for operators to look.
  ALTER TABLE chain_networks ADD COLUMN scanned_hash TEXT;

  -- An administrator's approval to credit a deposit below the minimum by hand: above the
  -- second-approval limit it takes two different ones, as a large recharge does.
  CREATE TABLE deposit_approvals (
    deposit_id INTEGER NOT NULL REFERENCES chain_deposits(id),
    actor TEXT NOT NULL,
    reason TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (deposit_id, actor)
  ) WITHOUT ROWID;

  -- The chain a network's nodes are on (eth_chainId), checked on every pass: a node of another
  -- chain is refused. One USDT contract of one chain is watched under one type only, or a
  -- transfer would be credited once per type.
  ALTER TABLE chain_networks ADD COLUMN chain_id TEXT NOT NULL DEFAULT '';
  CREATE UNIQUE INDEX chain_networks_contract ON chain_networks(chain_id, contract);
  ` satisfies Migration;
