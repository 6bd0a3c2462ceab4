import {
  uniquePng,
  codeFromOutbox,
  mailCount,
  waiveCodeWait,
  expect,
  expectAccessible,
  bindCard,
  fundCustomer,
  ops,
  openSignedIn,
  pendingId,
  registerCustomer,
  liveConnected,
  test,
} from './fixtures';

test('the recharge page shows and copies each network’s address, and says what a recharge lacks', async ({ page }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer, '/pages/mine/rechange');
  await expect(page.getByRole('tab', { name: 'TRC20' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('img', { name: 'QR code of the receiving address' })).toBeVisible();
  await expect(page.getByTestId('receiving-address')).toHaveText('TDEMOxNOTxAxREALxADDRESSxDONOTPAY');
  await page.getByRole('button', { name: 'Copy the address' }).click();
  await expect(page.getByTestId('toast')).toHaveText('copy success!');
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'ERC20' }).click();
  await expect(page.getByTestId('receiving-address')).toHaveText('0xDEMO00NOT00A00REAL00ADDRESS00DO00NOT00PAY');
  await page.getByRole('tab', { name: 'TRC20' }).click();
  await expect(page.getByTestId('receiving-address')).toHaveText('TDEMOxNOTxAxREALxADDRESSxDONOTPAY');

  await page.getByLabel('Amount (USDT)').fill('5');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The minimum amount is 10.00 USDT')).toBeVisible();
  await expect(page.getByText('Please upload the transfer proof')).toBeVisible();

  await page
    .getByLabel(/Transfer proof/)
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Please upload a PNG, JPEG or WebP image')).toBeVisible();
});

test('a recharge with proof is credited live when the operator approves it', async ({ page }) => {
  const customer = await registerCustomer();
  const live = liveConnected(page);
  await openSignedIn(page, customer, '/pages/mine/rechange');
  await page
    .getByLabel(/Transfer proof/)
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: await uniquePng() });
  await expect(page.getByText('Replace image')).toBeVisible();
  await page.getByLabel('Amount (USDT)').fill('150.25');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Submit success');
  await expect(page.getByRole('heading', { name: 'Recharge submitted' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.getByTestId('balance')).toHaveText(/^0\.00/);
  await live;
  await ops('approve', 'recharge', String(await pendingId('recharge', customer.user.account)));
  await expect(page.getByTestId('notify')).toContainText('Your recharge was approved');
  await expect(page.getByTestId('balance')).toHaveText(/^150\.25/);

  await page.getByRole('link', { name: 'Fund log' }).click();
  const log = page.getByRole('list', { name: 'Fund log' });
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await expect(log).toContainText('Recharge');
  await expect(log).toContainText('+150.25');
  await expect(log).toContainText('Paid');
  await expectAccessible(page);
});

test('bind a bank card with the mailed code: the form says what is missing, the card shows masked until revealed, and withdrawals to it wait for the hold', async ({
  page,
}) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer, '/pages/mine/withdrawl');
  await expect(page.getByText('Not bound yet')).toHaveCount(2);
  await page.getByRole('link', { name: /Bank card/ }).click();
  await page.getByRole('link', { name: 'Bind now' }).click();

  await expect(page.getByRole('note')).toContainText('can only be changed through customer service');
  await page.getByRole('button', { name: 'Bind account' }).click();
  await expect(page.getByText('Please fill in all the fields').first()).toBeVisible();
  // The two fields the server has its own words for say them here too.
  await expect(page.getByText('Please enter phone')).toBeVisible();
  await expect(page.getByText('Please enter e-mail')).toBeVisible();
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Telephone').fill('13800138000');
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel('IBAN account').fill('GB82 WEST 1234 5698 7654 32');
  await page.getByLabel('Bank name').fill('Example Bank');
  await page.getByLabel('Area').fill('London');
  await page.getByLabel('Country').fill('United Kingdom');
  await page.getByLabel('SWIFT').fill('WESTGB2L');
  await page.getByRole('button', { name: 'Bind account' }).click();
  await expect(page.getByText('Please enter the e-mail code')).toBeVisible();
  await expectAccessible(page);

  // The code goes to the account's own address, whatever the card's e-mail says.
  const { email } = customer.user;
  await waiveCodeWait(email);
  const mailsBefore = mailCount(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Email code sent');
  await page.getByLabel('Email code').fill(await codeFromOutbox(email, mailsBefore));
  await page.getByRole('button', { name: 'Bind account' }).click();
  await expect(page.getByRole('heading', { name: 'Your bank card' })).toBeVisible();
  await expect(page.getByText('**** 5432')).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'withdrawals to it are possible from' })).toBeVisible();
  await page.getByRole('button', { name: 'Show full details' }).click();
  await expect(page.getByText('GB82WEST12345698765432')).toBeVisible();

  await page.goto('/#/pages/mine/cardWithdrawal?type=bank');
  await expect(page.getByText('This account was bound recently.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw', exact: true })).toBeDisabled();
});

test('withdraw to a bound card, and see the operator’s rejection refunded live', async ({ page }) => {
  const customer = await registerCustomer();
  await fundCustomer(customer, '100.00');
  await bindCard(customer);
  const live = liveConnected(page);
  await openSignedIn(page, customer, '/pages/mine/cardWithdrawal?type=bank');
  await expect(page.getByText('**** 3000')).toBeVisible();
  await page.getByRole('button', { name: 'All' }).click();
  await expect(page.getByLabel('Withdrawal amount (USDT)')).toHaveValue('100.00');
  await page.getByLabel('Withdrawal amount (USDT)').fill('100.01');
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Insufficient balance')).toBeVisible();

  await page.getByLabel('Withdrawal amount (USDT)').fill('40');
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Order placed successfully');
  await expect(page.getByText('Order placed successfully. It is in audit')).toBeVisible();
  const records = page.getByRole('list', { name: 'Withdrawal records' });
  await expect(records.getByRole('listitem')).toHaveCount(1);
  await expect(records).toContainText('40.00 USDT');
  await expect(records).toContainText('In audit');
  await expectAccessible(page);

  await live;
  await ops(
    'reject',
    'withdraw',
    String(await pendingId('withdraw', customer.user.account)),
    '--remark',
    'Name does not match',
  );
  await expect(page.getByTestId('notify')).toContainText('the amount is back in your balance');
  await expect(records).toContainText('Failure');
  await expect(records).toContainText('Name does not match');

  await page.getByTestId('nav-back').click();
  await page.goto('/#/pages/mine/property');
  await expect(page.getByTestId('balance')).toHaveText(/^100\.00/);
  await expectAccessible(page);
  await page.goto('/#/pages/mine/asset-log');
  await page.getByRole('tab', { name: 'Expenses' }).click();
  const expenses = page.getByRole('list', { name: 'Fund log' });
  await expect(expenses.getByRole('listitem')).toHaveCount(1);
  await expect(expenses).toContainText('-40.00');
  await page.getByRole('tab', { name: 'Income' }).click();
  await expect(page.getByRole('list', { name: 'Fund log' }).getByRole('listitem')).toHaveCount(2);
});

test('Withdraw tells which methods are bound from one read', async ({ page }) => {
  const customer = await registerCustomer();
  await bindCard(customer);
  const reads: string[] = [];
  page.on('request', (request) => {
    const call = /\/api\/v1\/(bankinfo\/[\w-]+)/.exec(request.url())?.[1];
    if (call) reads.push(call);
  });
  await openSignedIn(page, customer, '/pages/mine/withdrawl');
  const methods = page.getByRole('navigation', { name: 'Withdrawal methods' });
  await expect(methods.getByRole('link', { name: /Bank card/ })).toContainText('Bound — ready to withdraw');
  await expect(methods.getByRole('link', { name: /Wise/ })).toContainText('Not bound yet');
  expect(reads).toEqual(['bankinfo/get-is-add']);
});

test.describe('without the service worker', () => {
  // The worker would take the reads out of the page's routes; these tests fail them.
  test.use({ serviceWorkers: 'block' });

  test('a receiving address that fails to load says so and loads on retry', async ({ page, context }) => {
    const customer = await registerCustomer();
    await openSignedIn(page, customer, '/pages/mine/rechange');
    await expect(page.getByTestId('receiving-address')).toHaveText('TDEMOxNOTxAxREALxADDRESSxDONOTPAY');
    await context.route('**/api/v1/recharge/shoukuan-address', (route) =>
      route.request().postData()?.includes('type=ERC20') ? route.abort('failed') : route.continue(),
    );
    await page.getByRole('tab', { name: 'ERC20' }).click();
    await expect(page.getByRole('alert')).toContainText('We could not load this');
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    await expectAccessible(page);

    await context.unrouteAll();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('receiving-address')).toHaveText('0xDEMO00NOT00A00REAL00ADDRESS00DO00NOT00PAY');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  test('full binding details that fail to load say so and load on retry', async ({ page, context }) => {
    const customer = await registerCustomer();
    await bindCard(customer);
    await openSignedIn(page, customer, '/pages/mine/binding?type=bank');
    await expect(page.getByRole('heading', { name: 'Your bank card' })).toBeVisible();
    await context.route('**/api/v1/bankinfo/detail', (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Show full details' }).click();
    await expect(page.getByRole('alert')).toContainText('We could not load this');
    await expectAccessible(page);

    await context.unrouteAll();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('DE89370400440532013000')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
