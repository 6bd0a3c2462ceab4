import { es } from '../server/platform/i18n/es';
import { expect, openSignedIn, registerCustomer, test } from './fixtures';

test('switching to Spanish changes the UI and every request carries lang=xby', async ({ page }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer, '/pages/mine/mine');
  await page.getByRole('button', { name: /Language/ }).click();
  const sheet = page.getByTestId('language-sheet');
  await expect(sheet.getByRole('radio')).toHaveCount(9);
  await expect(sheet.getByRole('radio', { name: 'Auto (device language)' })).toHaveAttribute('aria-checked', 'true');
  await sheet.getByRole('radio', { name: 'Español' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('xby');

  // The request body of a fetch() is not visible to Playwright here, so the server's answer tells
  // which language it was asked for: its success message comes back in Spanish.
  const answers: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/v1/')) answers.push(response.json().then((body: { msg: string }) => body.msg));
  });
  await page.reload();
  const tabs = page.getByTestId('tab-bar').getByRole('link');
  await expect(tabs).toHaveCount(4);
  await expect(tabs.first()).toHaveText('Inicio');
  await tabs.first().click();
  await expect(page.getByTestId('balance')).toContainText('0,00');
  const messages = await Promise.all(answers);
  expect(messages.length).toBeGreaterThan(0);
  expect(new Set(messages)).toEqual(new Set([es.ok]));

  const reply = await page.evaluate(async (token) => {
    const response = await fetch('/api/v1/userinfo/save', {
      method: 'POST',
      headers: { 'access-token': token, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'nickname=&lang=xby',
    });
    return (await response.json()) as { msg: string };
  }, customer.token);
  expect(reply.msg).not.toBe('Please enter a nickname');
});

test('each language renders the My page in itself', async ({ page }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer, '/pages/mine/mine');
  const seen = new Set<string>();
  for (const [name, locale] of [
    ['Deutsch', 'de'],
    ['Français', 'fr'],
    ['Português', 'pt'],
    ['日本語', 'ja'],
    ['简体中文', 'zh-Hans'],
    ['繁體中文', 'zh-Hant'],
    ['English', 'en'],
  ] as const) {
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-sheet').getByRole('radio', { name }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    seen.add(
      `${await page.getByTestId('logout').innerText()} / ${await page.getByRole('heading', { level: 1 }).innerText()}`,
    );
  }
  expect(seen.size).toBe(7);
});

test('Auto follows the device language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ja-JP', baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await page.goto('/#/pages/login/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('button', { name: /日本語/ })).toBeVisible();
  await context.close();
});
