import {
  LIVE_CLOSE_RECONNECT,
  LIVE_CLOSE_UNAUTHORISED,
  LIVE_PATH,
  type LiveClientMessage,
  type LiveEvent,
} from '../../contract/live';
import { showNotify } from '../state/toast';
import { emitLive } from './live-bus';
import { revalidateCalls } from './swr';

const MAX_BACKOFF_MS = 30_000;

function react(event: LiveEvent): void {
  switch (event.type) {
    case 'ping':
      return;
    case 'balance':
      void revalidateCalls('userinfo/get-money-info', 'asset-log/tongji', 'property/tongji');
      break;
    case 'recharge':
      if (event.state !== 'audit')
        showNotify({ message: event.state === 'success' ? 'recharge-success' : 'recharge-failure' });
      break;
    case 'withdraw':
      if (event.state !== 'audit')
        showNotify({ message: event.state === 'success' ? 'withdraw-success' : 'withdraw-failure' });
      break;
    case 'lixibao':
      if (event.state === 'done') showNotify({ message: 'interest-paid' });
      break;
    case 'deposit':
      void revalidateCalls('recharge/deposits');
      if (event.state === 'credited') {
        void revalidateCalls('userinfo/get-money-info', 'asset-log/tongji', 'property/tongji');
        showNotify({ message: 'deposit-credited' });
      }
      break;
    case 'sale_order':
      void revalidateCalls('selling/tongji', 'selling/history');
      if (event.state !== 'audit')
        showNotify({ message: event.state === 'completion' ? 'sale-completion' : 'sale-reject' });
      break;
    default:
      break;
  }
  emitLive(event.type);
}

/**
 * Keeps a live connection for the signed-in customer: authenticates with the token, answers
 * pings, turns events into revalidations and a 3-second notify, and reconnects with capped
 * exponential back-off. Returns the function that stops it (sign-out).
 */
export function startLive(token: string): () => void {
  let socket: WebSocket | undefined;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const send = (message: LiveClientMessage) => socket?.send(JSON.stringify(message));

  /** Offline, there is nothing to reach: wait for the network instead of failing on a timer. */
  function connectWhenOnline(): void {
    if (stopped) return;
    if (navigator.onLine) connect();
    else addEventListener('online', connectWhenOnline, { once: true });
  }

  function connect(): void {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}${LIVE_PATH}`);
    socket.addEventListener('open', () => {
      attempt = 0;
      send({ type: 'auth', token });
      // Whatever happened while there was no connection was not pushed: read it again.
      void revalidateCalls('userinfo/get-money-info', 'asset-log/tongji', 'property/tongji', 'selling/tongji');
      for (const topic of ['balance', 'recharge', 'withdraw', 'sale_order', 'lixibao'] as const) emitLive(topic);
    });
    socket.addEventListener('message', (message) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(String(message.data)) as LiveEvent;
      } catch {
        return;
      }
      if (event.type === 'ping') send({ type: 'pong' });
      react(event);
    });
    socket.addEventListener('close', (event) => {
      // 4001: this token is no longer valid; the next API call signs the customer out.
      if (stopped || event.code === LIVE_CLOSE_UNAUTHORISED) return;
      // 1012: that node is leaving; the balancer has another ready now (spread over half a second).
      const restart = event.code === LIVE_CLOSE_RECONNECT;
      const delay = restart
        ? 200 + Math.random() * 500
        : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) * (0.75 + Math.random() / 2);
      if (!restart) attempt += 1;
      retry = setTimeout(connectWhenOnline, delay);
    });
  }

  connectWhenOnline();
  return () => {
    stopped = true;
    clearTimeout(retry);
    removeEventListener('online', connectWhenOnline);
    socket?.close(1000, 'signed out');
  };
}
