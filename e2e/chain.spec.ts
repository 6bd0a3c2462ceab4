import fs from 'node:fs';
import path from 'node:path';
import { cents } from '../contract/money';
import { watchNetwork } from '../server/deposits/chain/networks';
import { checkProofs } from '../server/deposits/chain/proofs';
import { saveReceivingAddress } from '../server/settings/service-settings';
import { startLocalChain, units, type LocalChain } from '../server/testing/chain/local-chain';
import { createQueries } from '../server/query-groups';
import { openDatabase } from '../server/platform/database/database';
import { devices, type Page } from '@playwright/test';
import { DEMO, enrolledOperator, expect, expectAccessible, test, uniquePng } from './fixtures';
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
/** A network with a shared receiving address whose proofs are checked on the same chain. */
const SHARED = { type: 'CHECKED', address: '0x00000000000000000000000000000000000C0FFE' };
let sharedToken = '';

test.beforeAll(async () => {
  test.info().setTimeout(90_000);
  chain = await startLocalChain();
  token = await chain.deployToken(6);
  sharedToken = await chain.deployToken(6);
  server = await startServer({ env: { CHAIN_POLL_MS: '250' } });
  const db = await openDatabase({ sqliteFile: path.join(server.dataDir, 'wallet.db') });
  const domain = { db, queries: createQueries(db), now: () => new Date() };
  try {
    await watchNetwork(
      domain,
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
    await saveReceivingAddress(domain, { ...SHARED, minAmount: cents(1000) }, 'e2e');
    await checkProofs(
      domain,
      {
        type: SHARED.type,
        kind: 'evm',
        rpcUrls: [chain.url],
        contract: sharedToken,
        decimals: 6,
        confirmations: CONFIRMATIONS,
        finalizedTag: true,
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

async function signInAsDemo(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/#/pages/login/login`);
  await page.getByLabel('Account').fill(DEMO.account);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The balance Home shows, in cents. */
async function balanceCents(page: Page): Promise<number> {
  const shown = (await page.getByTestId('balance').textContent()) ?? '';
  return Number(/[\d,]+\.\d\d/.exec(shown)?.[0].replace(/[,.]/g, '') ?? Number.NaN);
}

test('a transfer to the customer’s own address confirms block by block, then lands in the balance live', async ({
  page,
}) => {
  if (!server || !chain) throw new Error('the chain or its server did not start');
  await signInAsDemo(page, server.baseUrl);
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
    const checked = page.getByRole('row', { name: /^CHECKED \(EVM\)/ });
    await expect(checked.getByText('3 blocks and finalized')).toBeVisible();
    await expect(checked).toContainText(new RegExp(sharedToken.slice(2), 'i'));
    await page.screenshot({ path: test.info().outputPath('settings.png'), fullPage: true });
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

test('on a shared address checked on the chain, the customer reserves a unique amount before paying; a transfer of exactly it is credited without review, another amount waits with the chain’s verdict', async ({
  page,
  browser,
}) => {
  if (!server || !chain) throw new Error('the chain or its server did not start');
  await signInAsDemo(page, server.baseUrl);
  await expect(page.getByTestId('balance')).toHaveText(/\d\.\d\d\s*USDT/);
  const before = await balanceCents(page);

  const reserve = async (amount: string) => {
    await page.goto(`${server?.baseUrl ?? ''}/#/pages/mine/rechange`);
    await page.getByRole('tab', { name: SHARED.type }).click();
    await expect(page.getByRole('heading', { name: `Recharge USDT (${SHARED.type})` })).toBeVisible();
    // No address to pay to before an amount is reserved: a round amount sent now would be anyone's.
    await expect(page.getByTestId('receiving-address')).toHaveCount(0);
    await page.getByLabel('Amount (USDT)').fill(amount);
    await page.getByRole('button', { name: 'Get the amount to send' }).click();
    await expect(page.getByRole('heading', { name: 'Send exactly this amount' })).toBeVisible();
    await expect(page.getByTestId('receiving-address')).toHaveText(SHARED.address);
  };
  const prove = async (txid: string) => {
    await page.getByLabel('Transaction hash (TXID), optional').fill(txid);
    await page
      .getByLabel(/Transfer proof/)
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: await uniquePng() });
    await expect(page.getByText('Replace image')).toBeVisible();
  };

  await page.goto(`${server.baseUrl}/#/pages/mine/rechange`);
  await page.getByRole('tab', { name: SHARED.type }).click();
  await page.getByLabel('Amount (USDT)').fill('5');
  await page.getByRole('button', { name: 'Get the amount to send' }).click();
  await expect(page.getByText('The minimum amount is 10.00 USDT')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('recharge-amount.png'), fullPage: true });

  await reserve('30');
  await expect(page.getByTestId('exact-amount')).toHaveText('30.01 USDT');
  await expect(page.getByText('You asked for 30.00 USDT.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('reserved-until')).toHaveText(/^Reserved for you until .+ \((60|59) min left\)\.$/);
  await expect(page.getByRole('button', { name: 'Copy the amount' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('recharge-reserved.png'), fullPage: true });

  const paid = await chain.transfer(sharedToken, SHARED.address, units('30.01', 6));
  await chain.mine(CONFIRMATIONS);
  // Back from the wallet app: the screen opened again still shows the amount reserved.
  await page.reload();
  await page.getByRole('tab', { name: SHARED.type }).click();
  await expect(page.getByTestId('exact-amount')).toHaveText('30.01 USDT');
  await prove('not a hash');
  await expect(page.getByText('credited by itself as soon as the network confirms')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('A transaction hash is 64 characters')).toBeVisible();
  await page.getByLabel('Transaction hash (TXID), optional').fill(`0x${paid}`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('We are looking for your transaction on the CHECKED network')).toBeVisible();
  await expect(page.getByTestId('notify')).toContainText('Your recharge was approved');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect.poll(() => balanceCents(page)).toBe(before + 3001);

  // 45.01 reserved, 40 sent: the queue keeps it, with what the chain says beside the picture.
  await reserve('45');
  await expect(page.getByTestId('exact-amount')).toHaveText('45.01 USDT');
  const short = await chain.transfer(sharedToken, SHARED.address, units('40', 6));
  await chain.mine(CONFIRMATIONS);
  await prove(short);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Recharge submitted' })).toBeVisible();
  // Another recharge starts from the amount again: that reservation is spent.
  await page.getByRole('button', { name: 'New recharge' }).click();
  await expect(page.getByRole('button', { name: 'Get the amount to send' })).toBeVisible();
  await expect(page.getByTestId('receiving-address')).toHaveCount(0);

  const reviewer = await enrolledOperator('reviewer', server);
  const context = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: server.baseUrl });
  try {
    const [name = '', value = ''] = reviewer.cookie.split('=');
    await context.addCookies([{ name, value, url: server.baseUrl }]);
    const consolePage = await context.newPage();
    await consolePage.goto('/console/#/queue');
    await consolePage.getByRole('link', { name: `Recharge ${DEMO.account} 45.01 USDT` }).click();
    await expect(consolePage.getByTestId('chain-verdict')).toHaveText(
      "On the chain: Amount 40.00 ≠ 45.01, the unique amount reserved for this customer: they sent another amount, or named someone else's transfer.",
    );
    await expect(consolePage.getByTestId('reserved-amount')).toHaveText(
      /^45\.01 USDT \(asked for 45\.00 USDT\), held until .+$/,
    );
    await expect(consolePage.getByText(short)).toBeVisible();
    await expectAccessible(consolePage);
    await consolePage.screenshot({ path: test.info().outputPath('review-verdict.png'), fullPage: true });
  } finally {
    await context.close();
  }
});

test('a reserved amount whose hold has ended says so, and offers a new one', async ({ page }) => {
  if (!server) throw new Error('the chain or its server did not start');
  await page.clock.install();
  await signInAsDemo(page, server.baseUrl);
  await expect(page.getByTestId('balance')).toHaveText(/\d\.\d\d\s*USDT/);
  await page.goto(`${server.baseUrl}/#/pages/mine/rechange`);
  await page.getByRole('tab', { name: SHARED.type }).click();
  await page.getByLabel('Amount (USDT)').fill('70');
  await page.getByRole('button', { name: 'Get the amount to send' }).click();
  await expect(page.getByTestId('exact-amount')).toHaveText('70.01 USDT');
  await page.clock.fastForward(61 * 60_000);
  const ended = page.getByTestId('reserved-until');
  await expect(ended).toContainText('This amount was reserved for you until');
  await expect(ended).toContainText('If you sent exactly 70.01 USDT before then, submit your proof below.');
  await expect(page.getByRole('button', { name: 'Reserve a new amount' })).toBeVisible();
  // The proof of a transfer sent in time can still be given.
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('recharge-reservation-ended.png'), fullPage: true });
});
