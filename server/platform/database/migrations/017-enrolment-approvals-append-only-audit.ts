import type { MigrationSteps } from '../migration';

export default {
  sql: `
    -- An operator an admin adds has no password or authenticator until they enrol themselves
    -- through a one-time link (kept only as its digest); only then can they sign in.
    ALTER TABLE operators ADD COLUMN enrolled_at TEXT;
    UPDATE operators SET enrolled_at = created_at;
    CREATE TABLE operator_enrolments (
      id INTEGER PRIMARY KEY,
      operator_id INTEGER NOT NULL REFERENCES operators(id),
      token_hash TEXT NOT NULL UNIQUE,
      totp_secret TEXT,
      created_by TEXT NOT NULL,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      used_at TEXT
    );
    CREATE INDEX operator_enrolments_operator ON operator_enrolments(operator_id);

    -- Recharges above the limit need two operators as withdrawals do: one table of approvals.
    CREATE TABLE review_approvals (
      kind TEXT NOT NULL CHECK (kind IN ('recharge', 'withdraw')),
      order_id INTEGER NOT NULL,
      actor TEXT NOT NULL,
      created_at TEXT NOT NULL,
      PRIMARY KEY (kind, order_id, actor)
    ) WITHOUT ROWID;
    INSERT INTO review_approvals (kind, order_id, actor, created_at)
      SELECT 'withdraw', withdraw_id, actor, created_at FROM withdraw_approvals;
    DROP TABLE withdraw_approvals;
    `,
  // The audit log is append-only in the database too, not only in the code: whatever runs SQL
  // against it (a bug, a hand at the prompt) cannot rewrite or remove what staff did. A later
  // migration that must change rows drops these triggers and makes them again in its own step.
  sqlite: `
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    `,
  postgres: `
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the audit log is append-only';
    END
    $$;
    CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
    `,
} satisfies MigrationSteps;
