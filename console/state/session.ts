import { atom } from 'jotai';
import type { ConsoleSession } from '../../contract/console';

/**
 * Where the operator stands. `checking` until `auth/session` answers at start; `ended` says the
 * server ended a session this page had (idle time, sign-out elsewhere), so sign-in explains why.
 */
export type SessionState =
  { status: 'checking' } | { status: 'signed-out'; ended: boolean } | { status: 'signed-in'; session: ConsoleSession };

export const sessionStateAtom = atom<SessionState>({ status: 'checking' });

/** The session's CSRF token, sent as a header on every call but sign-in and the session read. */
export const csrfAtom = atom((get) => {
  const state = get(sessionStateAtom);
  return state.status === 'signed-in' ? state.session.csrf : null;
});
