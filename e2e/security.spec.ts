import { api, expect, expectAccessible, openSignedIn, registerCustomer, test } from './fixtures';

test('My → Security lists devices and sign-ins, signs another device out and sets the anti-phishing code', async ({
  page,
}) => {
  const customer = await registerCustomer();
  const { account } = customer.user;
  expect((await api('user/login', { account, password: 'Wrong12345' })).code).toBe(400);
  const other = await api<{ token: string }>('user/login', { account, password: customer.password });
  expect(other.code).toBe(200);

  await openSignedIn(page, customer, '/pages/mine/mine');
  await page.getByRole('link', { name: 'Security' }).click();
  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByText('This device')).toBeVisible();
  const history = page.getByRole('region', { name: 'Recent sign-ins' });
  await expect(history.getByText('Failed sign-in attempt')).toBeVisible();
  await expect(history.getByText('Account created')).toBeVisible();

  // Signing a device out takes fresh proof: a wrong password is said in the sheet, which stays.
  await devices.getByRole('button', { name: /^Sign out .*last seen/ }).click();
  const check = page.getByTestId('identity-check');
  await check.getByLabel('Account password').fill('Wrong12345');
  await check.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(check.getByText('The password is not correct')).toBeVisible();
  await expectAccessible(page);
  await check.getByLabel('Account password').fill(customer.password);
  await check.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Signed out of');
  await expect(check).toBeHidden();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect((await api('userinfo/get-info', {}, other.data.token)).code).toBe(-1);
  await expect(devices.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

  await page.getByRole('textbox', { name: 'Anti-phishing code' }).fill('Blue Falcon');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await check.getByLabel('Account password').fill(customer.password);
  await check.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast')).toHaveText('Save success');
  const phishing = page.getByRole('region', { name: 'Anti-phishing code' });
  await expect(phishing.getByRole('button', { name: 'Remove' })).toBeVisible();

  // Reopened, the page knows only that a code is set: showing it takes the password again.
  await page.reload();
  await expect(phishing.getByTestId('anti-phishing-code')).toHaveText('Hidden');
  await phishing.getByRole('button', { name: 'Show code' }).click();
  await check.getByLabel('Account password').fill(customer.password);
  await check.getByRole('button', { name: 'Show code' }).click();
  await expect(phishing.getByTestId('anti-phishing-code')).toHaveText('Blue Falcon');
});
