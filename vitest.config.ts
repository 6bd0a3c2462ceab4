import { defineConfig } from 'vitest/config';

/**
 * The contract's, the app's and the console's own tests (`units`); the server's on SQLite (the
 * default engine), then once more on a throwaway PostgreSQL cluster that the global set-up starts
 * (see server/testing/). Another project, `build`, checks the production build and runs on its
 * own once `npm run build` has.
 *
 * The server's tests share one module graph per worker (`isolate: false`): each file starts and
 * closes its own servers and keeps nothing in module state that another file could trip on, and
 * loading the server's modules afresh for every file cost a fifth of the stage. A worker so also
 * keeps its prepared databases (see testDatabase) from one file to the next.
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
          // The contract, the app, the console, the worker and the scripts, each file in a fresh
          // module graph (some mock modules or set up a browser environment).
          name: 'units',
          include: ['{contract,app,console,web-kit,sw,scripts}/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['server/**/*.test.ts'],
          // Several nodes need a database they can share; PostgreSQL's listeners need PostgreSQL.
          exclude: [
            'server/whole-server/cluster.test.ts',
            'server/whole-server/balancer.test.ts',
            'server/platform/database/postgres.test.ts',
          ],
          isolate: false,
          setupFiles: ['server/testing/test-hashes.ts'],
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
          // PostgreSQL); the SQLite engine's, the dialect's, the chain addresses' and the chain reader's own
          // tests need no second run, nor the data folder's, which is the same on both engines.
          exclude: [
            'server/whole-server/crash.test.ts',
            'server/platform/data-folder.test.ts',
            'server/platform/database/sqlite.test.ts',
            'server/platform/database/dialect.test.ts',
            'server/deposits/chain/addresses.test.ts',
            'server/deposits/chain/rpc.test.ts',
          ],
          env: { TEST_ENGINE: 'postgres' },
          isolate: false,
          setupFiles: ['server/testing/test-hashes.ts'],
          globalSetup: ['server/testing/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
