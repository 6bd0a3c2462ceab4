import type { WebSocket } from 'ws';
import type { ServerContext } from './context';

const RELAY_INTERVAL_MS = 500;
const BATCH = 500;

/**
 * Relays queued events to each user's open sockets. Events come from this process and from the
 * operator CLI alike, through the events table, which is read from where the relay left off.
 */
export function createLiveHub(context: ServerContext) {
  const sockets = new Map<number, Set<WebSocket>>();
  let lastId = context.queries.events.lastId();

  function relay(): void {
    for (;;) {
      const rows = context.queries.events.after(lastId, BATCH);
      for (const row of rows) {
        lastId = row.id;
        for (const socket of sockets.get(row.user_id) ?? []) socket.send(row.payload);
      }
      if (rows.length < BATCH) return;
    }
  }

  const timer = setInterval(() => {
    try {
      relay();
    } catch (error) {
      context.log.error({ err: error }, 'live relay failed');
    }
  }, RELAY_INTERVAL_MS);
  timer.unref();

  return {
    join(userId: number, socket: WebSocket): void {
      let set = sockets.get(userId);
      if (!set) {
        set = new Set();
        sockets.set(userId, set);
      }
      set.add(socket);
    },
    leave(userId: number, socket: WebSocket): void {
      const set = sockets.get(userId);
      set?.delete(socket);
      if (set?.size === 0) sockets.delete(userId);
    },
    /** How many sockets are open (for tests and logs). */
    size(): number {
      let count = 0;
      for (const set of sockets.values()) count += set.size;
      return count;
    },
    close(): void {
      clearInterval(timer);
      for (const set of sockets.values()) for (const socket of set) socket.close(1001, 'server shutting down');
      sockets.clear();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
