import type { Migration } from '../migration';

export default `
  -- The security centre: what each session was opened from and when it was last used, every
  -- sign-in and failed attempt on an account, the phrase that marks our e-mails, and since when
  -- a payout account's details are what they are (a new or changed account is held a while).
  ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
  ALTER TABLE sessions ADD COLUMN ip TEXT NOT NULL DEFAULT '';
  ALTER TABLE sessions ADD COLUMN last_seen_at TEXT;
  ALTER TABLE sessions ADD COLUMN last_ip TEXT NOT NULL DEFAULT '';

  CREATE TABLE sign_ins (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    at TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('success', 'failure')),
    method TEXT NOT NULL CHECK (method IN ('password', 'passkey', 'register')),
    ip TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    device TEXT NOT NULL
  );
  CREATE INDEX sign_ins_user ON sign_ins(user_id, id);
  CREATE INDEX sign_ins_device ON sign_ins(user_id, device) WHERE outcome = 'success';
  CREATE INDEX sign_ins_at ON sign_ins(at);

  ALTER TABLE users ADD COLUMN anti_phishing TEXT NOT NULL DEFAULT '';

  ALTER TABLE bank_accounts ADD COLUMN changed_at TEXT;
  UPDATE bank_accounts SET changed_at = created_at;

  -- Codes gain a scene, binding a payout account; a check cannot change in place, so the table is
  -- made again. Rows keep their order (the newest code wins), not their ids: nothing refers to one.
  CREATE TABLE email_codes_next (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL COLLATE NOCASE,
    scene TEXT NOT NULL CHECK (scene IN ('register', 'reset', 'bind')),
    code_hash TEXT NOT NULL,
    ip TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    consumed_at TEXT,
    send_failed_at TEXT
  );
  INSERT INTO email_codes_next (email, scene, code_hash, ip, created_at, expires_at, attempts, consumed_at, send_failed_at)
    SELECT email, scene, code_hash, ip, created_at, expires_at, attempts, consumed_at, send_failed_at
    FROM email_codes ORDER BY id;
  DROP TABLE email_codes;
  ALTER TABLE email_codes_next RENAME TO email_codes;
  CREATE INDEX email_codes_email ON email_codes(email, scene, id);
  CREATE INDEX email_codes_ip ON email_codes(ip, created_at);
  ` satisfies Migration;
