import type { Db } from './database';

export interface AuditEntry {
  actor: string;
  action: string;
  target_type: string;
  target_id: number | null;
  detail: string;
  created_at: string;
}

export function auditQueries(db: Db) {
  const insert = db.prepare<AuditEntry>(`
    INSERT INTO audit_log (actor, action, target_type, target_id, detail, created_at)
    VALUES (@actor, @action, @target_type, @target_id, @detail, @created_at)
  `);
  const forTarget = db.prepare<[string, number], AuditEntry>(
    'SELECT actor, action, target_type, target_id, detail, created_at FROM audit_log WHERE target_type = ? AND target_id = ? ORDER BY id',
  );
  return {
    record: (entry: AuditEntry) => insert.run(entry),
    forTarget: (targetType: string, targetId: number) => forTarget.all(targetType, targetId),
  };
}
