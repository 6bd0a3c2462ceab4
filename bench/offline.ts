import { chromium, devices, type Page } from '@playwright/test';
import { chromiumLaunch } from '../e2e/browser';

const DEMO = { account: 'demo', password: 'Demo12345' };

async function balanceShown(page: Page): Promise<void> {
  await page.waitForFunction(
    () => /\d/.test(document.querySelector('[data-testid="balance"]')?.textContent ?? ''),
    null,
    {
      polling: 'raf',
    },
  );
}

declare global {
  interface Window {
    balanceFrameAt?: number;
  }
}

/**
 * Records, inside the page, the start of the first frame after a figure entered the balance:
 * timing from the test's side would add a round trip to the throttled page to every reading.
 */
function watchForBalance(): void {
  const observer = new MutationObserver(() => {
    if (!/\d/.test(document.querySelector('[data-testid="balance"]')?.textContent ?? '')) return;
    observer.disconnect();
    requestAnimationFrame((frameStart) => {
      window.balanceFrameAt = frameStart;
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Navigation start to the first frame with the cached balance, offline, on the Pixel 7 viewport
 * with the CPU slowed 4×: sign in once online, then reopen the app offline `runs` times.
 */
export async function measureOfflineReopen(baseUrl: string, runs = 5): Promise<number[]> {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: baseUrl });
    const page = await context.newPage();
    await page.goto('/#/pages/login/login');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByLabel('Account').fill(DEMO.account);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await balanceShown(page);
    await page.waitForFunction(async () => {
      const cache = await caches.open('wallet-reads-v1');
      return (await cache.keys()).length > 0;
    });

    await context.setOffline(true);
    const timings: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const reopened = await context.newPage();
      await reopened.addInitScript(watchForBalance);
      const cdp = await context.newCDPSession(reopened);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await reopened.goto('/');
      const frameAt = await reopened.waitForFunction(() => window.balanceFrameAt ?? false);
      timings.push(Math.round(Number(await frameAt.jsonValue())));
      await reopened.close();
    }
    return timings;
  } finally {
    await browser.close();
  }
}
