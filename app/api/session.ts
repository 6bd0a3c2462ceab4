import type { AuthResult } from '../../contract/responses';
import { navigate } from '../lib/hash-location';
import { sessionAtom } from '../state/session';
import { store } from '../state/store';

export const LOGIN_PATH = '/pages/login/login';
export const HOME_PATH = '/';

/**
 * Drops every cached read. SWR is loaded on demand: the sign-in screens never need it, and when it
 * was never loaded there is nothing cached to drop.
 */
function forgetAllReads(): void {
  void import('./swr').then((reads) => reads.forgetAllReads());
}

/** Signed in: keep user + token, drop anything cached for someone else, relaunch at Home. */
export function startSession(result: AuthResult): void {
  const previous = store.get(sessionAtom);
  if (previous && previous.id !== result.user.id) forgetAllReads();
  store.set(sessionAtom, { ...result.user, token: result.token });
  navigate(HOME_PATH, { replace: true });
}

/** Signed out, by the customer or by the server (-1): forget the session and what was read. */
export function endSession(): void {
  store.set(sessionAtom, null);
  forgetAllReads();
  navigate(LOGIN_PATH, { replace: true });
}
