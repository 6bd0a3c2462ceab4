import fs from 'node:fs';
import { chromium, defineConfig, devices, webkit, type LaunchOptions } from '@playwright/test';

/**
 * Two mobile viewports on Chromium. Where Playwright's own Chromium is missing (this build
 * machine cannot download it) Debian's /usr/bin/chromium, or $CHROME_PATH, stands in.
 */
function installed(path: () => string): boolean {
  try {
    return fs.existsSync(path());
  } catch {
    return false;
  }
}

const systemChromium =
  process.env.CHROME_PATH || (installed(() => chromium.executablePath()) ? undefined : '/usr/bin/chromium');
const chromiumLaunch: LaunchOptions = {
  ...(systemChromium ? { executablePath: systemChromium } : {}),
  args: [
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

const webkitProjects = installed(() => webkit.executablePath())
  ? [{ name: 'iphone-webkit', use: { ...devices['iPhone 14'] } }]
  : [];

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
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
