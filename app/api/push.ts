import { tokenHash, type WorkerMessage } from '../../contract/offline';
import { isStandalone } from '../state/install';
import { activeLanguageAtom } from '../state/language';
import { amountsHiddenAtom } from '../state/privacy';
import { sessionAtom } from '../state/session';
import { readStored, writeStored } from '../state/storage';
import { STORAGE_KEYS } from '../state/storage-keys';
import { store } from '../state/store';
import { call, type CallOptions } from './client';

/**
 * Notices of order outcomes on this device (Web Push): the browser's subscription, made for the
 * signed-in session and stored by the server under that session. One subscription per browser;
 * it belongs to the session that made it, and no other session keeps it (see dropDeviceNotices).
 */

const OWNER_KEY = STORAGE_KEYS.pushSession;
/** How long turning notices on waits for the service worker the app registers once it is idle. */
const WORKER_WAIT_MS = 10_000;

/**
 * Whether this browser can have notices: yes; only once the app is on the Home Screen (an iPhone
 * or iPad, iOS 16.4 or later, in Safari's tab); or not at all.
 */
export type NoticeSupport = 'supported' | 'home-screen' | 'unsupported';

/** An iPhone or iPad (iPadOS says it is a Mac, one with a touch screen). */
export function isAppleMobile(): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  );
}

export function noticeSupport(): NoticeSupport {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported';
  // Safari on iOS offers Web Push only to apps opened from the Home Screen.
  return isAppleMobile() && !isStandalone() ? 'home-screen' : 'unsupported';
}

async function deviceSubscription(): Promise<PushSubscription | null> {
  if (noticeSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function sessionHash(): Promise<string | undefined> {
  const session = store.get(sessionAtom);
  return session ? tokenHash(session.token) : undefined;
}

/**
 * Unsubscribes this browser, so that no notice reaches it any more, whoever it was for: on
 * sign-out (the server deletes that session's subscriptions too) and when anyone signs in (a new
 * session never owns the subscription an earlier one made).
 */
export async function dropDeviceNotices(): Promise<void> {
  writeStored(OWNER_KEY, null);
  // Should the browser fail to let go, the server holds no subscription of a session that ended,
  // and the worker shows nothing for a session that is not live here.
  await (await deviceSubscription())?.unsubscribe().catch(() => false);
}

/** This browser's subscription, if it was made for the signed-in session; any other is dropped. */
async function ownSubscription(): Promise<PushSubscription | null> {
  const subscription = await deviceSubscription();
  if (!subscription) return null;
  const owner = await sessionHash();
  if (owner !== undefined && readStored(OWNER_KEY) === owner) return subscription;
  await dropDeviceNotices();
  return null;
}

/** Whether this device gets notices for the signed-in session. */
export async function noticesOn(): Promise<boolean> {
  return (await ownSubscription()) !== null;
}

/** Stores the subscription on the server with the language and hide-amounts choice of now. */
async function register(subscription: PushSubscription, options: CallOptions = {}): Promise<void> {
  const { p256dh = '', auth = '' } = subscription.toJSON().keys ?? {};
  await call(
    'push/subscribe',
    {
      endpoint: subscription.endpoint,
      p256dh,
      auth,
      hide_amounts: store.get(amountsHiddenAtom) ? '1' : '0',
    },
    options,
  );
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  return current !== null && new Uint8Array(current).every((byte, index) => byte === key[index]);
}

async function readyWorker(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no service worker')), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What turning notices on came to. */
export type TurnOnResult = 'on' | 'denied' | 'dismissed' | 'failed';

/**
 * Turns notices on: asks for the permission first (Safari grants it only in answer to the tap
 * itself, so nothing is awaited before), subscribes the browser with the server's key, then
 * stores the subscription on the server. A server refusal (toasted by the client) undoes the
 * browser's subscription and rejects.
 */
export async function turnNoticesOn(serverKey: string): Promise<TurnOnResult> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const owner = await sessionHash();
  if (owner === undefined) return 'failed';
  let subscription: PushSubscription;
  try {
    const registration = await readyWorker();
    const key = bytesOf(serverKey);
    // A subscription made with another key (the server's keys were replaced) cannot be reused.
    const existing = await registration.pushManager.getSubscription();
    const reusable = existing !== null && sameKey(existing, key) ? existing : null;
    if (existing && !reusable) await existing.unsubscribe();
    subscription =
      reusable ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  } catch {
    // No push service reachable, or the browser refused: nothing changed on the server.
    return 'failed';
  }
  try {
    await register(subscription);
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  writeStored(OWNER_KEY, owner);
  return 'on';
}

/**
 * Turns notices off on this device: the server forgets the subscription (when it can be reached)
 * and the browser drops it, so nothing arrives either way.
 */
export async function turnNoticesOff(): Promise<void> {
  const subscription = await ownSubscription();
  if (!subscription) return;
  try {
    await call('push/unsubscribe', { endpoint: subscription.endpoint }, { silent: true });
  } catch {
    // Unreachable: the browser's unsubscribe below ends the endpoint, and the server deletes the
    // subscription at its next notice, which the push service answers "gone".
  }
  await dropDeviceNotices();
}

/**
 * Sends this device's subscription again, if notices are on: when the app opens (the browser may
 * have renewed the subscription since) and when the customer changes language or hides amounts,
 * so that the server's notices follow. Quiet: it is nobody's action, and the next try mends it.
 */
export async function followNoticeChoices(): Promise<void> {
  const subscription = await ownSubscription();
  if (subscription) await register(subscription, { silent: true }).catch(() => undefined);
}

/**
 * The customer has the app open, so no outcome is unread any more: the app badge clears, and the
 * worker starts its count again (it keeps the count, since it sets the badge as pushes arrive).
 */
async function clearUnread(): Promise<void> {
  if ('clearAppBadge' in navigator) await navigator.clearAppBadge().catch(() => undefined);
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  registration?.active?.postMessage({ type: 'CLEAR_BADGE' } satisfies WorkerMessage);
}

/**
 * From start-up on (main.tsx loads this once the first screen is idle): the app being opened, or
 * shown again, clears the badge; and this device's subscription is sent again now and whenever
 * the session, the language or the hide-amounts choice changes.
 */
export function watchNotices(): void {
  const opened = () => {
    if (document.visibilityState === 'visible') void clearUnread();
  };
  opened();
  document.addEventListener('visibilitychange', opened);

  const choices = () =>
    `${store.get(sessionAtom)?.token ?? ''} ${store.get(activeLanguageAtom).wire} ${store.get(amountsHiddenAtom)}`;
  let followed = choices();
  const follow = () => {
    if (choices() === followed) return;
    followed = choices();
    void followNoticeChoices();
  };
  for (const atom of [sessionAtom, activeLanguageAtom, amountsHiddenAtom]) store.sub(atom, follow);
  void followNoticeChoices();
}
