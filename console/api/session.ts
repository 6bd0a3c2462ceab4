import type { ConsoleSession } from '../../contract/console';
import { sessionStateAtom } from '../state/session';
import { store } from '../state/store';
import { call } from './client';
import { SignedOut } from '../../web-kit/lib/failures';

function begin(session: ConsoleSession): void {
  store.set(sessionStateAtom, { status: 'signed-in', session });
}

/** At start: the cookie may still hold a session. A -1 answer shows sign-in (the client does it). */
export async function resumeSession(): Promise<void> {
  try {
    begin(await call('auth/session', {}));
  } catch (error) {
    // Nothing to resume, or no answer: sign-in either way; a sign-in will tell which.
    if (!(error instanceof SignedOut)) store.set(sessionStateAtom, { status: 'signed-out', ended: false });
  }
}

export async function signIn(name: string, password: string, code: string): Promise<void> {
  begin(await call('auth/login', { name, password, code }));
}

/** Completes an enrolment link: the answer is the new operator's first session. */
export async function enrol(token: string, newPassword: string, code: string): Promise<void> {
  begin(await call('enrol/finish', { token, new_password: newPassword, code }));
}

/** The answer is a fresh session (and CSRF token) whose operator may now open everything. */
export async function changePassword(password: string, newPassword: string): Promise<void> {
  begin(await call('auth/password', { password, new_password: newPassword }));
}

/** Ends the session on the server first: a sign-out that did not reach it would leave the cookie live. */
export async function signOut(): Promise<void> {
  try {
    await call('auth/logout', {});
  } catch (error) {
    if (!(error instanceof SignedOut)) throw error;
  }
  store.set(sessionStateAtom, { status: 'signed-out', ended: false });
}
