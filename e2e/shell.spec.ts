import type { Page } from '@playwright/test';
import {
  accessibilityProblems,
  expect,
  expectAccessible,
  hashOf,
  openSignedIn,
  registerCustomer,
  NARROW_PHONE,
  ONE_PHONE,
  test,
} from './fixtures';

test('the tab bar moves between the four tabs and marks the current one', { tag: ONE_PHONE }, async ({ page }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer);
  const tabs = page.getByRole('navigation', { name: 'Main' });
  for (const [name, hash] of [
    ['Hall', '#/pages/dating/dating'],
    ['Order', '#/pages/orders/orders'],
    ['My', '#/pages/mine/mine'],
    ['Home', '#/'],
  ] as const) {
    await tabs.getByRole('link', { name }).click();
    expect(hashOf(page)).toBe(hash);
    await expect(tabs.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  }
  await expect(tabs).toHaveCSS('background-color', 'rgb(18, 26, 38)');
  // The seed's selected colour on the icon and the bar above it; the label in the text colour.
  const selected = tabs.getByRole('link', { name: 'Home' });
  await expect(selected.locator('svg')).toHaveCSS('color', 'rgb(102, 102, 255)');
  await expect(selected).toHaveCSS('box-shadow', 'rgb(102, 102, 255) 0px 2px 0px 0px inset');
  await expect(selected).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(tabs.getByRole('link', { name: 'My' })).toHaveCSS('color', 'rgb(130, 138, 153)');
});

test('the back bar goes back in history, or Home when there is none', { tag: ONE_PHONE }, async ({ page }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer, '/pages/mine/mine');
  await page.getByRole('link', { name: 'Personal information' }).click();
  await expect(page.getByRole('heading', { name: 'Personal information' })).toBeVisible();
  await page.getByTestId('nav-back').click();
  expect(hashOf(page)).toBe('#/pages/mine/mine');

  await page.goto('/#/pages/mine/team');
  await expect(page.getByRole('heading', { name: 'My team' })).toBeVisible();
  await page.getByTestId('nav-back').click();
  expect(hashOf(page)).toBe('#/');
  await expect(page.getByTestId('balance')).toBeVisible();
});

test('Home links every tile and My links every account page', { tag: ONE_PHONE }, async ({ page }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer);
  const tiles = page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link');
  await expect(tiles).toHaveCount(8);
  await page.getByRole('link', { name: 'Team list' }).click();
  await expect(page.getByRole('heading', { name: 'My team' })).toBeVisible();
  await expect(page.getByText('No one in your team yet.')).toBeVisible();

  await page.goto('/#/pages/mine/mine');
  const menu = page.getByRole('list', { name: 'My account' }).getByRole('link');
  await expect(menu).toHaveCount(11);
  await expect(page.getByText('1.0.0')).toBeVisible();
});

/**
 * The routes a signed-in customer can open: the seed's, Notifications and Security (login,
 * register and forget relaunch Home).
 */
const EVERY_SIGNED_IN_ROUTE = [
  '/',
  '/pages/dating/dating',
  '/pages/orders/orders',
  '/pages/mine/mine',
  '/pages/mine/personal-info',
  '/pages/mine/rechange',
  '/pages/mine/wallet',
  '/pages/mine/property',
  '/pages/mine/binding',
  '/pages/mine/withdrawl',
  '/pages/mine/cardWithdrawal?type=bank',
  '/pages/mine/records',
  '/pages/mine/team',
  '/pages/mine/promotion',
  '/pages/mine/asset-log',
  '/pages/mine/notifications',
  '/pages/index/beginner',
  '/pages/index/service',
  '/pages/mine/security',
];

/** The routes in three groups of about the same length, one browser test each (about 6 s). */
const ROUTE_GROUPS = [0, 1, 2].map((group) => EVERY_SIGNED_IN_ROUTE.filter((_, index) => index % 3 === group));

/**
 * Opens each route in turn, in one document as a customer moves through the app, and collects
 * what `inspect` finds wrong on each once it has shown its data.
 */
async function problemsOnRoutes(
  page: Page,
  routes: readonly string[],
  inspect: () => Promise<string[]>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const route of routes) {
    // Every route has a title of its own: a new one says the route has taken over the screen.
    const before = (await page.evaluate(() => location.hash)) === `#${route}` ? null : await page.title();
    await page.evaluate((hash) => {
      location.hash = hash;
    }, route);
    await page.waitForFunction(
      (previous) =>
        (previous === null || document.title !== previous) &&
        (document.querySelector('main')?.childElementCount ?? 0) > 0 &&
        document.querySelector('main .spinner, main [aria-busy="true"], main .skeleton') === null,
      before,
    );
    const found = await inspect();
    if (found.length > 0) problems.push(`${route}: ${found.join(', ')}`);
  }
  return problems;
}

// Every route, in German for its long words: the icons keep their size and no screen is wider
// than the phone. On the narrower phone only: a screen that fits it fits the wider one (the
// column stops at 500 px), and icons do not change with the width.
for (const [group, routes] of ROUTE_GROUPS.entries()) {
  test(
    `no icon renders larger than its intended 22 px and no screen is wider than the phone (routes ${group + 1} of 3)`,
    { tag: NARROW_PHONE },
    async ({ page }) => {
      const customer = await registerCustomer();
      await openSignedIn(page, customer);
      await page.evaluate(() => localStorage.setItem('language', 'de'));
      await page.reload();
      // The phone's width, not the page's: a mobile browser zooms out to fit a page that is too wide.
      const phoneWidth = page.viewportSize()?.width ?? 0;
      const problems = await problemsOnRoutes(page, routes, async () => {
        const { oversizedIcons, pageWidth } = await page.evaluate(() => ({
          oversizedIcons: [...document.querySelectorAll('svg')]
            // QR codes are pictures meant to be large; every other svg is an icon.
            .filter((svg) => !svg.classList.contains('qr-code'))
            .map((svg) => svg.getBoundingClientRect())
            .filter((box) => box.width > 22.5 || box.height > 22.5)
            .map((box) => `icon ${Math.round(box.width)}×${Math.round(box.height)}`),
          pageWidth: document.documentElement.scrollWidth,
        }));
        return pageWidth > phoneWidth
          ? [...oversizedIcons, `${pageWidth} px on a ${phoneWidth} px phone`]
          : oversizedIcons;
      });
      expect(problems).toEqual([]);
    },
  );
}

test(
  'a bottom sheet keeps the keyboard inside and gives focus back; tab lists move focus with the selection',
  { tag: ONE_PHONE },
  async ({ page }) => {
    const customer = await registerCustomer();
    await openSignedIn(page, customer, '/pages/mine/mine');
    const opener = page.getByRole('button', { name: /Language/ });
    await opener.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByTestId('language-sheet');
    await expect(sheet).toBeVisible();
    for (let press = 0; press < 15; press += 1) {
      await page.keyboard.press('Tab');
      // Past the last option the browser may offer its own controls (focus on no element of the
      // page, so on <body>); it never reaches the page behind the sheet.
      const inside = await sheet.evaluate(
        (dialog) => dialog.contains(document.activeElement) || document.activeElement === document.body,
      );
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(opener).toBeFocused();

    await page.goto('/#/pages/mine/asset-log');
    const filters = page.getByRole('tablist', { name: 'Show' });
    await filters.getByRole('tab', { name: 'All' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(filters.getByRole('tab', { name: 'Income' })).toBeFocused();
    await expect(filters.getByRole('tab', { name: 'Income' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(filters.getByRole('tab', { name: 'Expenses' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(filters.getByRole('tab', { name: 'All' })).toBeFocused();
  },
);

test('the theme switch changes the scheme, says so and is remembered', { tag: ONE_PHONE }, async ({ page }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer, '/pages/mine/mine');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'subject1');
  await page.getByRole('button', { name: /Theme/ }).click();
  await expect(page.getByTestId('toast')).toHaveText('Theme switched');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'subject2');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'subject2');
  await expect(page.getByRole('button', { name: /Theme/ })).toContainText('Red and blue');
});

test('an unknown stored theme is reported and the default kept', { tag: ONE_PHONE }, async ({ page }) => {
  const customer = await registerCustomer();
  await openSignedIn(page, customer);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.evaluate(() => localStorage.setItem('theme', 'neon'));
  await page.reload();
  await expect(page.getByTestId('toast')).toContainText('Unknown theme "neon"');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'subject1');
  expect(warnings.join('\n')).toContain('neon');
});

// Four tests (signed out, and three parts signed in) so that the workers share the axe runs.
test('the sign-in screens pass axe', { tag: NARROW_PHONE }, async ({ page }) => {
  for (const route of ['/pages/login/login', '/pages/login/register', '/pages/login/forget']) {
    await page.goto(`/#${route}`);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page);
  }
});

async function expectRoutesAccessible(page: Page, routes: readonly string[]): Promise<void> {
  const customer = await registerCustomer();
  await openSignedIn(page, customer);
  expect(await problemsOnRoutes(page, routes, () => accessibilityProblems(page))).toEqual([]);
}

test('Home, My and the profile pass axe', { tag: NARROW_PHONE }, async ({ page }) => {
  await expectRoutesAccessible(page, ['/', '/pages/mine/mine', '/pages/mine/personal-info']);
});

test('notifications and security pass axe', { tag: NARROW_PHONE }, async ({ page }) => {
  await expectRoutesAccessible(page, ['/pages/mine/notifications', '/pages/mine/security']);
});

test('the hall, the wallet and the language sheet pass axe', { tag: NARROW_PHONE }, async ({ page }) => {
  await expectRoutesAccessible(page, ['/pages/dating/dating', '/pages/mine/wallet']);
  await page.goto('/#/pages/mine/mine');
  await page.getByRole('button', { name: /Language/ }).click();
  await expect(page.getByTestId('language-sheet')).toBeVisible();
  await expectAccessible(page);
});

test.describe('without the service worker', () => {
  // The worker would answer from its precache; this test is about the network failing.
  test.use({ serviceWorkers: 'block' });

  test(
    'a figure read that fails says so with a retry, on every screen with figures',
    { tag: ONE_PHONE },
    async ({ page, context }) => {
      const customer = await registerCustomer();
      await openSignedIn(page, customer, '/pages/mine/mine');
      await expect(page.getByTestId('balance')).toBeVisible();
      await context.route(/\/api\/v1\/(team|selling|asset-log|property)\/tongji$/, (route) => route.abort('failed'));
      for (const [route, title, figures] of [
        ['/pages/mine/team', 'My team', 'Team figures'],
        ['/pages/dating/dating', 'Trading hall', 'Hall figures'],
        ['/pages/mine/asset-log', 'Fund log', 'Totals'],
        ['/pages/mine/property', 'My assets', 'My assets'],
      ] as const) {
        await page.goto(`/#${route}`);
        await expect(page.getByRole('heading', { name: title, level: 1 })).toBeAttached();
        await expect(page.getByRole('alert')).toContainText('We could not load this');
        await expect(page.locator(`dl[aria-label="${figures}"]`)).toHaveCount(0);
        await expect(page.getByText('—')).toHaveCount(0);
      }
      await context.unrouteAll();
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('definition').first()).toHaveText(/\d/);
      await expect(page.getByRole('alert')).toHaveCount(0);
    },
  );

  test(
    'a page whose script fails to load offers a retry that loads it',
    { tag: ONE_PHONE },
    async ({ page, context }) => {
      const customer = await registerCustomer();
      await openSignedIn(page, customer);
      await context.route(/\/assets\/personal-info-[\w-]+\.js$/, (route) => route.abort('failed'));
      await page.getByTestId('tab-bar').getByRole('link', { name: 'My' }).click();
      await page.getByRole('link', { name: 'Personal information' }).click();
      await expect(page.getByText('Loading chunk failed')).toBeVisible();

      await context.unrouteAll();
      // The browser may remember the failed import; the retry asks again under a fresh URL,
      // without reloading the document.
      const documentOrigin = await page.evaluate(() => performance.timeOrigin);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByLabel('Nickname')).toHaveValue(customer.user.account);
      expect(await page.evaluate(() => performance.timeOrigin)).toBe(documentOrigin);
    },
  );
});

test('no screen breaks the content security policy', { tag: ONE_PHONE }, async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Refused to load ${event.blockedURI} (${event.violatedDirective})`),
    );
  });
  const customer = await registerCustomer();
  await openSignedIn(page, customer);
  for (const route of [
    '/',
    '/pages/dating/dating',
    '/pages/orders/orders',
    '/pages/mine/mine',
    '/pages/mine/rechange',
    '/pages/mine/promotion',
    '/pages/mine/wallet',
    '/pages/mine/binding',
    '/pages/index/beginner',
  ]) {
    await page.goto(`/#${route}`);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});
