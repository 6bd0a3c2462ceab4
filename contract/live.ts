import type { DepositState, InterestOrderState, ReviewState, SaleOrderState } from './rules';

/** The path of the live-update socket. */
export const LIVE_PATH = '/ws1';

/** What the server pushes to a signed-in customer's open sockets. */
export type LiveEvent =
  | { type: 'balance' }
  | { type: 'recharge'; id: number; state: ReviewState }
  | { type: 'withdraw'; id: number; state: ReviewState }
  | { type: 'sale_order'; id: number; state: SaleOrderState }
  | { type: 'lixibao'; id: number; state: InterestOrderState }
  /** A transfer to the customer's own address: its confirmations as they come, then its outcome. */
  | { type: 'deposit'; id: number; state: DepositState; confirmations: number; needed: number }
  | { type: 'ping' };

/** What the client sends: its token first, then answers to pings. */
export type LiveClientMessage = { type: 'auth'; token: string } | { type: 'pong' };

/** Close codes: no valid auth in time, or the session ended. */
export const LIVE_CLOSE_UNAUTHORISED = 4001;
/**
 * Close code that has the app connect again at once (WebSocket "service restart"): the node is
 * leaving, or wants the token checked afresh. The app re-reads all it shows whenever its socket opens.
 */
export const LIVE_CLOSE_RECONNECT = 1012;
export const LIVE_AUTH_TIMEOUT_MS = 5000;
export const LIVE_PING_MS = 30_000;
