import { devices, type Browser, type Page } from '@playwright/test';
import { OFFER_PAGE_SIZE } from '../../contract/console';
import { totpCode } from '../../server/staff/totp';
import {
  api,
  bindCard,
  enrolledOperator,
  enrolmentTokenMailedTo,
  expect,
  expectAccessible,
  fundCustomer,
  liveConnected,
  openSignedIn,
  ops,
  pendingRecharge,
  registerCustomer,
  test,
  uniqueAccount,
} from '../fixtures';

/**
 * A reviewer account made the way staff are added (`npm run ops -- operator add`), enrolled by
 * its operator in the browser: the link mailed to them opened, the secret shown there put into
 * "their authenticator" (computed here), a password chosen. Enrolment signs them in.
 */
async function enrolReviewer(page: Page): Promise<string> {
  const name = uniqueAccount('op').toLowerCase();
  const email = `${name}@operators.example`;
  const printed = await ops('operator', 'add', name, '--role', 'reviewer', '--email', email);
  const token = enrolmentTokenMailedTo(email);
  expect(printed).not.toContain(token);
  await page.goto(`/console/#/enrol?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Set up your console account' })).toBeVisible();
  const secret = page
    .getByRole('term')
    .filter({ hasText: 'Authenticator secret' })
    .locator('xpath=following-sibling::dd');
  await expect(secret).toHaveText(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);
  await page.getByLabel('New password', { exact: true }).fill('Operator12345');
  await page.getByLabel('Repeat the new password').fill('Operator12345');
  await page.getByLabel('Authenticator code').fill(totpCode((await secret.textContent()) ?? '', new Date()));
  await page.getByRole('button', { name: 'Finish enrolment' }).click();
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  await expect(page).toHaveURL(/#\/queue$/);
  return name;
}

/**
 * An operator enrolled behind the scenes (the first test enrols one through the page), signed in
 * on `page` by their session cookie: the queue opens at once.
 */
async function signedInOperator(page: Page, role: 'reviewer' | 'admin'): Promise<string> {
  const operator = await enrolledOperator(role);
  const [name = '', value = ''] = operator.cookie.split('=');
  await page.context().addCookies([{ name, value, url: process.env.E2E_BASE_URL ?? '' }]);
  await page.goto('/console/#/queue');
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  return operator.name;
}

/** A page of its own browser context (its own cookies and storage) on another device. */
async function anotherDevice(browser: Browser, device: 'Pixel 7' | 'Desktop Chrome'): Promise<Page> {
  const context = await browser.newContext({ ...devices[device], baseURL: process.env.E2E_BASE_URL });
  return context.newPage();
}

test('an operator enrolled through their link approves a recharge beside its proof, and the customer’s phone updates live', async ({
  page,
  browser,
}) => {
  const customer = await registerCustomer();
  await pendingRecharge(customer, '25.00');
  const phone = await anotherDevice(browser, 'Pixel 7');
  const live = liveConnected(phone);
  await openSignedIn(phone, customer, '/pages/mine/property');
  await expect(phone.getByTestId('balance')).toHaveText(/^0\.00/);
  await live;

  await enrolReviewer(page);
  await expectAccessible(page);
  await page.getByRole('link', { name: `Recharge ${customer.user.account} 25.00 USDT` }).click();
  const proof = page.getByRole('img', { name: 'Transfer proof' });
  await expect(proof).toBeVisible();
  expect(await proof.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await page.getByRole('button', { name: '200 %' }).click();
  await expect(proof).toBeInViewport({ ratio: 0.1 });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved.')).toBeVisible();

  await expect(phone.getByTestId('balance')).toHaveText(/^25\.00/);
  await phone.context().close();
});

test('a large withdrawal takes two operators, and the audit log reads it back', async ({ page, browser }) => {
  const customer = await registerCustomer();
  await fundCustomer(customer, '2000.00');
  const withdrawal = await api(
    'withdraw/create',
    { type: 'bank', bk_id: String(await bindCard(customer)), amount: '1500', password: customer.password },
    customer.token,
  );
  expect(withdrawal.code).toBe(200);
  const item = { name: `Withdrawal ${customer.user.account} 1500.00 USDT` };

  const first = await signedInOperator(page, 'reviewer');
  await page.getByRole('link', item).click();
  await expect(page.getByText('Test Person')).toBeVisible();
  await expect(page.getByText('**** 3000')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Your approval is recorded. A second operator must approve')).toBeVisible();
  expect((await api<{ balance: string }>('userinfo/get-money-info', {}, customer.token)).data.balance).toBe('500.00');

  const otherDesk = await anotherDevice(browser, 'Desktop Chrome');
  const second = await signedInOperator(otherDesk, 'admin');
  const waiting = otherDesk.getByRole('listitem').filter({ has: otherDesk.getByRole('link', item) });
  await expect(waiting).toContainText('Awaiting second approval');
  await expect(waiting).toContainText(first);
  await otherDesk.getByRole('link', item).click();
  await otherDesk.getByRole('button', { name: 'Approve' }).click();
  await expect(otherDesk.getByText('Approved.')).toBeVisible();

  await otherDesk.goto('/console/#/audit');
  await otherDesk.getByLabel('Customer account').fill(customer.user.account);
  await otherDesk.getByRole('button', { name: 'Filter' }).click();
  const rows = otherDesk.getByRole('row').filter({ hasText: 'withdraw' });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: second })).toContainText('success');
  await expect(rows.filter({ hasText: first })).toContainText('awaiting second approval');
  await expectAccessible(otherDesk);
  await otherDesk.context().close();
});

test('an admin disables a customer with a reason, enrols an operator, and every admin screen passes axe', async ({
  page,
}) => {
  const customer = await registerCustomer();
  await signedInOperator(page, 'admin');

  await page.getByRole('link', { name: 'Customers' }).click();
  await page.getByLabel('Search customers').fill(customer.user.account);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: customer.user.account }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(customer.user.account);
  await expectAccessible(page);
  await page.getByLabel('Reason for disabling').fill('Reported as stolen');
  await page.getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The account is disabled; its sessions have ended.')).toBeVisible();
  expect((await api('userinfo/get-info', {}, customer.token)).code).toBe(-1);

  // More offers than one page holds, none of which a customer's sale can fill (less left than
  // the smallest sale), so the customers' hall in other tests never lists them.
  const merchantName = `Paging ${uniqueAccount('m')}`;
  const merchant = (await ops('merchant', 'add', '--name', merchantName)).trim();
  for (let index = 0; index <= OFFER_PAGE_SIZE; index += 1) {
    await ops(
      'offer',
      'add',
      '--merchant',
      merchant,
      '--price',
      '0.5',
      '--currency',
      'EUR',
      '--quantity',
      '1',
      '--min',
      '5',
      '--max',
      '10',
    );
  }
  await page.getByRole('link', { name: 'Hall' }).click();
  await expect(page.getByRole('button', { name: 'Add offer' })).toBeVisible();
  const offers = page.getByRole('region', { name: 'Offers' });
  await expect(offers.getByRole('row')).toHaveCount(OFFER_PAGE_SIZE + 1);
  await expectAccessible(page);
  const end = offers.getByText('End of the offers.');
  await expect(async () => {
    const loadMore = offers.getByRole('button', { name: 'Load more' });
    if (await loadMore.isVisible()) await loadMore.click({ timeout: 1000 });
    await expect(end).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(offers.getByRole('row').filter({ hasText: merchantName })).toHaveCount(OFFER_PAGE_SIZE + 1);
  // Less left than the smallest sale: customers no longer see it, and the console says so.
  await expect(offers.getByRole('row').filter({ hasText: merchantName }).first()).toContainText('Sold out');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('button', { name: 'Add contact' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change the limit' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Operators' }).click();
  const newcomer = uniqueAccount('new').toLowerCase();
  const email = `${newcomer}@operators.example`;
  await page.getByLabel("New operator's name").fill(newcomer);
  await page.getByLabel('Their own e-mail address').fill(email);
  await page.getByRole('button', { name: 'Add operator' }).click();
  // The link goes to the newcomer's own address alone: the admin sees only where it went.
  await expect(page.getByText(`The enrolment link went to ${email} alone.`)).toBeVisible();
  await expect(page.getByText(enrolmentTokenMailedTo(email))).toHaveCount(0);
  await expect(page.getByText(/enrol\?token=|otpauth:/)).toHaveCount(0);
  await expectAccessible(page);
  const row = page.getByRole('row').filter({ hasText: newcomer });
  await row.getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toContainText('Waiting for enrolment');
  await expect(row).toContainText(/disabled/i);

  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Customer account').fill(customer.user.account);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'customer disable' })).toContainText('Reported as stolen');
});
