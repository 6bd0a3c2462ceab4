import { defineConfig } from 'vitest/config';

/**
 * Two runs: everything on SQLite (the default engine), then the server's tests once more on a
 * throwaway PostgreSQL cluster that the global set-up starts (see server/testing/). A third
 * project, `build`, checks the production build and runs on its own once `npm run build` has.
 */
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Vitest would use one worker on two cores (it keeps one core for itself), but the server
    // tests spend much of their time waiting on PostgreSQL, sockets and timers: on two cores a
    // third worker took the stage from 153 s to 139 s.
    maxWorkers: 3,
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['{contract,server,app,console,sw,scripts}/**/*.test.{ts,tsx}'],
          // Several nodes need a database they can share; PostgreSQL's listeners need PostgreSQL.
          exclude: ['server/cluster.test.ts', 'server/db/postgres.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // After `npm run build` (its own stage in `npm test`): what the build put in dist/.
          name: 'build',
          include: ['bench/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['server/**/*.test.ts'],
          // The crash test kills a server on its SQLite files (the cluster test does that on
          // PostgreSQL); the SQLite engine's and the dialect's own tests need no second run.
          exclude: ['server/crash.test.ts', 'server/db/sqlite.test.ts', 'server/db/dialect.test.ts'],
          env: { TEST_ENGINE: 'postgres' },
          globalSetup: ['server/testing/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
