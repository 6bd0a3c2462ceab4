import { defineConfig, devices, webkit } from '@playwright/test';
import {
  chromiumLaunch,
  FULL_BROWSER,
  headlessShellLaunch,
  installed,
  NARROW_PHONE,
  ONE_PHONE,
  webkitGtkDriver,
} from './e2e/browser';

/** WebKitGTK's own flows (e2e/webkitgtk/) drive MiniBrowser through WebDriver, not through `page`. */
const WEBKITGTK_TESTS = '**/e2e/webkitgtk/**';
/** The operators' console is made for a desktop: its specs run there, and only there. */
const CONSOLE_TESTS = '**/e2e/console/**';
const PHONE_IGNORES = [WEBKITGTK_TESTS, CONSOLE_TESTS];

/**
 * The specs with tests tagged FULL_BROWSER (push and notifications, all of it; the network coming
 * back under a page, in pwa.spec.ts): those run on the full browser, the rest on the headless
 * shell (see e2e/browser.ts). Judging installability, which the shell does not do, is asked of a
 * full browser that its test starts itself.
 */
const FULL_BROWSER_SPECS = ['**/e2e/notifications.spec.ts', '**/e2e/pwa.spec.ts'];

/**
 * The flows run without the service worker. What the worker does (its precache, the cached
 * reads, offline, updates, notices) is the subject of pwa.spec.ts, which lets it in, of the
 * full-browser spec above and of WebKitGTK's, where it is in control; in a flow it only fetched its
 * 95 precached files afresh for every test's new context: a fifth of the machine's CPU in the
 * flows (15 tests: 98 s with it, 77 s without, both on one worker).
 */
const WITHOUT_WORKER = { serviceWorkers: 'block' } as const;

/** The spec whose outcome depends on the screen size (but for its tests tagged ONE_PHONE). */
const VIEWPORT_SPECS = ['shell.spec.ts'];

/**
 * Besides two mobile viewports on Chromium (see e2e/browser.ts for which Chromium): every spec on
 * Playwright's WebKit where it is installed, and WebKitGTK's own checks where its WebDriver is.
 */
const webkitProjects = [
  ...(installed(() => webkit.executablePath())
    ? [{ name: 'iphone-webkit', testIgnore: PHONE_IGNORES, use: { ...devices['iPhone 14'] } }]
    : []),
  ...(webkitGtkDriver ? [{ name: 'webkitgtk', testDir: './e2e/webkitgtk' }] : []),
];

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // Three on two cores: a test spends part of its time waiting (the server, a socket, a timer),
  // and a third worker fills those waits (the suite went from 342 s to about 300 s here).
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 3,
  retries: 0,
  // Every test takes well under 20 s on an idle machine; the rest is room for a busy one.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // The HTML report (playwright-report/, `npx playwright show-report`) is written on CI too, so a
  // red run can be read the same way.
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    // The trace of a failed test keeps its steps, their timing, the console and the network, but
    // neither a screenshot nor the DOM of each step: the screenshots took a tenth of the suite's
    // time, the DOM snapshots a seventh of the machine's CPU in the flows (15 tests: 102 s with
    // them, 88 s without). The failure's own screenshot is kept below, and the server's log.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'UTC',
  },
  projects: [
    // The flows do not change with the viewport, so they run once, on the Pixel; what the screen
    // size can break (layout, icon sizes, page width, focus in sheets, every language's text)
    // runs on the narrower iPhone as well; the axe walks run on the iPhone only.
    {
      name: 'pixel',
      testIgnore: PHONE_IGNORES,
      grepInvert: [new RegExp(NARROW_PHONE), new RegExp(FULL_BROWSER)],
      use: { ...devices['Pixel 7'], ...WITHOUT_WORKER, browserName: 'chromium', launchOptions: headlessShellLaunch },
    },
    {
      name: 'pixel-browser',
      testMatch: FULL_BROWSER_SPECS,
      grep: new RegExp(FULL_BROWSER),
      // Three tests: one worker, one full browser to start.
      workers: 1,
      grepInvert: new RegExp(NARROW_PHONE),
      use: { ...devices['Pixel 7'], browserName: 'chromium', launchOptions: chromiumLaunch },
    },
    {
      name: 'iphone',
      testMatch: VIEWPORT_SPECS,
      // Its few tests on one worker, beside the other projects' on the rest: each worker of a
      // project is a Node process and a browser of its own to start (3 s of CPU or so).
      workers: 1,
      grepInvert: new RegExp(ONE_PHONE),
      use: { ...devices['iPhone 14'], ...WITHOUT_WORKER, browserName: 'chromium', launchOptions: headlessShellLaunch },
    },
    {
      name: 'console',
      testDir: './e2e/console',
      // As the iPhone's: three tests, one worker.
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        ...WITHOUT_WORKER,
        browserName: 'chromium',
        launchOptions: headlessShellLaunch,
      },
    },
    ...webkitProjects,
  ],
});
