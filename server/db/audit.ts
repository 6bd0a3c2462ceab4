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
  return {
    record: (entry: AuditEntry) => insert.run(entry),
  };
}
