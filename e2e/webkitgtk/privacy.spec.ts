import { By } from 'selenium-webdriver';
import { fundCustomer, registerCustomer } from '../fixtures';
import { expect, poll, test } from './fixtures';
import { byTestId } from './webkit';

const main = By.css('main');

test('hide amounts masks every money figure and stays so after a reload', async ({ webkit }) => {
  const customer = await registerCustomer();
  await fundCustomer(customer, '250.00');
  await webkit.openSignedIn(customer);
  await poll(() => webkit.text(byTestId('balance'))).toMatch(/^250\.00/);
  await webkit.click(byTestId('hide-amounts'));
  await poll(() => webkit.attribute(byTestId('hide-amounts'), 'aria-pressed')).toBe('true');
  await poll(() => webkit.text(byTestId('balance'))).toMatch(/^\*{4}/);
  expect(await webkit.screenText()).not.toContain('250.00');

  for (const [route, title] of [
    ['/pages/mine/mine', 'My'],
    ['/pages/mine/property', 'My assets'],
    ['/pages/mine/asset-log', 'Fund log'],
  ] as const) {
    await webkit.go(route);
    // The title changes with the route, so what is read below is this screen, not the last one.
    await poll(() => webkit.driver.getTitle()).toBe(`${title} · USDT Wallet`);
    await poll(() => webkit.text(main), { message: route }).toContain('****');
    expect(await webkit.text(main), route).not.toMatch(/\d+\.\d\d/);
  }
  await webkit.go('/');
  await poll(() => webkit.text(byTestId('balance'))).toMatch(/^\*{4}/);
  await webkit.reload();
  await poll(() => webkit.text(byTestId('balance'))).toMatch(/^\*{4}/);
  expect(await webkit.text(main)).not.toMatch(/\d+\.\d\d/);

  await webkit.go('/pages/mine/mine');
  await webkit.click(byTestId('hide-amounts'));
  await poll(() => webkit.text(byTestId('balance'))).toMatch(/^250\.00/);
});
