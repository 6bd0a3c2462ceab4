import { devices, type Browser, type Page } from '@playwright/test';
import { totpCode } from '../../server/console/totp';
import {
  api,
  bindCard,
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

interface Enrolled {
  name: string;
  password: string;
  secret: string;
}

/** An operator account made the way staff are enrolled: `npm run ops -- operator add`. */
async function enrol(role: 'reviewer' | 'admin'): Promise<Enrolled> {
  const name = uniqueAccount('op').toLowerCase();
  const created = JSON.parse(await ops('operator', 'add', name, '--role', role, '--json')) as {
    one_time_password: string;
    totp_secret: string;
  };
  return { name, password: created.one_time_password, secret: created.totp_secret };
}

/** Signs in with the one-time password and an authenticator code computed here, then sets a password. */
async function signIn(page: Page, operator: Enrolled): Promise<void> {
  await page.goto('/console');
  await expect(page).toHaveURL(/\/console\/$/);
  await page.getByLabel('Operator name').fill(operator.name);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByLabel('Authenticator code').fill(totpCode(operator.secret, new Date()));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Current password').fill(operator.password);
  await page.getByLabel('New password', { exact: true }).fill('Operator12345');
  await page.getByLabel('Repeat the new password').fill('Operator12345');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
}

/** A page of its own browser context (its own cookies and storage) on another device. */
async function anotherDevice(browser: Browser, device: 'Pixel 7' | 'Desktop Chrome'): Promise<Page> {
  const context = await browser.newContext({ ...devices[device], baseURL: process.env.E2E_BASE_URL });
  return context.newPage();
}

test('an operator enrolled by the CLI approves a recharge beside its proof, and the customer’s phone updates live', async ({
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

  await signIn(page, await enrol('reviewer'));
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

  const first = await enrol('reviewer');
  await signIn(page, first);
  await page.getByRole('link', item).click();
  await expect(page.getByText('Test Person')).toBeVisible();
  await expect(page.getByText('**** 3000')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Your approval is recorded. A second operator must approve')).toBeVisible();
  expect((await api<{ balance: string }>('userinfo/get-money-info', {}, customer.token)).data.balance).toBe('500.00');

  const second = await enrol('admin');
  const otherDesk = await anotherDevice(browser, 'Desktop Chrome');
  await signIn(otherDesk, second);
  const waiting = otherDesk.getByRole('listitem').filter({ has: otherDesk.getByRole('link', item) });
  await expect(waiting).toContainText('Awaiting second approval');
  await expect(waiting).toContainText(first.name);
  await otherDesk.getByRole('link', item).click();
  await otherDesk.getByRole('button', { name: 'Approve' }).click();
  await expect(otherDesk.getByText('Approved.')).toBeVisible();

  await otherDesk.goto('/console/#/audit');
  await otherDesk.getByLabel('Customer account').fill(customer.user.account);
  await otherDesk.getByRole('button', { name: 'Filter' }).click();
  const rows = otherDesk.getByRole('row').filter({ hasText: 'withdraw' });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: second.name })).toContainText('success');
  await expect(rows.filter({ hasText: first.name })).toContainText('awaiting second approval');
  await expectAccessible(otherDesk);
  await otherDesk.context().close();
});

test('an admin disables a customer with a reason, enrols an operator, and every admin screen passes axe', async ({
  page,
}) => {
  const customer = await registerCustomer();
  await signIn(page, await enrol('admin'));

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

  await page.getByRole('link', { name: 'Hall' }).click();
  await expect(page.getByRole('button', { name: 'Add offer' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('button', { name: 'Add contact' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Operators' }).click();
  const newcomer = uniqueAccount('new').toLowerCase();
  await page.getByLabel("New operator's name").fill(newcomer);
  await page.getByRole('button', { name: 'Add operator' }).click();
  await expect(page.getByText(/otpauth:\/\/totp\//)).toBeVisible();
  await expectAccessible(page);
  const row = page.getByRole('row').filter({ hasText: newcomer });
  await row.getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toContainText(/disabled/i);

  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Customer account').fill(customer.user.account);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'customer disable' })).toContainText('Reported as stolen');
});
