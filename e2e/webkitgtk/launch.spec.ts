import { expect, poll, test } from './fixtures';
import { button, heading } from './webkit';

test('without a session every protected route relaunches at login', async ({ webkit }) => {
  for (const route of ['/', '/pages/mine/mine', '/pages/mine/personal-info', '/pages/orders/orders']) {
    await webkit.open(route);
    await poll(() => webkit.isVisible(button('Log in')), { message: route }).toBe(true);
    expect(await webkit.hash(), route).toBe('#/pages/login/login');
  }
});

test('login, register and forget open without a session', async ({ webkit }) => {
  await webkit.open('/pages/login/login');
  await poll(() => webkit.isVisible(button('Log in'))).toBe(true);
  for (const [route, title] of [
    ['/pages/login/register', 'Register'],
    ['/pages/login/forget', 'Forgot password'],
  ] as const) {
    await webkit.open(route);
    await poll(() => webkit.isVisible(heading(title)), { message: route }).toBe(true);
    expect(await webkit.hash()).toBe(`#${route}`);
  }
});
