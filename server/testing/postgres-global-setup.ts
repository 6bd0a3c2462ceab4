import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster';

/**
 * Vitest global set-up of the server tests' PostgreSQL run: one throwaway cluster for the run
 * (each test server makes its own database in it), unless TEST_DATABASE_URL names a server.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return () => undefined;
  }
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
