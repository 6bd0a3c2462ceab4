import { KEY_PREFIX } from '../contract/offline';
import { isNoticeUrl, isPushNotice, type PushNotice } from '../contract/push';
import { SESSIONS_CACHE, sessionMarkUrl } from '../web-kit/session/marks';

/** The part of Cache Storage the notices use. */
export interface NoticeStorage {
  open(name: string): Promise<{
    match(request: RequestInfo): Promise<Response | undefined>;
    put(request: RequestInfo, response: Response): Promise<void>;
  }>;
}

/** How many outcomes arrived since the customer last opened the app; a worker may be stopped any time. */
const UNREAD_CACHE = 'wallet-unread-v1';

/** The notice a push carries, or undefined for anything that is not one of ours. */
export function readNotice(text: string | undefined): PushNotice | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isPushNotice(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the page still marks the notice's session live on this device (not signed out). */
export async function isForLiveSession(storage: NoticeStorage, origin: string, notice: PushNotice): Promise<boolean> {
  const marks = await storage.open(SESSIONS_CACHE);
  return (await marks.match(sessionMarkUrl(origin, notice.session))) !== undefined;
}

/**
 * The count of unread outcomes behind the app badge (the Badging API, where the browser has it).
 * Kept in Cache Storage, since the worker is stopped between pushes; one change at a time.
 */
export function unreadCount(storage: NoticeStorage, origin: string, showBadge: (count: number) => Promise<void>) {
  const key = `${origin}${KEY_PREFIX}unread`;
  let changes = Promise.resolve();
  const change = (next: (count: number) => number) => {
    changes = changes.then(async () => {
      const cache = await storage.open(UNREAD_CACHE);
      const stored = Number.parseInt((await (await cache.match(key))?.text()) ?? '0', 10);
      const count = next(Number.isSafeInteger(stored) && stored > 0 ? stored : 0);
      await cache.put(key, new Response(String(count)));
      await showBadge(count);
    });
    return changes;
  };
  return {
    add: () => change((count) => count + 1),
    clear: () => change(() => 0),
  };
}

export interface NoticeDeps {
  storage: NoticeStorage;
  origin: string;
  show(title: string, options: NotificationOptions): Promise<void>;
  unread: ReturnType<typeof unreadCount>;
}

/**
 * A push arrived: the notice is shown, and counted on the badge, only while its session is live
 * here. A device signed out (or signed in as someone else since) shows nothing.
 */
export async function receivePush(text: string | undefined, deps: NoticeDeps): Promise<boolean> {
  const notice = readNotice(text);
  if (!notice || !(await isForLiveSession(deps.storage, deps.origin, notice))) return false;
  await deps.show(notice.title, {
    body: notice.body,
    tag: notice.tag,
    icon: '/icons/icon-192.png',
    data: { url: notice.url },
  });
  await deps.unread.add();
  return true;
}

/** The part of a window client the tap uses. */
export interface WindowLike {
  url: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
  navigate(url: string): Promise<WindowLike | null>;
  focus(): Promise<WindowLike>;
}

/** The screen a tapped notification opens: its own, if it names one of ours, else Home. */
export function tapTarget(data: unknown, origin: string): string {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  return new URL(typeof url === 'string' && isNoticeUrl(url) ? url : '/', origin).href;
}

/** The app's window to show the screen in: the focused one, else a visible one, else any. */
export function chooseWindow<W extends WindowLike>(windows: readonly W[], origin: string): W | undefined {
  const ours = windows.filter((window) => new URL(window.url).origin === origin);
  return (
    ours.find((window) => window.focused) ?? ours.find((window) => window.visibilityState === 'visible') ?? ours[0]
  );
}

/**
 * Opens a tapped notification's screen in a window of the app that is open already (moving it
 * there, then to the front), or in a new one.
 */
export async function openTapped(
  target: string,
  windows: readonly WindowLike[],
  origin: string,
  openWindow: (url: string) => Promise<unknown>,
): Promise<void> {
  const open = chooseWindow(windows, origin);
  if (!open) {
    await openWindow(target);
    return;
  }
  const moved = (await open.navigate(target).catch(() => null)) ?? open;
  await moved.focus().catch(() => undefined);
}
