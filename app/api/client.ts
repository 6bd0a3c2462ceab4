import ky from 'ky';
import type { CallPath, CallRequest } from '../../contract/calls';
import { ResultCode, isEnvelope, type Envelope } from '../../contract/envelope';
import { CACHED_AT_HEADER, isAction, isCachedRead } from '../../contract/offline';
import type { CallResponse } from '../../contract/responses';
import { API_PREFIX, PUBLIC_CALLS } from '../../contract/rules';
import { activeLanguageAtom } from '../state/language';
import {
  isBrowserOffline,
  isKnownOffline,
  reportRequestFailed,
  reportRequestReached,
  reportServedFromCache,
} from '../state/network';
import { sessionAtom } from '../state/session';
import { store } from '../state/store';
import { showToast } from '../state/toast';
import { ServerRefusal, NetworkFailure } from '../../web-kit/lib/failures';
import { formBody } from '../../web-kit/lib/form-body';

export interface CallOptions {
  /** Do not toast the server's message. */
  silent?: boolean;
  signal?: AbortSignal;
}

type SignOutHandler = () => void;
let onSignedOut: SignOutHandler = () => undefined;

/** The shell says what "signed out" means (clear session, purge caches, relaunch at login). */
export function setSignOutHandler(handler: SignOutHandler): void {
  onSignedOut = handler;
}

const REQUEST_TIMEOUT_MS = 60_000;

const http = ky.create({ timeout: REQUEST_TIMEOUT_MS, retry: 0, throwHttpErrors: true });

function isPublic(path: CallPath): boolean {
  return (PUBLIC_CALLS as readonly string[]).includes(path);
}

function never<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}

/**
 * The envelope rules. 200 gives `data` (or `{}`). -1 signs the customer out and the call never
 * settles: the page that made it is being replaced by login. Any other code is toasted unless the
 * call is silent, and rejects with ServerRefusal, so the caller can recover (the original app left
 * such calls pending; every screen here recovers instead).
 */
export function settle<T>(envelope: Envelope, options: CallOptions): Promise<T> {
  if (envelope.code === ResultCode.ok) return Promise.resolve((envelope.data ?? {}) as T);
  if (envelope.code === ResultCode.signedOut) {
    onSignedOut();
    return never<T>();
  }
  if (!options.silent && envelope.msg) showToast(envelope.msg);
  return Promise.reject(new ServerRefusal(envelope));
}

async function send(path: string, body: URLSearchParams | FormData, token: string | undefined, options: CallOptions) {
  const { signal } = options;
  try {
    const response = await http.post(path, {
      body,
      headers: token ? { 'access-token': token } : {},
      ...(signal ? { signal } : {}),
    });
    const payload: unknown = await response.json();
    if (!isEnvelope(payload)) throw new NetworkFailure('malformed answer');
    const cachedAt = response.headers.get(CACHED_AT_HEADER);
    if (cachedAt) reportServedFromCache(cachedAt);
    else reportRequestReached();
    return payload;
  } catch (error) {
    if (signal?.aborted) throw error;
    reportRequestFailed();
    if (!options.silent) showToast({ message: 'network-error' });
    throw error instanceof NetworkFailure ? error : new NetworkFailure(String(error));
  }
}

let probing: Promise<unknown> | null = null;

/**
 * The app thinks it is offline only from evidence (a failed request, a cached answer) while the
 * browser says it is online: one quiet read finds out, so the next try goes through once the
 * network is back.
 */
function probeNetwork(token: string | undefined): void {
  if (probing || !token || isBrowserOffline()) return;
  const body = formBody({}, store.get(activeLanguageAtom).wire);
  probing = send(`${API_PREFIX}userinfo/get-info`, body, token, { silent: true })
    .catch(() => undefined)
    .finally(() => {
      probing = null;
    });
}

/**
 * Offline, an action (above all anything that moves money) is refused at once rather than tried
 * or queued. Reads go on: the worker answers the statistics from its cache, and any other read is
 * itself the check whether the network is back.
 */
function refuseOffline(path: CallPath, token: string | undefined, options: CallOptions): void {
  const offline = isAction(path) ? isKnownOffline() : isBrowserOffline() && !isCachedRead(path);
  if (!offline) return;
  if (!options.silent) showToast({ message: 'offline-action' });
  probeNetwork(token);
  throw new NetworkFailure('offline');
}

/** One API call: POST, form-encoded, `lang` added, the access token unless the call is public. */
export async function call<P extends CallPath>(
  path: P,
  fields: CallRequest<P>,
  options: CallOptions = {},
): Promise<CallResponse<P>> {
  const session = store.get(sessionAtom);
  if (!isPublic(path) && !session) {
    onSignedOut();
    return never();
  }
  refuseOffline(path, session?.token, options);
  const body = formBody(fields, store.get(activeLanguageAtom).wire);
  const envelope = await send(`${API_PREFIX}${path}`, body, isPublic(path) ? undefined : session?.token, options);
  return settle<CallResponse<P>>(envelope, options);
}

/** The multipart upload: `lang`, then a file field named `file`. */
export async function uploadFile(file: Blob, options: CallOptions = {}): Promise<CallResponse<'attach/upload'>> {
  const session = store.get(sessionAtom);
  if (!session) {
    onSignedOut();
    return never();
  }
  refuseOffline('attach/upload', session.token, options);
  const body = new FormData();
  body.set('lang', store.get(activeLanguageAtom).wire);
  body.set('file', file);
  const envelope = await send(`${API_PREFIX}attach/upload`, body, session.token, options);
  return settle<CallResponse<'attach/upload'>>(envelope, options);
}
