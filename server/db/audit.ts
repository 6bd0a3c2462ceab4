import type { SqlRunner } from './database';

export interface AuditEntry {
  actor: string;
  action: string;
  target_type: string;
  target_id: number | null;
  detail: string;
  created_at: string;
  /** The customer the action concerns, for the log's filter by customer. */
  user_id?: number | null;
  /** A changed value as it was and as it became. */
  before_value?: string;
  after_value?: string;
}

export interface AuditRow extends Required<AuditEntry> {
  id: number;
  account: string | null;
}

export interface AuditFilter {
  actor: string;
  account: string;
  action: string;
  beforeId: number | null;
  limit: number;
}

/** The audit log: written in the transaction of what it records, never changed afterwards. */
export function auditQueries(db: SqlRunner) {
  return {
    record: (entry: AuditEntry) =>
      db.run(
        `INSERT INTO audit_log (actor, action, target_type, target_id, detail, created_at, user_id, before_value, after_value)
         VALUES (@actor, @action, @target_type, @target_id, @detail, @created_at, @user_id, @before_value, @after_value)`,
        { user_id: null, before_value: '', after_value: '', ...entry },
      ),
    forTarget: (targetType: string, targetId: number) =>
      db.all<AuditEntry>(
        'SELECT actor, action, target_type, target_id, detail, created_at FROM audit_log WHERE target_type = ? AND target_id = ? ORDER BY id',
        [targetType, targetId],
      ),
    /** Newest first; each filter left empty matches everything. */
    list: (filter: AuditFilter) =>
      db.all<AuditRow>(
        `SELECT audit_log.*, users.account FROM audit_log LEFT JOIN users ON users.id = audit_log.user_id
         WHERE (@actor = '' OR audit_log.actor = @actor)
           AND (@account = '' OR users.account = @account)
           AND (@action = '' OR audit_log.action = @action OR audit_log.target_type = @action)
           AND (@before_id = 0 OR audit_log.id < @before_id)
         ORDER BY audit_log.id DESC LIMIT @limit`,
        {
          actor: filter.actor,
          account: filter.account,
          action: filter.action,
          before_id: filter.beforeId ?? 0,
          limit: filter.limit,
        },
      ),
  };
}
