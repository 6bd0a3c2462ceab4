import {
  api,
  expect,
  expectAccessible,
  fundCustomer,
  liveConnected,
  loadUntilListed,
  ops,
  openSignedIn,
  pendingId,
  registerCustomer,
  repriceOffer,
  test,
} from './fixtures';

/** A merchant and offer of this test's own, so parallel tests never share one. */
async function ownOffer(
  price: string,
  currency: string,
  avatar?: string,
): Promise<{ merchant: string; offer: string }> {
  const name = `QA Merchant ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const merchant = await ops(
    'merchant',
    'add',
    '--name',
    name,
    '--completion-rate',
    '99.90',
    ...(avatar ? ['--avatar', avatar] : []),
  );
  const offer = await ops(
    'offer',
    'add',
    '--merchant',
    merchant,
    '--price',
    price,
    '--currency',
    currency,
    '--quantity',
    '300',
    '--min',
    '10',
    '--max',
    '200',
  );
  return { merchant: name, offer };
}

test('an offer shows its terms, and the sell sheet checks the quantity and previews the price', async ({ page }) => {
  const customer = await registerCustomer();
  await fundCustomer(customer, '150.00');
  const { merchant } = await ownOffer('9.87', 'USD');
  await openSignedIn(page, customer, '/pages/dating/dating');
  await expect(page.getByRole('list', { name: 'Open offers' })).toBeVisible();
  const card = page.getByRole('article', { name: `Offer from ${merchant}` });
  await loadUntilListed(page, card);
  await expect(card).toContainText('$9.87');
  await expect(card).toContainText('99.90% completed');
  await expectAccessible(page);

  await card.getByRole('button', { name: 'Sell' }).click();
  const sheet = page.getByTestId('sell-sheet');
  await expect(sheet.getByRole('heading', { name: `Sell USDT to ${merchant}` })).toBeVisible();
  await sheet.getByLabel('Quantity for sale (USDT)').fill('5');
  await sheet.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(sheet.getByText('The minimum amount is 10.00 USDT')).toBeVisible();
  await sheet.getByRole('button', { name: 'Max' }).click();
  await expect(sheet.getByLabel('Quantity for sale (USDT)')).toHaveValue('150.00');
  await sheet.getByLabel('Quantity for sale (USDT)').fill('33.33');
  // 33.33 × 9.87 = 328.9671, half up to the cent.
  await expect(sheet.getByTestId('sale-preview')).toHaveText('$328.97');
  await expectAccessible(page);
});

test('an offer partly sold offers at most what is left, in the hall and in the sell sheet', async ({ page }) => {
  const customer = await registerCustomer();
  await fundCustomer(customer, '150.00');
  const other = await registerCustomer();
  await fundCustomer(other, '120.00');
  const { merchant, offer } = await ownOffer('9.87', 'USD');
  const sold = await api(
    'saleu/create-order',
    { saleu_id: offer, number: '120', unit_price: '9.87', currency: 'USD' },
    other.token,
  );
  expect(sold.code).toBe(200);
  await openSignedIn(page, customer, '/pages/dating/dating');
  const card = page.getByRole('article', { name: `Offer from ${merchant}` });
  await loadUntilListed(page, card);
  // 300 less 120 sold leaves 180, below the largest sale of 200.
  await expect(card).toContainText('Limits 10.00 – 180.00 USDT');
  await card.getByRole('button', { name: 'Sell' }).click();
  const sheet = page.getByTestId('sell-sheet');
  await expect(sheet).toContainText('Limits 10.00 – 180.00 USDT · left 180.00');
  await sheet.getByLabel('Quantity for sale (USDT)').fill('180.01');
  await sheet.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(sheet.getByText('The maximum amount is 180.00 USDT')).toBeVisible();
});

test('a price changed while the sheet is open is shown there, and the sale waits for a new confirmation', async ({
  page,
}) => {
  const customer = await registerCustomer();
  await fundCustomer(customer, '150.00');
  const { merchant, offer } = await ownOffer('9.87', 'USD');
  await openSignedIn(page, customer, '/pages/dating/dating');
  const card = page.getByRole('article', { name: `Offer from ${merchant}` });
  await loadUntilListed(page, card);
  await card.getByRole('button', { name: 'Sell' }).click();
  const sheet = page.getByTestId('sell-sheet');
  await sheet.getByLabel('Quantity for sale (USDT)').fill('20');
  await expect(sheet.getByTestId('sale-preview')).toHaveText('$197.40');

  await repriceOffer(offer, '0.01');
  await sheet.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(sheet.getByTestId('sale-price')).toHaveText('$0.01 / USDT');
  await expect(sheet.getByRole('status')).toHaveText(
    'The price changed from $9.87 to $0.01 per USDT. Check what you receive and confirm again.',
  );
  await expect(sheet.getByLabel('Quantity for sale (USDT)')).toHaveValue('20');
  await expect(sheet.getByTestId('sale-preview')).toHaveText('$0.20');
  await expect(sheet.getByTestId('sheet-balance')).toContainText('150.00');
  await expectAccessible(page);

  await sheet.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Sale order placed');
  const order = page.getByRole('list', { name: 'My orders' }).getByRole('listitem').first();
  await expect(order).toContainText('Unit price $0.01');
  await expect(order).toContainText('$0.20');
});

test('sell from the hall and follow the order to completion, live', async ({ page }) => {
  const customer = await registerCustomer();
  await fundCustomer(customer, '150.00');
  const { merchant } = await ownOffer('9.87', 'USD');
  const live = liveConnected(page);
  await openSignedIn(page, customer, '/pages/dating/dating');
  const card = page.getByRole('article', { name: `Offer from ${merchant}` });
  await loadUntilListed(page, card);
  await card.getByRole('button', { name: 'Sell' }).click();
  const sheet = page.getByTestId('sell-sheet');
  await sheet.getByLabel('Quantity for sale (USDT)').fill('33.33');
  await expect(sheet.getByTestId('sale-preview')).toHaveText('$328.97');
  await sheet.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Sale order placed');

  const orders = page.getByRole('list', { name: 'My orders' });
  const order = orders.getByRole('listitem').first();
  await expect(order).toContainText('In audit');
  await expect(order).toContainText('33.33 USDT');
  await expect(order).toContainText('$328.97');
  await expect(order).toContainText('Unit price $9.87');
  await expect(order).toContainText('Matched');
  await expectAccessible(page);

  await live;
  await ops('approve', 'sale', String(await pendingId('sale', customer.user.account)));
  await expect(page.getByTestId('notify')).toHaveText('Your sale was completed.');
  await expect(order).toContainText('Completed');
  await page.getByRole('tab', { name: 'Completed' }).click();
  await expect(orders.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('tab', { name: 'In audit' }).click();
  await expect(page.getByText('No orders in this state.')).toBeVisible();
});

test('a rejected sale is refunded and shows Rejected', async ({ page }) => {
  const customer = await registerCustomer();
  await fundCustomer(customer, '80.00');
  const { merchant } = await ownOffer('9.55', 'EUR');
  const live = liveConnected(page);
  await openSignedIn(page, customer, '/pages/dating/dating');
  await page.getByRole('tab', { name: 'Merchants' }).click();
  const card = page.getByRole('article', { name: merchant });
  await loadUntilListed(page, card);
  await card.getByRole('button', { name: 'Sell' }).click();
  await page.getByTestId('sell-sheet').getByLabel('Quantity for sale (USDT)').fill('50');
  await page.getByTestId('sell-sheet').getByRole('button', { name: 'Confirm sale' }).click();
  const order = page.getByRole('list', { name: 'My orders' }).getByRole('listitem').first();
  await expect(order).toContainText('In audit');

  await page.getByTestId('tab-bar').getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('balance')).toHaveText(/^30\.00/);
  await live;
  await ops('reject', 'sale', String(await pendingId('sale', customer.user.account)), '--remark', 'buyer left');
  await expect(page.getByTestId('notify')).toContainText('the USDT is back in your balance');
  await expect(page.getByTestId('balance')).toHaveText(/^80\.00/);
  await page.getByTestId('tab-bar').getByRole('link', { name: 'Order' }).click();
  await expect(page.getByRole('list', { name: 'My orders' }).getByRole('listitem').first()).toContainText('Rejected');
});

test('a merchant with a picture shows it beside their name, one without shows none', async ({ page }) => {
  const customer = await registerCustomer();
  const pictured = await ownOffer('1.01', 'EUR', '/icons/icon-192.png');
  const plain = await ownOffer('1.02', 'EUR');
  await openSignedIn(page, customer, '/pages/dating/dating');
  const picturedCard = page.getByRole('article', { name: `Offer from ${pictured.merchant}` });
  await loadUntilListed(page, picturedCard);
  const picture = picturedCard.locator('img.avatar');
  await expect(picture).toHaveAttribute('src', '/icons/icon-192.png');
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const box = await picture.boundingBox();
  expect(box?.width).toBe(32);
  const plainCard = page.getByRole('article', { name: `Offer from ${plain.merchant}` });
  await loadUntilListed(page, plainCard);
  await expect(plainCard.locator('.avatar')).toHaveCount(0);
});
