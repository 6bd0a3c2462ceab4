import {
  LIVE_CLOSE_RECONNECT,
  LIVE_CLOSE_UNAUTHORISED,
  LIVE_PATH,
  type LiveClientMessage,
  type LiveEvent,
} from '../../contract/live';
import { openLiveSocket, type BackOff } from '../../web-kit/live/socket';
import { showNotify } from '../state/toast';
import { emitLive } from './live-bus';
import { revalidateAfter } from './swr';

/** What the server pushes besides its pings, which the socket answers itself. */
type PushedEvent = Exclude<LiveEvent, { type: 'ping' }>;

function react(event: PushedEvent): void {
  switch (event.type) {
    case 'balance':
      void revalidateAfter('balanceEvent');
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
      void revalidateAfter(event.state === 'credited' ? 'depositCredited' : 'depositEvent');
      if (event.state === 'credited') showNotify({ message: 'deposit-credited' });
      break;
    case 'sale_order':
      void revalidateAfter('saleEvent');
      if (event.state !== 'audit')
        showNotify({ message: event.state === 'completion' ? 'sale-completion' : 'sale-reject' });
      break;
    default:
      break;
  }
  emitLive(event.type);
}

/** 1 s, 2 s, 4 s … capped at 30 s, each ±25 %; a socket that opens counts as working again. */
const BACK_OFF: BackOff = { firstMs: 1_000, maxMs: 30_000, jitter: 0.25, steadyMs: 0 };

/**
 * Keeps a live connection for the signed-in customer: authenticates with the token, turns events
 * into revalidations and a 3-second notify, and reconnects (once online) after a drop. 4001: this
 * token is no longer valid, and the next API call signs the customer out; 1012: that node is
 * leaving. Returns the function that stops it (sign-out).
 */
export function startLive(token: string): () => void {
  return openLiveSocket({
    path: LIVE_PATH,
    backOff: BACK_OFF,
    waitForNetwork: true,
    stopOn: [LIVE_CLOSE_UNAUTHORISED],
    restartOn: [LIVE_CLOSE_RECONNECT],
    onOpen: (send) => {
      send({ type: 'auth', token } satisfies LiveClientMessage);
      // Whatever happened while there was no connection was not pushed: read it again.
      void revalidateAfter('reconnected');
      for (const topic of ['balance', 'recharge', 'withdraw', 'sale_order', 'lixibao'] as const) emitLive(topic);
    },
    onMessage: (data) => react(data as PushedEvent),
  });
}
