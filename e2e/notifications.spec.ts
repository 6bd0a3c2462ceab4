import { createHash } from 'node:crypto';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { PushNotice } from '../contract/push';
import { FULL_BROWSER, expect, expectAccessible, hashOf, openSignedIn, registerCustomer, test } from './fixtures';

/**
 * Push notices in the browser. Chromium here reaches no push service, so a real subscription
 * cannot be made: the screen's part is checked up to the browser's refusal, and the worker's part
 * by handing it a push through the DevTools protocol, as a push service would.
 */
test.skip(({ browserName }) => browserName !== 'chromium', 'the DevTools protocol is Chromium’s');

async function workerOf(page: Page, context: BrowserContext): Promise<Worker> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  return worker;
}

/** Delivers `data` to the worker as a push message (DevTools: Application → Push). */
async function pushTo(page: Page, context: BrowserContext, data: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId, data });
  await cdp.detach();
}

async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((shown) => ({
      title: shown.title,
      body: shown.body,
      tag: shown.tag,
      data: shown.data as unknown,
    }));
  });
}

test(
  'the switch asks for the permission only when turned on, and says when this browser cannot subscribe',
  { tag: FULL_BROWSER },
  async ({ page, context }) => {
    const customer = await registerCustomer();
    await openSignedIn(page, customer, '/pages/mine/mine');
    await page.getByRole('link', { name: 'Notifications' }).click();
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await workerOf(page, context);
    const toggle = page.getByRole('switch', { name: 'Order notifications' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(toggle).toBeEnabled();
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await expectAccessible(page);

    await context.grantPermissions(['notifications']);
    await toggle.click();
    await expect(page.getByRole('alert')).toContainText('Notifications could not be turned on on this device.');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expectAccessible(page);
  },
);

test(
  'the worker shows a notice of a live session, counts it on the badge, opens its screen, and shows nothing once signed out',
  { tag: FULL_BROWSER },
  async ({ page, context }) => {
    const customer = await registerCustomer();
    await openSignedIn(page, customer, '/pages/mine/mine');
    const worker = await workerOf(page, context);
    await context.grantPermissions(['notifications']);
    // The Badging API, watched: every count the worker sets (0 when it clears).
    await worker.evaluate(() => {
      const seen: number[] = [];
      Object.assign(self, { badges: seen });
      Object.assign(self.navigator, {
        setAppBadge: async (count: number) => void seen.push(count),
        clearAppBadge: async () => void seen.push(0),
      });
    });
    const badges = () => worker.evaluate(() => (self as unknown as { badges: number[] }).badges);

    const notice: PushNotice = {
      title: 'Withdrawal paid',
      body: 'Your withdrawal of 300.00 USDT was paid out.',
      url: '/#/pages/mine/records',
      tag: 'withdraw-41',
      session: createHash('sha256').update(customer.token).digest('hex'),
    };
    await pushTo(page, context, JSON.stringify(notice));
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([{ title: notice.title, body: notice.body, tag: notice.tag, data: { url: notice.url } }]);
    // The worker counts the notice once it is shown: on a busy machine the test can look in between.
    await expect.poll(() => badges()).toEqual([1]);

    // A tap: the open window goes to the notice's screen.
    await worker.evaluate(async () => {
      // The worker's own globals, which the page's typings do not know.
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [shown] = await scope.registration.getNotifications();
      if (!shown) throw new Error('nothing shown');
      self.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown }));
    });
    await expect.poll(() => hashOf(page)).toBe('#/pages/mine/records');
    await expect(page.getByRole('heading', { name: 'Withdrawal records', level: 1 })).toBeVisible();
    await expect.poll(() => shownNotifications(page)).toEqual([]);

    // Opening the app again reads what the badge counted.
    await page.reload();
    await expect.poll(badges).toEqual([1, 0]);

    await page.goto('/#/pages/mine/mine');
    await page.getByTestId('logout').click();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await pushTo(page, context, JSON.stringify({ ...notice, tag: 'withdraw-42' }));
    await page.waitForTimeout(500);
    expect(await shownNotifications(page)).toEqual([]);
    expect(await badges()).toEqual([1, 0]);
  },
);
