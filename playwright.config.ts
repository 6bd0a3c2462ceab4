import { defineConfig, devices, webkit } from '@playwright/test';
import { chromiumLaunch, installed } from './e2e/browser';

/**
 * Two mobile viewports on Chromium (see e2e/browser.ts for which Chromium), plus WebKit where
 * Playwright's WebKit is installed.
 */
const webkitProjects = installed(() => webkit.executablePath())
  ? [{ name: 'iphone-webkit', use: { ...devices['iPhone 14'] } }]
  : [];

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
    { name: 'pixel', use: { ...devices['Pixel 7'], browserName: 'chromium', launchOptions: chromiumLaunch } },
    { name: 'iphone', use: { ...devices['iPhone 14'], browserName: 'chromium', launchOptions: chromiumLaunch } },
    ...webkitProjects,
  ],
});
