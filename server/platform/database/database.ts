import type { DatabaseConfig, Db } from './sql';

/** Opens the database the configuration names: PostgreSQL for a `postgres://` URL, else the SQLite file. */
export async function openDatabase(config: DatabaseConfig): Promise<Db> {
  if (config.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(config.databaseUrl);
  }
  const { openSqlite } = await import('./sqlite');
  return openSqlite(config.sqliteFile, config.sqliteSynchronous);
}
