import { describe, expect, it, vi } from 'vitest';
import { tokenHash } from '../contract/offline';
import type { PushNotice } from '../contract/push';
import { SESSIONS_CACHE, sessionMarkUrl } from '../web-kit/session/marks';
import {
  chooseWindow,
  openTapped,
  readNotice,
  receivePush,
  tapTarget,
  unreadCount,
  type NoticeStorage,
  type WindowLike,
} from './notices';

const origin = 'https://wallet.example';

/** Cache Storage as text entries per cache name. */
function fakeStorage() {
  const caches = new Map<string, Map<string, string>>();
  const entries = (name: string): Map<string, string> => {
    const found = caches.get(name) ?? new Map<string, string>();
    caches.set(name, found);
    return found;
  };
  const url = (request: RequestInfo) => (typeof request === 'string' ? request : request.url);
  const storage: NoticeStorage = {
    open: async (name) => ({
      match: async (request) => {
        const text = entries(name).get(url(request));
        return text === undefined ? undefined : new Response(text);
      },
      put: async (request, response) => {
        entries(name).set(url(request), await response.text());
      },
    }),
  };
  return { storage, entries };
}

async function noticeFor(token: string, overrides: Partial<PushNotice> = {}): Promise<PushNotice> {
  return {
    title: 'Sale completed',
    body: 'Your sale of 20.00 USDT is complete.',
    url: '/#/pages/orders/orders',
    tag: 'sale_order-7',
    session: await tokenHash(token),
    ...overrides,
  };
}

describe('readNotice', () => {
  it('reads a notice of ours and nothing else', async () => {
    const notice = await noticeFor('alice');
    expect(readNotice(JSON.stringify(notice))).toEqual(notice);
    expect(readNotice(undefined)).toBeUndefined();
    expect(readNotice('not json')).toBeUndefined();
    expect(readNotice(JSON.stringify({ ...notice, session: 'alice' }))).toBeUndefined();
    for (const url of ['https://evil.example/#/pages/orders/orders', 'javascript:alert(1)', '//evil.example', '/']) {
      expect(readNotice(JSON.stringify({ ...notice, url })), url).toBeUndefined();
    }
  });
});

describe('receivePush', () => {
  function deps(storage: NoticeStorage) {
    const shown: { title: string; options: NotificationOptions }[] = [];
    const badges: number[] = [];
    return {
      shown,
      badges,
      deps: {
        storage,
        origin,
        show: async (title: string, options: NotificationOptions) => {
          shown.push({ title, options });
        },
        unread: unreadCount(storage, origin, async (count) => {
          badges.push(count);
        }),
      },
    };
  }

  it('shows the notice of a session live on this device, and counts it on the badge', async () => {
    const { storage, entries } = fakeStorage();
    const notice = await noticeFor('alice');
    entries(SESSIONS_CACHE).set(sessionMarkUrl(origin, notice.session), '');
    const { shown, badges, deps: given } = deps(storage);
    expect(await receivePush(JSON.stringify(notice), given)).toBe(true);
    expect(await receivePush(JSON.stringify({ ...notice, tag: 'recharge-3' }), given)).toBe(true);
    expect(shown[0]).toEqual({
      title: 'Sale completed',
      options: {
        body: 'Your sale of 20.00 USDT is complete.',
        tag: 'sale_order-7',
        icon: '/icons/icon-192.png',
        data: { url: '/#/pages/orders/orders' },
      },
    });
    expect(badges).toEqual([1, 2]);
  });

  it('shows nothing on a device signed out, or signed in as someone else', async () => {
    const { storage, entries } = fakeStorage();
    entries(SESSIONS_CACHE).set(sessionMarkUrl(origin, await tokenHash('bob')), '');
    const { shown, badges, deps: given } = deps(storage);
    expect(await receivePush(JSON.stringify(await noticeFor('alice')), given)).toBe(false);
    expect(await receivePush('{"title":"Hi"}', given)).toBe(false);
    expect(shown).toEqual([]);
    expect(badges).toEqual([]);
  });
});

describe('unreadCount', () => {
  it('keeps its count across workers, one change at a time, until the app clears it', async () => {
    const { storage } = fakeStorage();
    const badges: number[] = [];
    const first = unreadCount(storage, origin, async (count) => {
      badges.push(count);
    });
    await Promise.all([first.add(), first.add(), first.add()]);
    // A worker started afresh reads the stored count.
    const next = unreadCount(storage, origin, async (count) => {
      badges.push(count);
    });
    await next.add();
    await next.clear();
    await next.add();
    expect(badges).toEqual([1, 2, 3, 4, 0, 1]);
  });
});

describe('tapping a notification', () => {
  function window(url: string, state: Partial<WindowLike> = {}) {
    const opened: WindowLike = {
      url,
      focused: false,
      visibilityState: 'hidden',
      navigate: vi.fn(async (to: string) => ({ ...opened, url: to })),
      focus: vi.fn(async () => opened),
      ...state,
    };
    return opened;
  }

  it('targets the notice’s own screen, or Home for anything else', () => {
    expect(tapTarget({ url: '/#/pages/mine/records' }, origin)).toBe(`${origin}/#/pages/mine/records`);
    expect(tapTarget({ url: 'https://evil.example/' }, origin)).toBe(`${origin}/`);
    expect(tapTarget(null, origin)).toBe(`${origin}/`);
  });

  it('picks the app’s focused window, else a visible one, else any of its own', () => {
    const other = window('https://other.example/', { focused: true });
    const hidden = window(`${origin}/#/`);
    const visible = window(`${origin}/#/pages/dating/dating`, { visibilityState: 'visible' });
    const focused = window(`${origin}/#/pages/mine/mine`, { focused: true, visibilityState: 'visible' });
    expect(chooseWindow([other, hidden, visible, focused], origin)).toBe(focused);
    expect(chooseWindow([other, hidden, visible], origin)).toBe(visible);
    expect(chooseWindow([other, hidden], origin)).toBe(hidden);
    expect(chooseWindow([other], origin)).toBeUndefined();
  });

  it('moves an open window to the screen and brings it forward, or opens a new one', async () => {
    const target = `${origin}/#/pages/orders/orders`;
    const open = window(`${origin}/#/`);
    const openWindow = vi.fn(async () => null);
    await openTapped(target, [open], origin, openWindow);
    expect(open.navigate).toHaveBeenCalledWith(target);
    expect(openWindow).not.toHaveBeenCalled();

    await openTapped(target, [], origin, openWindow);
    expect(openWindow).toHaveBeenCalledWith(target);

    // A window the worker may not move (not under its control) is still brought forward.
    const stubborn = window(`${origin}/#/`, { navigate: vi.fn(async () => Promise.reject(new TypeError('no'))) });
    await openTapped(target, [stubborn], origin, openWindow);
    expect(stubborn.focus).toHaveBeenCalled();
  });
});
