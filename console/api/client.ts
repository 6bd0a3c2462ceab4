import ky from 'ky';
import type { ConsoleCallPath, ConsoleCallRequest, ConsoleCallResponse } from '../../contract/console';
import { ResultCode, isEnvelope, type Envelope, type InvalidFieldData } from '../../contract/envelope';
import { languageAtom } from '../state/language';
import { csrfAtom, sessionStateAtom } from '../state/session';
import { store } from '../state/store';
import { NetworkFailure, ServerRefusal, SignedOut } from '../../web-kit/lib/failures';
import { CONSOLE_API_PREFIX, CSRF_FREE_CALLS, CSRF_HEADER } from './wire';
import { formBody } from '../../web-kit/lib/form-body';

/**
 * The console's one HTTP client: every call is a POST of a form to /api/console/<path>, with the
 * session cookie (same origin only) and the `{ code, msg, data }` envelope back. Envelope codes are
 * read whatever the HTTP status, so a 4xx that carries one still shows the server's words.
 */
const http = ky.create({
  prefixUrl: CONSOLE_API_PREFIX,
  method: 'post',
  credentials: 'same-origin',
  timeout: 30_000,
  retry: 0,
  throwHttpErrors: false,
});

/** The session is over: back to sign-in, saying why if this page had one. */
export function endSession(): void {
  const ended = store.get(sessionStateAtom).status === 'signed-in';
  store.set(sessionStateAtom, { status: 'signed-out', ended });
}

async function post(path: ConsoleCallPath, fields: object): Promise<Envelope> {
  const headers: Record<string, string> = {};
  if (!CSRF_FREE_CALLS.includes(path)) {
    const csrf = store.get(csrfAtom);
    if (!csrf) throw new SignedOut('no session');
    headers[CSRF_HEADER] = csrf;
  }
  try {
    const response = await http(path, { body: formBody(fields, store.get(languageAtom).wire), headers });
    const payload: unknown = await response.json();
    if (isEnvelope(payload)) return payload;
    throw new NetworkFailure(`HTTP ${response.status} without an envelope`);
  } catch (error) {
    throw error instanceof NetworkFailure ? error : new NetworkFailure(String(error));
  }
}

/**
 * One console call. 200 gives `data`; -1 ends the session (the sign-in screen replaces the page)
 * and rejects with SignedOut; any other code rejects with the server's message for the page to
 * show beside what the operator was doing.
 */
export async function call<P extends ConsoleCallPath>(
  path: P,
  fields: ConsoleCallRequest<P>,
): Promise<ConsoleCallResponse<P>> {
  const envelope = await post(path, fields);
  if (envelope.code === ResultCode.ok) return (envelope.data ?? {}) as ConsoleCallResponse<P>;
  // A refused sign-in is an answer about the form, not about a session.
  if (envelope.code === ResultCode.signedOut && path !== 'auth/login') {
    endSession();
    throw new SignedOut(envelope.msg);
  }
  const field = envelope.code === ResultCode.invalid ? (envelope.data as InvalidFieldData | null)?.field : undefined;
  throw new ServerRefusal(envelope.code, envelope.msg, field);
}
