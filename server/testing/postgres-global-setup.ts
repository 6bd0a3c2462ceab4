import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/database/database';
import { asAdmin, databaseUrl, schemaDigest, withClient } from './postgres-admin';
import { startPostgresCluster } from './postgres-cluster';

/**
 * Makes a database with every migration applied, for the test servers to copy: a copy takes a
 * fraction of the time the migrations take, and each test still gets a database of its own.
 * Answers the schema's digest.
 */
async function migratedTemplate(adminUrl: string, name: string): Promise<string> {
  await asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await asAdmin(adminUrl, `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  const url = databaseUrl(adminUrl, name);
  // Copying needs the template free of connections: the pool and its listeners close here.
  await (await openDatabase({ databaseUrl: url, sqliteFile: '' })).close();
  return withClient(url, schemaDigest);
}

/**
 * Vitest global set-up of the server tests' PostgreSQL run: one throwaway cluster for the run
 * (each test server makes its own database in it), unless TEST_DATABASE_URL names a server.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = `wallet_template_${process.pid}`;
  const external = process.env.TEST_DATABASE_URL;
  const cluster = external ? undefined : await startPostgresCluster();
  const adminUrl = external ?? cluster?.url ?? '';
  project.provide('postgresSchemaDigest', await migratedTemplate(adminUrl, template));
  project.provide('postgresUrl', adminUrl);
  project.provide('postgresTemplate', template);
  const testPrefix = `wallet_test_${process.pid}_`;
  project.provide('postgresTestPrefix', testPrefix);
  return async () => {
    if (cluster) return cluster.stop();
    // On a server of the caller's, the test databases this run made go too (tests give theirs
    // back for the next test of the same file rather than drop them).
    await withClient(adminUrl, async (client) => {
      const made = await client.query<{ name: string }>(
        "SELECT datname AS name FROM pg_database WHERE datname LIKE $1 || '%'",
        [testPrefix],
      );
      for (const { name } of [...made.rows, { name: template }]) {
        await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      }
    });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A database with the schema in place, for `CREATE DATABASE … TEMPLATE`. */
    postgresTemplate: string;
    /** The template's schema digest: a test database that no longer has it is not reused. */
    postgresSchemaDigest: string;
    /** How the names of this run's test databases begin. */
    postgresTestPrefix: string;
  }
}
