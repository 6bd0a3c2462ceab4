import { By } from 'selenium-webdriver';
import { registerCustomer } from '../fixtures';
import { expect, poll, test } from './fixtures';
import { byTestId, tab } from './webkit';

test('the four tabs move the hash and show their screens', async ({ webkit }) => {
  const customer = await registerCustomer();
  await webkit.openSignedIn(customer);
  await poll(() => webkit.text(byTestId('balance'))).toMatch(/^0\.00/);
  for (const [name, hash, title, screen] of [
    ['Hall', '#/pages/dating/dating', 'Trading hall', By.css('[role="tablist"][aria-label="Show"]')],
    ['Order', '#/pages/orders/orders', 'Orders', By.css('[role="tablist"][aria-label="Order state"]')],
    ['My', '#/pages/mine/mine', 'My', byTestId('logout')],
    ['Home', '#/', 'Home', byTestId('balance')],
  ] as const) {
    await webkit.click(tab(name));
    await poll(() => webkit.hash()).toBe(hash);
    await poll(() => webkit.isVisible(screen), { message: `${name} shows its screen` }).toBe(true);
    await poll(() => webkit.driver.getTitle()).toBe(`${title} · USDT Wallet`);
    expect(await webkit.attribute(tab(name), 'aria-current')).toBe('page');
  }
});
