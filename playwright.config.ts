import { defineConfig, devices, webkit } from '@playwright/test';
import { chromiumLaunch, installed, webkitGtkDriver } from './e2e/browser';

/** WebKitGTK's own flows (e2e/webkitgtk/) drive MiniBrowser through WebDriver, not through `page`. */
const WEBKITGTK_TESTS = '**/e2e/webkitgtk/**';

/**
 * Two mobile viewports on Chromium (see e2e/browser.ts for which Chromium), plus WebKit where
 * Playwright's WebKit is installed, plus WebKitGTK where its WebDriver is.
 */
const webkitProjects = [
  ...(installed(() => webkit.executablePath())
    ? [{ name: 'iphone-webkit', testIgnore: WEBKITGTK_TESTS, use: { ...devices['iPhone 14'] } }]
    : []),
  ...(webkitGtkDriver ? [{ name: 'webkitgtk', testDir: './e2e/webkitgtk' }] : []),
];

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  // The money flows start the operator CLI (a Node process) several times and run axe two or
  // three times; on a busy two-core machine one took 33 s. A stuck step still fails on its own
  // expect timeout below.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // The HTML report (playwright-report/, `npx playwright show-report`) is written on CI too, so a
  // red run can be read the same way.
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'UTC',
  },
  projects: [
    {
      name: 'pixel',
      testIgnore: WEBKITGTK_TESTS,
      use: { ...devices['Pixel 7'], browserName: 'chromium', launchOptions: chromiumLaunch },
    },
    {
      name: 'iphone',
      testIgnore: WEBKITGTK_TESTS,
      use: { ...devices['iPhone 14'], browserName: 'chromium', launchOptions: chromiumLaunch },
    },
    ...webkitProjects,
  ],
});
