import type { MigrationLog } from './migrate';
import type { DatabaseConfig, Db } from './sql';

/**
 * Opens the database the configuration names: PostgreSQL for a `postgres://` URL, else the SQLite
 * file. The migrations it applies on the way say what they do to `migrationLog`, if given.
 */
export async function openDatabase(config: DatabaseConfig, migrationLog?: MigrationLog): Promise<Db> {
  if (config.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(config.databaseUrl, migrationLog ? { migrationLog } : {});
  }
  const { openSqlite } = await import('./sqlite');
  return openSqlite(config.sqliteFile, config.sqliteSynchronous, migrationLog);
}
