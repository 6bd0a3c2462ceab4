import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '../fixtures';
import { startServer, type RunningServer } from '../server';
import { WebKitApp, startWebKit } from './webkit';

export { expect };

/**
 * `expect.poll` asking every 100 ms. A look costs a few WebDriver round trips, and the default
 * back-off (up to a second between looks) kept the tests waiting after the screen was ready.
 */
export function poll<T>(read: () => Promise<T>, options: { message?: string; timeout?: number } = {}) {
  return expect.poll(read, { intervals: [100], ...options });
}

interface WebKitFixtures {
  /** The app in a fresh MiniBrowser session (a profile of its own), at the shared server. */
  webkit: WebKitApp;
  /** A server of this test's own, for tests that stop it; its log joins a failed test's files. */
  ownServer: RunningServer;
}

/**
 * Playwright runs these tests and keeps their report, but the browser is WebKitGTK's MiniBrowser
 * driven through WebDriver (selenium-webdriver), so no test here asks for `page`. What a failed
 * Chromium test leaves (a screenshot, the server's log) a failed test here leaves too, as
 * attachments of the HTML report.
 */
export const test = base.extend<WebKitFixtures>({
  webkit: async ({ baseURL }, use, testInfo) => {
    const session = await startWebKit();
    const version = (await session.driver.getCapabilities()).getBrowserVersion();
    testInfo.annotations.push({ type: 'browser', description: `WebKitGTK ${version ?? '?'} (MiniBrowser)` });
    try {
      await use(new WebKitApp(session.driver, baseURL ?? ''));
    } finally {
      if (testInfo.status !== testInfo.expectedStatus) {
        const shot = await Promise.race([
          session.driver.takeScreenshot().catch(() => undefined),
          new Promise<undefined>((resolve) => setTimeout(resolve, 5000)),
        ]);
        if (shot) await testInfo.attach('screenshot', { body: Buffer.from(shot, 'base64'), contentType: 'image/png' });
        await testInfo.attach('webkit.log', { body: fs.readFileSync(session.logFile), contentType: 'text/plain' });
      }
      await session.close();
    }
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
  ownServer: async ({}, use, testInfo) => {
    const logFile = path.join(os.tmpdir(), `wallet-e2e-own-server-${process.pid}-${testInfo.testId}.log`);
    const server = await startServer({ logFile, env: { LOG_LEVEL: 'info' } });
    try {
      await use(server);
    } finally {
      await server.stop();
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('own-server.log', { body: fs.readFileSync(logFile), contentType: 'text/plain' });
      }
      fs.rmSync(logFile, { force: true });
    }
  },
});
