/**
 * Web Push between the server and the customer's service worker: what one notice carries, and
 * the screens a notice opens. The server encrypts each notice for one browser subscription
 * (RFC 8291); the worker shows it only while the session it names is still marked live on the
 * device (app/api/session-marks.ts), so a signed-out device shows nothing.
 */

/** The JSON the worker receives in a push. */
export interface PushNotice {
  title: string;
  body: string;
  /** The screen about it, as this site's hash route ("/#/pages/orders/orders"). */
  url: string;
  /** One notification per order: a later notice about the same order replaces the one before. */
  tag: string;
  /** SHA-256 hex of the subscribing session's token, as `tokenHash` (offline.ts) computes it. */
  session: string;
}

/**
 * The screens notices open, by the original product's routes. app/lib/paths.ts is where the app
 * keeps every route; the server cannot import the app, so these few are named here as well and a
 * test holds them to app/lib/paths.ts.
 */
export const NOTICE_SCREENS = {
  orders: '/pages/orders/orders',
  fundLog: '/pages/mine/asset-log',
  recharge: '/pages/mine/rechange',
  withdrawalRecords: '/pages/mine/records',
  interestWallet: '/pages/mine/wallet',
} as const;

/** The address a notice's `url` holds for a screen: a hash route on this site. */
export function noticeUrl(screen: string): string {
  return `/#${screen}`;
}

/** A notice may open only a screen of this app: a hash route on this site, nothing else. */
export function isNoticeUrl(url: string): boolean {
  return /^\/#\/pages\/[a-z]+\/[A-Za-z-]+$/.test(url);
}

export function isPushNotice(value: unknown): value is PushNotice {
  if (typeof value !== 'object' || value === null) return false;
  const notice = value as Record<string, unknown>;
  return (
    typeof notice.title === 'string' &&
    typeof notice.body === 'string' &&
    typeof notice.url === 'string' &&
    isNoticeUrl(notice.url) &&
    typeof notice.tag === 'string' &&
    typeof notice.session === 'string' &&
    /^[0-9a-f]{64}$/.test(notice.session)
  );
}
