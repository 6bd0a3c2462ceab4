import {
  bindCard,
  expect,
  expectAccessible,
  fundCustomer,
  openSignedIn,
  registerCustomer,
  test as base,
} from './fixtures';

/**
 * The same server, reached as localhost: WebAuthn takes a domain as its relying party, and
 * Chromium refuses an IP address such as 127.0.0.1 (localhost counts as a secure context too).
 */
const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
  baseURL: async ({}, use) => {
    const url = new URL(process.env.E2E_BASE_URL ?? '');
    url.hostname = 'localhost';
    await use(url.origin);
  },
});

test('A passkey added in My → Security signs the customer in and confirms a withdrawal', async ({ page, context }) => {
  const customer = await registerCustomer();
  await fundCustomer(customer, '100');
  await bindCard(customer);

  // Chromium's virtual authenticator: a platform one that verifies the user (as a fingerprint would).
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await openSignedIn(page, customer, '/pages/mine/security');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await passkeys.getByLabel('Passkey name').fill('My phone');
  await passkeys.getByLabel('Account password').fill(customer.password);
  await passkeys.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Passkey added');
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys.getByRole('button', { name: /^Remove passkey My phone, added / })).toBeVisible();
  await expectAccessible(page);

  // Signed out on this device: only the passkey brings the customer back.
  await page.evaluate(() => localStorage.clear());
  await page.goto('about:blank');
  await page.goto('/#/pages/login/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Login success');
  await expect(page).toHaveURL(/#\/$/);

  await page.goto('/#/pages/mine/cardWithdrawal?type=bank');
  await page.getByLabel('Withdrawal amount (USDT)').fill('20');
  await page.getByRole('button', { name: 'Confirm with passkey instead' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Order placed successfully');
  await expect(page).toHaveURL(/placed=1/);

  // Taking the passkey away needs fresh proof too: the passkey itself, verifying the customer.
  await page.goto('/#/pages/mine/security');
  await passkeys.getByRole('button', { name: /^Remove passkey My phone, added / }).click();
  const check = page.getByTestId('identity-check');
  await expect(check.getByRole('heading', { name: 'Remove passkey My phone?' })).toBeVisible();
  await check.getByRole('button', { name: 'Confirm with passkey instead' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Passkey My phone removed');
  await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
});
