import { chromium, devices, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunch } from '../e2e/browser';

const DEMO = { account: 'demo', password: 'Demo12345' };
const SETTLE_MS = 500;

declare global {
  interface Window {
    /** The start of the first frame with a figure in the balance on screen, painted copy or React's. */
    balanceFrameAt?: number;
    /** The start of the first frame with React's own Home and its balance, the copy gone. */
    reactFrameAt?: number;
  }
}

/**
 * Records, inside the page, the frames that matter: timing from the test's side would add a
 * round trip to the throttled page to every reading. A string, so that no build step can wrap it
 * in helpers the page does not have.
 */
const WATCH_FOR_BALANCE = `(() => {
  const hasFigure = (selector) => /\\d/.test(document.querySelector(selector)?.textContent ?? '');
  const observer = new MutationObserver(() => {
    const copyShown = hasFigure('#home-snapshot .balance-figure');
    const reactShown = !document.getElementById('home-snapshot') && hasFigure('[data-testid="balance"]');
    if (window.balanceFrameAt === undefined && (copyShown || reactShown)) {
      window.balanceFrameAt = -1;
      requestAnimationFrame((at) => (window.balanceFrameAt = at));
    }
    if (window.reactFrameAt === undefined && reactShown) {
      window.reactFrameAt = -1;
      observer.disconnect();
      requestAnimationFrame((at) => (window.reactFrameAt = at));
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

export interface OfflineReopen {
  /** Navigation start to the first frame with the balance: the app. */
  app: number[];
  /** Navigation start to React's own Home with its balance on screen. */
  react: number[];
  /** The same for a static page with the same figure, served by the same worker. */
  floor: number[];
}

/** The worker's precached index.html: what it answers every navigation with. */
async function swapShell(page: Page, html: string): Promise<string> {
  return page.evaluate(async (replacement) => {
    const name = (await caches.keys()).find((candidate) => candidate.startsWith('workbox-precache'));
    if (!name) throw new Error('no precache');
    const cache = await caches.open(name);
    const key = (await cache.keys()).find((request) => new URL(request.url).pathname === '/index.html');
    if (!key) throw new Error('index.html is not precached');
    const previous = await (await cache.match(key))?.text();
    await cache.put(key, new Response(replacement, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
    return previous ?? '';
  }, html);
}

/**
 * The floor: a static page that has the painted copy of Home in its markup, with the app's own
 * stylesheet, and nothing to run.
 */
async function floorPage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const snapshot = JSON.parse(localStorage.getItem('homeSnapshot') ?? 'null') as { html: string } | null;
    if (!snapshot) throw new Error('no snapshot of Home was taken');
    const styles = [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.outerHTML).join('');
    const theme = document.documentElement.dataset.theme ?? 'subject1';
    return (
      `<!doctype html><html lang="${document.documentElement.lang}" data-theme="${theme}"><head>` +
      '<meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">' +
      `${styles}</head><body><div id="home-snapshot">${snapshot.html}</div></body></html>`
    );
  });
}

async function reopenOnce(context: BrowserContext): Promise<{ balance: number; react: number | null }> {
  const reopened = await context.newPage();
  try {
    await reopened.addInitScript(WATCH_FOR_BALANCE);
    const cdp = await context.newCDPSession(reopened);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await reopened.goto('/');
    await reopened.waitForFunction(() => (window.balanceFrameAt ?? -1) >= 0);
    const balance = await reopened.evaluate(() => window.balanceFrameAt ?? 0);
    if (process.env.BENCH_DEBUG)
      console.log(
        JSON.stringify(
          await reopened.evaluate(() => ({
            nav: performance
              .getEntriesByType('navigation')
              .map((e) => [
                Math.round((e as PerformanceNavigationTiming).workerStart),
                Math.round((e as PerformanceNavigationTiming).responseEnd),
                Math.round((e as PerformanceNavigationTiming).domInteractive),
              ]),
            res: performance
              .getEntriesByType('resource')
              .slice(0, 8)
              .map((e) => [
                e.name.split('/').pop(),
                Math.round(e.startTime),
                Math.round((e as PerformanceResourceTiming).responseEnd),
              ]),
            paint: performance.getEntriesByType('paint').map((e) => [e.name, Math.round(e.startTime)]),
            balance: Math.round(window.balanceFrameAt ?? 0),
          })),
        ),
      );
    const hasApp = await reopened.evaluate(() => document.getElementById('root') !== null);
    if (!hasApp) return { balance: Math.round(balance), react: null };
    await reopened.waitForFunction(() => (window.reactFrameAt ?? -1) >= 0);
    const react = await reopened.evaluate(() => window.reactFrameAt ?? 0);
    return { balance: Math.round(balance), react: Math.round(react) };
  } finally {
    await reopened.close();
    // The closed page's renderer winds down on the same two cores: let it, so that it never
    // lands on the next reading.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  }
}

/**
 * Offline reopen on the Pixel 7 viewport with the CPU slowed 4×: sign in once online, then, in
 * alternating rounds, reopen the app offline and open the floor page offline, `runs` times each.
 */
export async function measureOfflineReopen(baseUrl: string, runs = 7): Promise<OfflineReopen> {
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
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="balance"]')?.textContent ?? ''));
    await page.waitForFunction(async () => {
      const cache = await caches.open('wallet-reads-v1');
      return (await cache.keys()).length > 0 && localStorage.getItem('homeSnapshot') !== null;
    });
    const floor = await floorPage(page);
    const shell = await swapShell(page, floor);
    await swapShell(page, shell);

    await context.setOffline(true);
    const result: OfflineReopen = { app: [], react: [], floor: [] };
    for (let run = 0; run < runs; run += 1) {
      const app = await reopenOnce(context);
      result.app.push(app.balance);
      result.react.push(app.react ?? 0);
      await swapShell(page, floor);
      result.floor.push((await reopenOnce(context)).balance);
      await swapShell(page, shell);
    }
    return result;
  } finally {
    await browser.close();
  }
}
