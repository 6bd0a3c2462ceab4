import { identityKey } from '../platform/database/identity-keys';
import type { SqlRunner } from '../platform/database/sql';

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

const AUDIT_ROW = 'SELECT audit_log.*, users.account FROM audit_log LEFT JOIN users ON users.id = audit_log.user_id';
const UNLESS_ACTOR = "(@actor = '' OR audit_log.actor = @actor)";
const UNLESS_ACTION = "(@action = '' OR audit_log.action = @action OR audit_log.target_type = @action)";
const NEWEST = 'ORDER BY audit_log.id DESC LIMIT @limit';
const AUDIT_OF_CUSTOMER = `${AUDIT_ROW}
  WHERE audit_log.user_id = (SELECT id FROM users WHERE account_key = @account_key) AND audit_log.id < @before_id
    AND ${UNLESS_ACTOR} AND ${UNLESS_ACTION} ${NEWEST}`;
const AUDIT_BY_ACTOR = `${AUDIT_ROW}
  WHERE audit_log.actor = @actor AND audit_log.id < @before_id AND ${UNLESS_ACTION} ${NEWEST}`;
const AUDIT_BY_ACTION = `${AUDIT_ROW}
  WHERE audit_log.action = @action AND audit_log.id < @before_id ${NEWEST}`;
const AUDIT_BY_TARGET_TYPE = `${AUDIT_ROW}
  WHERE audit_log.target_type = @action AND audit_log.id < @before_id ${NEWEST}`;
const AUDIT_NEWEST = `${AUDIT_ROW} WHERE audit_log.id < @before_id ${NEWEST}`;

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
    /**
     * Newest first; each filter left empty matches everything. The most selective filter given
     * (the customer, then the operator, then the action) reads its index in order; the others
     * are checked on the rows it finds.
     */
    list: async (filter: AuditFilter) => {
      const params = {
        actor: filter.actor,
        account_key: filter.account === '' ? '' : identityKey(filter.account),
        action: filter.action,
        before_id: filter.beforeId ?? Number.MAX_SAFE_INTEGER,
        limit: filter.limit,
      };
      if (filter.account !== '') return db.all<AuditRow>(AUDIT_OF_CUSTOMER, params);
      if (filter.actor !== '') return db.all<AuditRow>(AUDIT_BY_ACTOR, params);
      if (filter.action === '') return db.all<AuditRow>(AUDIT_NEWEST, params);
      // An action filter matches the action or the kind of thing acted on: two indexes, merged.
      const [byAction, byTarget] = await Promise.all([
        db.all<AuditRow>(AUDIT_BY_ACTION, params),
        db.all<AuditRow>(AUDIT_BY_TARGET_TYPE, params),
      ]);
      const found = new Map([...byAction, ...byTarget].map((row) => [row.id, row]));
      return [...found.values()].sort((a, b) => b.id - a.id).slice(0, filter.limit);
    },
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly audit: ReturnType<typeof auditQueries>;
  }
}
