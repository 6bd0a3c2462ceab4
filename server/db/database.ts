import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations';

export type Db = Database.Database;

/** Opens (creating if needed) the SQLite file in WAL mode and brings its schema up to date. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // The operator CLI writes to the same file while the server runs; wait instead of failing.
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < migrations.length; version += 1) {
    const sql = migrations[version];
    if (sql === undefined) break;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}

/** Runs `work` in one IMMEDIATE transaction, so concurrent writers queue instead of deadlocking. */
export function inTransaction<T>(db: Db, work: () => T): T {
  if (db.inTransaction) return work();
  return db.transaction(work).immediate();
}

export function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof Database.SqliteError &&
    (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
  );
}
