import type { Migration } from '../migration';

export default `
  -- A code whose mail could not be sent holds nobody to the resend wait.
  ALTER TABLE email_codes ADD COLUMN send_failed_at TEXT;
  -- What a picture is, whatever its upload's name: one transfer proof backs one recharge.
  ALTER TABLE uploads ADD COLUMN content_hash TEXT;
  -- Earlier recharges are known by their upload's name; two of them may share one (that was the
  -- flaw), so only pictures known by their digest get the database's own guarantee.
  ALTER TABLE recharges ADD COLUMN proof_hash TEXT;
  UPDATE recharges SET proof_hash = 'name:' || substr(credentials, 10);
  CREATE INDEX recharges_proof ON recharges(proof_hash);
  CREATE UNIQUE INDEX recharges_proof_once ON recharges(proof_hash)
    WHERE substr(proof_hash, 1, 7) = 'sha256:' AND state <> 'failure';
  CREATE INDEX recharges_user_open ON recharges(user_id) WHERE state = 'audit';
  ` satisfies Migration;
