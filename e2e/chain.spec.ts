import path from 'node:path';
import { cents } from '../contract/money';
import { watchNetwork } from '../server/chain/networks';
import { startLocalChain, units, type LocalChain } from '../server/chain/testing/local-chain';
import { createQueries } from '../server/db';
import { openDatabase } from '../server/db/database';
import { DEMO, expect, expectAccessible, test } from './fixtures';
import { startServer, type RunningServer } from './server';

/**
 * A deposit read from the chain, as a customer sees it: a real local EVM chain (the one
 * `npm run chain` runs) watched by a server of this file's own, so the shared server's networks
 * stay as the other tests expect them. Pixel only, as every flow (see playwright.config.ts).
 */
const CONFIRMATIONS = 3;
/** BIP-39's published test phrase at m/44'/60'/0': a public key only. */
const EVM_XPUB =
  'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';

let chain: LocalChain | undefined;
let server: RunningServer | undefined;
let token = '';

test.beforeAll(async () => {
  test.info().setTimeout(90_000);
  chain = await startLocalChain();
  token = await chain.deployToken(6);
  server = await startServer({ env: { CHAIN_POLL_MS: '250' } });
  const db = await openDatabase({ sqliteFile: path.join(server.dataDir, 'wallet.db') });
  try {
    await watchNetwork(
      { db, queries: createQueries(db), now: () => new Date() },
      {
        type: 'LOCAL',
        kind: 'evm',
        rpcUrls: [chain.url],
        contract: token,
        decimals: 6,
        minAmount: cents(1000),
        confirmations: CONFIRMATIONS,
        finalizedTag: true,
        xpub: EVM_XPUB,
      },
      'e2e',
    );
  } finally {
    await db.close();
  }
});

test.afterAll(async () => {
  await server?.stop();
  await chain?.close();
});

test('a transfer to the customer’s own address confirms block by block, then lands in the balance live', async ({
  page,
}) => {
  if (!server || !chain) throw new Error('the chain or its server did not start');
  await page.goto(`${server.baseUrl}/#/pages/login/login`);
  await page.getByLabel('Account').fill(DEMO.account);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('balance')).toHaveText(/^1,000\.00\s*USDT$/);

  await page.goto(`${server.baseUrl}/#/pages/mine/rechange`);
  await expect(page.getByRole('heading', { name: 'Your own USDT (LOCAL) address' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of your deposit address' })).toBeVisible();
  await expect(page.getByText(`credited automatically after ${CONFIRMATIONS} confirmations`)).toBeVisible();
  await expect(page.getByText('No deposits yet.', { exact: false })).toBeVisible();
  // No proof to upload on a watched network.
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  const address = (await page.getByTestId('receiving-address').textContent()) ?? '';
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await expectAccessible(page);

  await chain.transfer(token, address, units('25', 6));
  const deposit = page.getByRole('article', { name: 'Deposit of 25.00 USDT' });
  await expect(deposit.getByText(`Confirming 1/${CONFIRMATIONS}`)).toBeVisible();
  await chain.mine(1);
  await expect(deposit.getByText(`Confirming 2/${CONFIRMATIONS}`)).toBeVisible();
  await chain.mine(1);
  await expect(deposit.getByText('Credited')).toBeVisible();
  await expect(page.getByTestId('notify')).toContainText('Your deposit reached its confirmations');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('balance')).toHaveText(/^1,025\.00\s*USDT$/);
});
