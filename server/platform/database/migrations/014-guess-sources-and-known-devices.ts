import type { Migration } from '../migration';

export default `
  -- Password guesses count per account and per source (an address range, or a device or session
  -- the owner already used), so that strangers' failures cannot hold the owner out of those.
  ALTER TABLE login_failures ADD COLUMN source TEXT NOT NULL DEFAULT '';
  ALTER TABLE login_failures ADD COLUMN untrusted INTEGER NOT NULL DEFAULT 1 CHECK (untrusted IN (0, 1));
  CREATE INDEX login_failures_source ON login_failures(account_key, source, at);

  -- The devices each account has signed in from, kept apart from the sign-in history (which is
  -- swept after half a year), so a dormant account still hears of a new one.
  CREATE TABLE known_devices (
    user_id INTEGER NOT NULL REFERENCES users(id),
    device TEXT NOT NULL,
    first_seen_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    PRIMARY KEY (user_id, device)
  ) WITHOUT ROWID;
  INSERT INTO known_devices (user_id, device, first_seen_at, last_seen_at)
    SELECT user_id, device, MIN(at), MAX(at) FROM sign_ins WHERE outcome = 'success' GROUP BY user_id, device;
  DROP INDEX sign_ins_device;
  ` satisfies Migration;
