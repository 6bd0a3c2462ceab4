import { expect, expectAccessible, fundCustomer, openSignedIn, registerCustomer, test } from './fixtures';

test('buy an interest product and see it in holdings, the balance and the fund log', async ({ page }) => {
  const customer = await registerCustomer();
  await fundCustomer(customer, '1500.00');
  await openSignedIn(page, customer, '/pages/mine/wallet');
  const product = page.getByRole('article', { name: 'Steady 30 days' });
  await expect(product).toContainText('6.00%');
  await expect(product).toContainText('30 days');
  await expectAccessible(page);

  await product.getByRole('button', { name: 'Deposit' }).click();
  const sheet = page.getByTestId('deposit-sheet');
  await sheet.getByLabel('Amount to deposit (USDT)').fill('50');
  await sheet.getByRole('button', { name: 'Confirm deposit' }).click();
  await expect(sheet.getByText('The minimum amount is 100.00 USDT')).toBeVisible();
  await sheet.getByLabel('Amount to deposit (USDT)').fill('1000');
  // 1000 × 6 % × 30 / 365 = 4.9315…, rounded down.
  await expect(sheet.getByTestId('interest-preview')).toHaveText('4.93');
  await expect(sheet).toContainText('1,004.93');
  await expectAccessible(page);
  await sheet.getByRole('button', { name: 'Confirm deposit' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Deposited into the interest wallet');

  const holdings = page.getByRole('list', { name: 'My holdings' });
  await expect(holdings.getByRole('listitem')).toHaveCount(1);
  await expect(holdings).toContainText('Holding');
  await expect(holdings).toContainText('Principal 1,000.00 · interest 4.93');
  await expect(holdings).toContainText('Payout 1,004.93');

  await page.getByTestId('nav-back').click();
  await expect(page.getByTestId('balance')).toHaveText(/^500\.00/);
  await expect(page.getByRole('definition').filter({ hasText: '1,000.00' })).toHaveCount(1);
  await page.getByRole('link', { name: 'Fund log' }).click();
  const log = page.getByRole('list', { name: 'Fund log' });
  await expect(log.getByRole('listitem').first()).toContainText('Into the interest wallet');
  await expect(log.getByRole('listitem').first()).toContainText('-1,000.00');
});

test('promotion shows both codes as QR and text, copies, shares and saves the image', async ({ page, browser }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer, '/pages/mine/promotion');
  await expect(page.getByRole('img', { name: 'QR code of your invitation link' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of your transfer code' })).toBeVisible();
  await expect(page.getByTestId('invite-code-text')).toHaveText(customer.user.invite_code);
  await expect(page.getByTestId('transfer-code-text')).toHaveText(/^[A-Z0-9]{8}$/);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Copy Invitation code' }).click();
  await expect(page.getByTestId('toast')).toHaveText('copy success!');
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByTestId('toast')).toHaveText('copy success!');

  const download = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Transfer code' }).getByRole('button', { name: 'Save image' }).click();
  expect((await download).suggestedFilename()).toMatch(/^transfer-[A-Z0-9]{8}\.png$/);

  const link = await page.getByText(/#\/pages\/login\/register\?code=/).textContent();
  const stranger = await browser.newContext();
  const fresh = await stranger.newPage();
  await fresh.goto(link ?? '');
  await expect(fresh.getByLabel('Invitation code')).toHaveValue(customer.user.invite_code);
  await stranger.close();
});

test('customer service lists contacts that open safely in a new tab', async ({ page }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer, '/pages/index/service');
  const contacts = page.getByRole('navigation', { name: 'Contacts' }).getByRole('link');
  await expect(contacts).toHaveCount(3);
  for (const contact of await contacts.all()) {
    await expect(contact).toHaveAttribute('target', '_blank');
    await expect(contact).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await contact.getAttribute('href')).toMatch(/^(https:|mailto:)/);
  }
  await expect(page.getByRole('link', { name: /Telegram support/ })).toHaveAttribute(
    'href',
    'https://t.me/example_support',
  );
  // The contact opens in a new tab (this machine's network cannot reach it, but the tab asks).
  const asked = page.context().waitForEvent('request', (request) => request.url().startsWith('https://wa.me/'));
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: /WhatsApp support/ }).click();
  await popup;
  await asked;
  await expectAccessible(page);
});

test('the beginner tutorial walks through the five guides', async ({ page }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer, '/pages/index/beginner');
  for (const heading of [
    '1. Recharge: put USDT in',
    '2. Sell USDT to a merchant',
    '3. Earn interest in the wallet',
    '4. Withdraw to your bank',
    '5. Stay safe from scams',
  ]) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to the Interest wallet' }).click();
  await expect(page.getByRole('heading', { name: 'Interest wallet', level: 1 })).toBeVisible();
});

test('hide amounts masks every money figure and is remembered', async ({ page }) => {
  const customer = await registerCustomer();
  await fundCustomer(customer, '250.00');
  await openSignedIn(page, customer);
  await expect(page.getByTestId('balance')).toHaveText(/^250\.00/);
  await page.getByTestId('hide-amounts').click();
  await expect(page.getByTestId('hide-amounts')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('balance')).toHaveText(/^\*{4}/);
  await expect(page.getByText('250.00')).toHaveCount(0);

  for (const route of ['/pages/mine/mine', '/pages/mine/property', '/pages/mine/asset-log']) {
    await page.goto(`/#${route}`);
    await expect(page.getByRole('main')).toContainText('****');
    await expect(page.getByRole('main')).not.toContainText(/\d+\.\d\d/);
  }
  await page.reload();
  await expect(page.getByRole('main')).not.toContainText(/\d+\.\d\d/);
  await page.goto('/#/pages/mine/mine');
  await page.getByTestId('hide-amounts').click();
  await expect(page.getByTestId('balance')).toHaveText(/^250\.00/);
});

test.describe('without the service worker', () => {
  // The worker would take the balance read out of the page's routes; this test fails it.
  test.use({ serviceWorkers: 'block' });

  test('a sheet whose balance read failed says so and loads it on retry', async ({ page, context }) => {
    const customer = await registerCustomer();
    await context.route('**/api/v1/userinfo/get-money-info', (route) => route.abort('failed'));
    await openSignedIn(page, customer, '/pages/mine/wallet');
    await page.getByRole('article', { name: 'Steady 30 days' }).getByRole('button', { name: 'Deposit' }).click();
    const sheet = page.getByTestId('deposit-sheet');
    await expect(sheet.getByRole('alert')).toContainText('We could not load your balance');
    await expect(sheet).not.toContainText('…');
    await expectAccessible(page);

    await context.unrouteAll();
    await sheet.getByRole('button', { name: 'Try again' }).click();
    await expect(sheet.getByTestId('sheet-balance')).toHaveText(/0\.00/);
    await expect(sheet.getByRole('alert')).toHaveCount(0);
  });
});
