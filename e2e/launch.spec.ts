import { expect, hashOf, test } from './fixtures';

test.describe('launch rule', () => {
  for (const route of ['/', '/pages/mine/mine', '/pages/mine/personal-info', '/pages/orders/orders']) {
    test(`without a session ${route} relaunches at login`, async ({ page }) => {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      expect(hashOf(page)).toBe('#/pages/login/login');
    });
  }

  test('login, register and forget open without a session', async ({ page }) => {
    for (const [route, heading] of [
      ['/pages/login/register', 'Register'],
      ['/pages/login/forget', 'Forgot password'],
    ] as const) {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      expect(hashOf(page)).toBe(`#${route}`);
    }
  });

  test('an unknown route falls back to Home (and so to login when signed out)', async ({ page }) => {
    await page.goto('/#/pages/nowhere');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });
});
