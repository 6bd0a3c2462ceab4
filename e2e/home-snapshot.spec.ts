import type { BrowserContext, Page } from '@playwright/test';
import { DEMO, expect, openSignedIn, registerCustomer, test } from './fixtures';

/**
 * The painted copy of Home (app/boot) is checked before any of the app's code runs: the app's
 * entry script is refused, so what a page shows is what the boot script painted from storage.
 * Without the worker, so that every request reaches `context.route`.
 */
test.use({ serviceWorkers: 'block' });

const SNAPSHOT = '#home-snapshot';

/** A new page of the same device that runs the boot script but never the app. */
async function firstFrame(context: BrowserContext): Promise<Page> {
  await context.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort('failed'));
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForLoadState('load');
  return page;
}

async function snapshotTaken(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('homeSnapshot') !== null)).toBe(true);
}

async function logInThroughTheForm(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/#/pages/login/login');
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('the last Home screen is painted before the app runs, and React takes over from it', async ({ page, context }) => {
  await logInThroughTheForm(page, DEMO.account, DEMO.password);
  await expect(page.getByTestId('balance')).toHaveText(/1,000\.00/);
  await snapshotTaken(page);

  const painted = await firstFrame(context);
  await expect(painted.locator(SNAPSHOT)).toContainText('1,000.00');
  await expect(painted.locator(`${SNAPSHOT} .balance-figure`)).toBeVisible();
  // Online, the copy says nothing about being offline, as React will not either.
  await expect(painted.locator(`${SNAPSHOT} .no-network-tip`)).toHaveCount(0);
  await painted.close();

  await context.unrouteAll();
  const reopened = await context.newPage();
  await reopened.goto('/');
  await expect(reopened.getByTestId('balance')).toHaveText(/1,000\.00/);
  await expect(reopened.locator(SNAPSHOT)).toHaveCount(0);
  await expect(reopened.locator('.balance-figure')).toHaveCount(1);
  // The live screen works: its links lead on.
  await reopened.getByRole('link', { name: 'Fund log' }).click();
  await expect(reopened.getByRole('heading', { name: 'Fund log' })).toBeVisible();
});

test('a second customer on the device never sees the first one’s copy, not even in the first frame', async ({
  page,
  context,
}) => {
  await logInThroughTheForm(page, DEMO.account, DEMO.password);
  await expect(page.getByTestId('balance')).toHaveText(/1,000\.00/);
  await snapshotTaken(page);
  const firstCopy = await page.evaluate(() => localStorage.getItem('homeSnapshot'));

  // Another account signs in on the same device: the first copy goes at once.
  const second = await registerCustomer();
  await page.getByTestId('tab-bar').getByRole('link', { name: 'My' }).click();
  await page.getByTestId('logout').click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('homeSnapshot'))).toBeNull();
  await logInThroughTheForm(page, second.user.account, second.password);
  await expect(page.getByTestId('balance')).toHaveText(/^0\.00/);
  await snapshotTaken(page);

  const painted = await firstFrame(context);
  await expect(painted.locator(SNAPSHOT)).toContainText('0.00');
  await expect(painted.getByText('1,000.00')).toHaveCount(0);
  await expect(painted.getByText(DEMO.account)).toHaveCount(0);

  // Even a copy of the first customer's screen left in storage is never painted for another.
  await painted.evaluate((copy) => localStorage.setItem('homeSnapshot', copy ?? ''), firstCopy);
  await painted.reload();
  await expect(painted.locator('#root')).toBeAttached();
  await expect(painted.locator(SNAPSHOT)).toHaveCount(0);
  await expect(painted.getByText('1,000.00')).toHaveCount(0);
});

test('after sign-out the shell paints no figures', async ({ page, context }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer);
  await expect(page.getByTestId('balance')).toHaveText(/^0\.00/);
  await snapshotTaken(page);
  await page.getByTestId('tab-bar').getByRole('link', { name: 'My' }).click();
  await page.getByTestId('logout').click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  const painted = await firstFrame(context);
  await expect(painted.locator('#root')).toBeAttached();
  await expect(painted.locator(SNAPSHOT)).toHaveCount(0);
  expect(await painted.evaluate(() => localStorage.getItem('homeSnapshot'))).toBeNull();
});

test('hidden amounts stay hidden in the painted copy', async ({ page, context }) => {
  await logInThroughTheForm(page, DEMO.account, DEMO.password);
  await expect(page.getByTestId('balance')).toHaveText(/1,000\.00/);
  await snapshotTaken(page);

  // Hidden elsewhere than on Home: the copy with figures is dropped, so nothing is painted.
  await page.getByTestId('tab-bar').getByRole('link', { name: 'My' }).click();
  await page.getByTestId('hide-amounts').click();
  expect(await page.evaluate(() => localStorage.getItem('homeSnapshot'))).toBeNull();
  const beforeHome = await firstFrame(context);
  await expect(beforeHome.locator(SNAPSHOT)).toHaveCount(0);
  await beforeHome.close();

  // Home then takes a masked copy, and that is what the next open paints.
  await page.getByTestId('tab-bar').getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('balance')).not.toContainText('1,000');
  await snapshotTaken(page);
  const painted = await firstFrame(context);
  await expect(painted.locator(`${SNAPSHOT} .balance-figure`)).toBeVisible();
  await expect(painted.locator(SNAPSHOT)).not.toContainText(/\d,\d{3}\.\d{2}/);
  await expect(painted.locator(SNAPSHOT)).not.toContainText('1,000');
});
