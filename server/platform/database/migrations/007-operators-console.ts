import type { Migration } from '../migration';

export default `
  -- The operators' console: staff accounts (password and TOTP), their cookie sessions, the
  -- approvals of withdrawals that need two operators, and the audit log's who-from-what-to-what.
  CREATE TABLE operators (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    role TEXT NOT NULL CHECK (role IN ('reviewer', 'admin')),
    password_hash TEXT NOT NULL,
    must_change_password INTEGER NOT NULL DEFAULT 1,
    totp_secret TEXT NOT NULL,
    totp_last_step INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
    created_at TEXT NOT NULL
  );

  CREATE TABLE operator_sessions (
    token_hash TEXT PRIMARY KEY,
    operator_id INTEGER NOT NULL REFERENCES operators(id),
    csrf_token TEXT NOT NULL,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    revoked_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX operator_sessions_operator ON operator_sessions(operator_id);

  CREATE TABLE withdraw_approvals (
    withdraw_id INTEGER NOT NULL REFERENCES withdrawals(id),
    actor TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (withdraw_id, actor)
  ) WITHOUT ROWID;

  ALTER TABLE audit_log ADD COLUMN user_id INTEGER;
  ALTER TABLE audit_log ADD COLUMN before_value TEXT NOT NULL DEFAULT '';
  ALTER TABLE audit_log ADD COLUMN after_value TEXT NOT NULL DEFAULT '';
  CREATE INDEX audit_log_actor ON audit_log(actor, id);
  CREATE INDEX audit_log_user ON audit_log(user_id, id);
  CREATE INDEX audit_log_action ON audit_log(action, id);
  -- Earlier rows name their customer only through the order or user they are about.
  UPDATE audit_log SET user_id = target_id WHERE target_type = 'user';
  UPDATE audit_log SET user_id = (SELECT user_id FROM recharges WHERE recharges.id = audit_log.target_id)
    WHERE target_type = 'recharge';
  UPDATE audit_log SET user_id = (SELECT user_id FROM withdrawals WHERE withdrawals.id = audit_log.target_id)
    WHERE target_type = 'withdraw';
  UPDATE audit_log SET user_id = (SELECT user_id FROM sale_orders WHERE sale_orders.id = audit_log.target_id)
    WHERE target_type = 'sale';
  ` satisfies Migration;
