import {
  api,
  codeFromOutbox,
  mailCount,
  DEMO,
  expect,
  expectAccessible,
  hashOf,
  openSignedIn,
  ops,
  registerCustomer,
  rootInviteCode,
  storedPasswordHash,
  test,
  TINY_PNG,
  uniqueAccount,
} from './fixtures';

test('a new customer registers through the UI with the code from the e-mail', async ({ page }) => {
  const inviteCode = await rootInviteCode();
  const account = uniqueAccount('new');
  const email = `${account}@example.com`;

  await page.goto(`/#/pages/login/register?code=${inviteCode}`);
  await expect(page.getByLabel('Invitation code')).toHaveValue(inviteCode);
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Email code sent');
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await page.getByLabel('Email code').fill(await codeFromOutbox(email));
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm password').fill('Secret123');
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByTestId('balance')).toContainText('0.00');
  expect(hashOf(page)).toBe('#/');
  await expect(page.getByText(`Hello, ${account}`)).toBeVisible();
  // A server hashes at the full cost (the server's own tests hash more cheaply, in their process).
  expect(await storedPasswordHash(account)).toMatch(/^scrypt\$16384\$8\$1\$/);
});

test('the register form explains what is missing before calling the server', async ({ page }) => {
  await page.goto('/#/pages/login/register');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Please enter the account')).toBeVisible();
  await expect(page.getByText('The invitation code cannot be empty')).toBeVisible();
  await expect(page.getByLabel('Account')).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm password').fill('Secret124');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('The password is different from the confirm password')).toBeVisible();
});

test('sign in and log out', async ({ page }) => {
  await page.goto('/#/pages/login/login');
  await page.getByLabel('Account').fill(DEMO.account);
  await page.getByLabel('Password').fill('wrong-password1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Wrong account or password');

  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('balance')).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText(/^1,000\.00\s*USDT$/);

  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').token as string);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My' }).click();
  await page.getByTestId('logout').click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  expect((await api('userinfo/get-info', {}, token)).code).toBe(-1);
});

test('a double tap on Log in sends one request', async ({ page }) => {
  const customer = await registerCustomer();
  await page.goto('/#/pages/login/login');
  await page.getByLabel('Account').fill(customer.user.account);
  await page.getByLabel('Password').fill(customer.password);
  let logins = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/user/login')) logins += 1;
  });
  await page.getByRole('button', { name: 'Log in' }).dblclick();
  await expect(page.getByTestId('balance')).toBeVisible();
  expect(logins).toBe(1);
});

test('an expired session (-1) lands on login', async ({ page }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer, '/pages/mine/mine');
  await expect(page.getByText(`Account: ${customer.user.account}`)).toBeVisible();

  expect((await api('user/logout', {}, customer.token)).code).toBe(200);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(hashOf(page)).toBe('#/pages/login/login');
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
});

test('a forgotten password is reset with an e-mail code', async ({ page }) => {
  const customer = await registerCustomer();
  await page.goto('/#/pages/login/forget');
  await page.getByLabel('Email', { exact: true }).fill(customer.user.email);
  const sendCode = page.getByRole('button', { name: 'Send code' });
  // The registration code went out a moment ago: the server may ask to wait, and the button
  // counts that wait down before it can be pressed again.
  await sendCode.click();
  await expect(sendCode).toBeEnabled({ timeout: 10_000 });
  const mailsBefore = mailCount(customer.user.email);
  await sendCode.click();
  await expect(page.getByTestId('toast')).toHaveText('Email code sent');
  await page.getByLabel('Email code').fill(await codeFromOutbox(customer.user.email, mailsBefore));
  await page.getByLabel('Password', { exact: true }).fill('NewSecret9');
  await page.getByLabel('Confirm password').fill('NewSecret9');
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect((await api('userinfo/get-info', {}, customer.token)).code).toBe(-1);
  await page.getByLabel('Account').fill(customer.user.account);
  await page.getByLabel('Password').fill('NewSecret9');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('balance')).toBeVisible();
});

test('the nickname can be edited and shows on My', async ({ page }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer, '/pages/mine/personal-info');
  await page.getByLabel('Nickname').fill('  Satoshi  ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Save success');
  await page.getByTestId('nav-back').click();
  await expect(page.getByText('Hello, Satoshi')).toBeVisible();
  await page.getByTestId('tab-bar').getByRole('link', { name: 'My' }).click();
  await expect(page.getByRole('heading', { name: /Satoshi/ })).toBeVisible();
});

test('a customer changes their profile picture, checked like a proof, and sees it on My', async ({ page }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer, '/pages/mine/personal-info');
  const picker = page.getByLabel('Profile picture');
  await expect(page.getByText('Choose image')).toBeVisible();
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Please upload a PNG, JPEG or WebP image')).toBeVisible();
  await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByTestId('toast')).toHaveText('Your profile picture has been changed');
  await expect(page.getByText('Please upload a PNG, JPEG or WebP image')).toHaveCount(0);
  await expect(page.getByText('Replace image')).toBeVisible();
  await expectAccessible(page);

  const saved = (await api<{ avatar: string }>('userinfo/get-info', {}, customer.token)).data.avatar;
  expect(saved).toMatch(/^\/uploads\//);
  await page.getByTestId('nav-back').click();
  await page.getByTestId('tab-bar').getByRole('link', { name: 'My' }).click();
  const picture = page.locator('.profile-head img.avatar');
  await expect(picture).toHaveAttribute('src', saved);
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await page.reload();
  await expect(picture).toHaveAttribute('src', saved);
});

test('the VIP level an operator sets shows on My', async ({ page }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer, '/pages/mine/mine');
  await expect(page.getByText('Member')).toBeVisible();
  await ops('user', customer.user.account, '--vip', '3');
  // The server re-reads a signed-in user at most 5 s after a change made outside it.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('VIP 3')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
});
