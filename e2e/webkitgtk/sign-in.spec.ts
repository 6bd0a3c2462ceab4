import { fundCustomer, registerCustomer } from '../fixtures';
import { expect, poll, test } from './fixtures';
import { byTestId } from './webkit';

test('sign in through the form to the balance; the service worker controls the page', async ({ webkit }, testInfo) => {
  const customer = await registerCustomer();
  await fundCustomer(customer, '125.50');
  await webkit.signIn(customer.user.account, customer.password);
  await poll(() => webkit.text(byTestId('balance'))).toMatch(/^125\.50/);
  expect(await webkit.hash()).toBe('#/');
  await poll(() => webkit.workerControls(), { timeout: 10_000 }).toBe(true);
  await testInfo.attach('signed-in balance', { body: await webkit.screenshot(), contentType: 'image/png' });

  await webkit.reload();
  await poll(() => webkit.text(byTestId('balance'))).toMatch(/^125\.50/);
  expect(await webkit.workerControls()).toBe(true);
});
