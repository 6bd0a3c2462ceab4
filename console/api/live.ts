import type { ConsoleLiveEvent } from '../../contract/console';
import { backOffDelay, openLiveSocket, type BackOff } from '../../web-kit/live/socket';
import type { LiveStatus } from '../state/live';
import { CONSOLE_LIVE_PATH } from './wire';

export interface LiveOptions {
  /** Something in the review queue changed, or may have while the socket was down. */
  onQueueChanged: () => void;
  onStatus: (status: LiveStatus) => void;
}

/** 1 s, 2 s, 4 s … capped at 30 s; a socket that stays open 10 s counts as working again. */
const BACK_OFF: BackOff = { firstMs: 1_000, maxMs: 30_000, jitter: 0, steadyMs: 10_000 };

export function reconnectDelay(attempt: number): number {
  return backOffDelay(attempt, BACK_OFF);
}

function isQueueEvent(value: unknown): value is ConsoleLiveEvent {
  return (value as { type?: unknown } | null)?.type === 'queue';
}

/**
 * The console's live socket (the session cookie authenticates it): it reports queue changes.
 * After a drop the queue is read again at once: events sent meanwhile were missed, and a session
 * that ended (the server closes the socket then) shows up there as a -1. The queue read is one
 * the server does not count as the operator's activity, so the socket never keeps a session open.
 */
export function openLive({ onQueueChanged, onStatus }: LiveOptions): () => void {
  return openLiveSocket({
    path: CONSOLE_LIVE_PATH,
    backOff: BACK_OFF,
    onConnecting: (again) => onStatus(again ? 'reconnecting' : 'connecting'),
    onOpen: () => onStatus('live'),
    onMessage: (data) => {
      if (isQueueEvent(data)) onQueueChanged();
    },
    onDrop: () => {
      onStatus('reconnecting');
      onQueueChanged();
    },
  });
}
