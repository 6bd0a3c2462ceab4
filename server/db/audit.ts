import type { SqlRunner } from './database';

export interface AuditEntry {
  actor: string;
  action: string;
  target_type: string;
  target_id: number | null;
  detail: string;
  created_at: string;
}

export function auditQueries(db: SqlRunner) {
  return {
    record: (entry: AuditEntry) =>
      db.run(
        `INSERT INTO audit_log (actor, action, target_type, target_id, detail, created_at)
         VALUES (@actor, @action, @target_type, @target_id, @detail, @created_at)`,
        { ...entry },
      ),
    forTarget: (targetType: string, targetId: number) =>
      db.all<AuditEntry>(
        'SELECT actor, action, target_type, target_id, detail, created_at FROM audit_log WHERE target_type = ? AND target_id = ? ORDER BY id',
        [targetType, targetId],
      ),
  };
}
