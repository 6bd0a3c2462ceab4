import fs from 'node:fs';
import path from 'node:path';
import { cents } from '../contract/money';
import { watchNetwork } from '../server/chain/networks';
import { startLocalChain, units, type LocalChain } from '../server/chain/testing/local-chain';
import { createQueries } from '../server/db';
import { openDatabase } from '../server/db/database';
import { devices } from '@playwright/test';
import { DEMO, enrolledOperator, expect, expectAccessible, test } from './fixtures';
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

// One chain and one server for the file's tests, in order: the console's test reads the deposit the first one made.
test.describe.configure({ mode: 'serial' });

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
  await expect(page.getByTestId('notify')).toContainText('Your deposit was credited to your balance.');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('balance')).toHaveText(/^1,025\.00\s*USDT$/);
});

test('operators follow the watcher and the deposits in the console; an admin sees the network in Settings', async ({
  browser,
}) => {
  if (!server || !chain) throw new Error('the chain or its server did not start');
  const admin = await enrolledOperator('admin', server);
  const context = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: server.baseUrl });
  try {
    const [name = '', value = ''] = admin.cookie.split('=');
    await context.addCookies([{ name, value, url: server.baseUrl }]);
    const page = await context.newPage();
    await page.goto('/console/#/deposits');
    await expect(page.getByRole('heading', { name: 'Deposits', level: 1 })).toBeVisible();
    const watcher = page.getByRole('row', { name: /^LOCAL/ });
    await expect(watcher).toBeVisible();
    await expect(watcher.getByRole('cell').nth(7)).toHaveText(/^http:\/\/127\.0\.0\.1:\d+$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The first test's deposit, credited, with its customer.
    const deposit = page.getByRole('row', { name: new RegExp(`${DEMO.account} LOCAL 25\\.00`) });
    await expect(deposit.getByText('Credited')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('deposits.png'), fullPage: true });
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Addresses (CSV) LOCAL' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('usdt-addresses-local.csv');
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('LOCAL,0x9858EfFD232B4033E47d90003D41EC34EcaEda94,1,25.000000,');
    await page.getByRole('link', { name: 'Below the minimum' }).click();
    await expect(page.getByText('No deposits here.')).toBeVisible();
    // 5 USDT, below the 10.00 minimum: recorded, not credited, until an administrator says so.
    await chain.transfer(token, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', units('5', 6));
    await chain.mine(CONFIRMATIONS);
    const small = page.getByRole('row', { name: new RegExp(`${DEMO.account} LOCAL 5\\.00`) });
    // The list reads itself again every 10 s; a reload reads it now, once the watcher has settled it.
    await expect(async () => {
      await page.reload();
      await expect(small).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await small.getByRole('button', { name: /^Credit by hand/ }).click();
    const panel = page.getByRole('region', { name: `Credit 5.00 USDT to ${DEMO.account} by hand` });
    await panel.getByLabel('Reason for the audit log').fill('Asked by the customer; checked on the chain');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('credit-by-hand.png'), fullPage: true });
    await panel.getByRole('button', { name: 'Credit 5.00 USDT' }).click();
    await expect(panel).toHaveCount(0);
    await expect(page.getByText('No deposits here.')).toBeVisible();
    await page.getByRole('link', { name: 'Credited' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`${DEMO.account} LOCAL 5\\.00`) })).toBeVisible();
    await expectAccessible(page);

    await page.goto('/console/#/settings');
    const network = page.getByRole('row', { name: /^LOCAL \(EVM\)/ });
    await expect(network.getByText('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBeVisible();
    await expect(network.getByText('3 blocks and finalized')).toBeVisible();
    await page.getByRole('button', { name: 'Watch a network' }).click();
    await page.getByLabel('Network', { exact: true }).fill('LOCAL');
    await page.getByLabel('Address format').selectOption('evm');
    await page.getByLabel('Node URLs').fill(chain.url);
    await page.getByLabel('USDT contract address').fill(token);
    await page.getByLabel('Account extended public key (xpub)').fill(EVM_XPUB);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This network type is in use already')).toBeVisible();
    await expectAccessible(page);
  } finally {
    await context.close();
  }
});
