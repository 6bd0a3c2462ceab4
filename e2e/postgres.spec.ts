import { startPostgresCluster, type PostgresCluster } from '../server/testing/postgres-cluster';
import { DEMO, expect, test } from './fixtures';
import { startServer, type RunningServer } from './server';

/**
 * The suite runs on SQLite, the default; this walks the first path a customer takes against a
 * server on PostgreSQL instead (its own throwaway cluster). It runs on the Pixel only, as every
 * flow does (see playwright.config.ts).
 */
let cluster: PostgresCluster | undefined;
let server: RunningServer | undefined;

test.beforeAll(async () => {
  test.info().setTimeout(90_000);
  cluster = await startPostgresCluster();
  server = await startServer({ env: { DATABASE_URL: cluster.url } });
});

test.afterAll(async () => {
  await server?.stop();
  cluster?.stop();
});

test('on PostgreSQL: sign in and see the balance on Home', async ({ page }) => {
  if (!server) throw new Error('the PostgreSQL server did not start');
  await page.goto(`${server.baseUrl}/#/pages/login/login`);
  await page.getByLabel('Account').fill(DEMO.account);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('balance')).toHaveText(/^1,000\.00\s*USDT$/);
});
