/**
 * The live socket both front ends keep on their own origin: it answers the server's pings,
 * hands every other message on, and reconnects after a drop with capped exponential back-off
 * until the function it returns stops it (sign-out).
 */

export interface BackOff {
  firstMs: number;
  maxMs: number;
  /**
   * How far each wait may stray either way, as a share of it (0.25: from ¾ to 1¼), so that the
   * sockets a restart dropped do not all come back in the same instant.
   */
  jitter: number;
  /** How long a socket must stay open to count as working again (the back-off starts over); 0: once open. */
  steadyMs: number;
}

/** The wait before reconnect number `attempt` (0 first): first, twice that, four times… up to the cap. */
export function backOffDelay(attempt: number, backOff: BackOff, random: () => number = Math.random): number {
  const base = Math.min(backOff.maxMs, backOff.firstMs * 2 ** attempt);
  return backOff.jitter === 0 ? base : base * (1 - backOff.jitter + random() * 2 * backOff.jitter);
}

export type Send = (message: object) => void;

export interface LiveSocketOptions {
  /** The socket's path on this page's origin; wss: under https:. */
  path: string;
  backOff: BackOff;
  /** Before each connection; `again` once a connection has failed since the last that held. */
  onConnecting?: (again: boolean) => void;
  /** The socket is open: authenticate, read again what was missed while it was down. */
  onOpen?: (send: Send) => void;
  /** A message other than a ping, parsed (what is not JSON is dropped). */
  onMessage: (data: unknown, send: Send) => void;
  /** The socket dropped and another will be tried (not after stop, nor on a `stopOn` code). */
  onDrop?: () => void;
  /** Offline, connect only once the browser says the network is back instead of failing on a timer. */
  waitForNetwork?: boolean;
  /** Close codes after which no reconnect is tried (e.g. a token the server no longer takes). */
  stopOn?: readonly number[];
  /**
   * Close codes of a node that is leaving while the balancer has another ready now: reconnect
   * within 200-700 ms, spread so the dropped sockets do not arrive at once, without counting a failure.
   */
  restartOn?: readonly number[];
}

function isPing(data: unknown): boolean {
  return (data as { type?: unknown } | null)?.type === 'ping';
}

export function openLiveSocket(options: LiveSocketOptions): () => void {
  const {
    path,
    backOff,
    onConnecting,
    onOpen,
    onMessage,
    onDrop,
    waitForNetwork,
    stopOn = [],
    restartOn = [],
  } = options;
  const url = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
  let stopped = false;
  let attempt = 0;
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let steady: ReturnType<typeof setTimeout> | undefined;

  const connectWhenOnline = () => {
    if (stopped) return;
    if (!waitForNetwork || navigator.onLine) connect();
    else addEventListener('online', connectWhenOnline, { once: true });
  };

  const connect = () => {
    onConnecting?.(attempt > 0);
    const current = new WebSocket(url);
    socket = current;
    const send: Send = (message) => current.send(JSON.stringify(message));
    current.addEventListener('open', () => {
      if (backOff.steadyMs === 0) attempt = 0;
      else steady = setTimeout(() => (attempt = 0), backOff.steadyMs);
      onOpen?.(send);
    });
    current.addEventListener('message', (event: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (isPing(data)) send({ type: 'pong' });
      else onMessage(data, send);
    });
    current.addEventListener('close', (event) => {
      clearTimeout(steady);
      const code = (event as CloseEvent).code;
      if (stopped || socket !== current || stopOn.includes(code)) return;
      onDrop?.();
      if (restartOn.includes(code)) {
        retry = setTimeout(connectWhenOnline, 200 + Math.random() * 500);
        return;
      }
      retry = setTimeout(connectWhenOnline, backOffDelay(attempt, backOff));
      attempt += 1;
    });
  };

  connectWhenOnline();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(steady);
    removeEventListener('online', connectWhenOnline);
    socket?.close(1000, 'signed out');
  };
}
