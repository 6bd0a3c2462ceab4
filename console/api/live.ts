import type { ConsoleLiveEvent } from '../../contract/console';
import type { LiveStatus } from '../state/live';
import { CONSOLE_LIVE_PATH } from './wire';

export interface LiveOptions {
  /** Something in the review queue changed, or may have while the socket was down. */
  onQueueChanged: () => void;
  onStatus: (status: LiveStatus) => void;
}

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** A socket that stays open this long counts as working again: the back-off starts over. */
const STEADY_MS = 10_000;

/** 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
}

function isLiveEvent(value: unknown): value is ConsoleLiveEvent {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'queue' || type === 'ping';
}

/**
 * The console's live socket, on this page's origin (the session cookie authenticates it). It
 * answers pings, reports queue changes, and reconnects after a drop with capped exponential
 * back-off until the returned function stops it (the signed-in screens unmount on sign-out).
 * After a drop the queue is read again at once: events sent meanwhile were missed, and a session
 * that ended (the server closes the socket then) shows up there as a -1. The queue read is one
 * the server does not count as the operator's activity, so the socket never keeps a session open.
 */
export function openLive({ onQueueChanged, onStatus }: LiveOptions): () => void {
  const url = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${CONSOLE_LIVE_PATH}`;
  let stopped = false;
  let attempt = 0;
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let steady: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    onStatus(attempt === 0 ? 'connecting' : 'reconnecting');
    const current = new WebSocket(url);
    socket = current;
    current.addEventListener('open', () => {
      onStatus('live');
      steady = setTimeout(() => (attempt = 0), STEADY_MS);
    });
    current.addEventListener('message', (event: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (!isLiveEvent(data)) return;
      if (data.type === 'ping') current.send(JSON.stringify({ type: 'pong' }));
      else onQueueChanged();
    });
    current.addEventListener('close', () => {
      clearTimeout(steady);
      if (stopped || socket !== current) return;
      onStatus('reconnecting');
      onQueueChanged();
      retry = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    });
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(steady);
    socket?.close();
  };
}
