import type { AuthResult } from '../../contract/responses';
import { navigate } from '../../web-kit/lib/hash-location';
import { dropHomeSnapshot } from '../state/home-snapshot';
import { sessionAtom } from '../state/session';
import { store } from '../state/store';
import { markSessionLive, purgeAllCachedReads, purgeCachedReads } from './offline-cache';
import { PATHS } from '../lib/paths';

export const HOME_PATH = '/';

/**
 * Drops every cached read in memory. SWR is loaded on demand: the sign-in screens never need it,
 * and when it was never loaded there is nothing cached to drop.
 */
function forgetAllReads(): void {
  void import('./swr').then((reads) => reads.forgetAllReads());
}

/**
 * Unsubscribes this browser from push notices, whichever session made the subscription: the one
 * that ends, or, at a sign-in, an earlier one (another customer's, maybe). Loaded on demand, like
 * the reads above.
 */
function dropDeviceNotices(): void {
  void import('./push').then((push) => push.dropDeviceNotices()).catch(() => undefined);
}

/**
 * Signed in: keep user + token, drop anything kept for someone else or for the session this one
 * replaces (this browser's push subscription included: it was made for another session), relaunch
 * at Home.
 */
export function startSession(result: AuthResult): void {
  const previous = store.get(sessionAtom);
  if (previous && previous.token !== result.token) void purgeCachedReads(previous.token);
  dropDeviceNotices();
  if (previous && previous.id !== result.user.id) {
    forgetAllReads();
    dropHomeSnapshot();
  }
  void markSessionLive(result.token);
  store.set(sessionAtom, { ...result.user, token: result.token });
  navigate(HOME_PATH, { replace: true });
}

/**
 * Signed out, by the customer or by the server (-1): forget the session and every figure kept
 * for it, in memory and in the service worker, stop its push notices, then relaunch at login.
 */
export function endSession(): void {
  const previous = store.get(sessionAtom);
  if (previous) void purgeCachedReads(previous.token);
  dropDeviceNotices();
  dropHomeSnapshot();
  store.set(sessionAtom, null);
  forgetAllReads();
  navigate(PATHS.login, { replace: true });
}

/**
 * The app starts with nobody signed in: whatever a past session left on this device (the
 * worker's cached statistics, the copy of Home) goes, even if its sign-out never reached them.
 */
export function clearSignedOutDevice(): void {
  void purgeAllCachedReads();
  dropHomeSnapshot();
}

/**
 * The app starts signed in: the session is marked again, since a build before the marks never
 * wrote one and the worker keeps nothing for an unmarked session.
 */
export function resumeSession(token: string): void {
  void markSessionLive(token);
}
