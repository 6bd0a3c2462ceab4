import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { LIVE_CLOSE_UNAUTHORISED } from '../contract/live';
import type { Queries } from './db';

const RELAY_INTERVAL_MS = 500;
const BATCH = 500;
/** Open sockets one user may hold: a phone and a few tabs, not thousands. */
export const MAX_SOCKETS_PER_USER = 20;
/** Closing code for a socket over the per-user limit (WebSocket "policy violation"). */
export const LIVE_CLOSE_TOO_MANY = 1008;

/**
 * Relays queued events to each user's open sockets. Events come from this process and from the
 * operator CLI alike, through the events table, which is read from where the relay left off.
 * Each socket is kept with the session it signed in with, so that ending a session (logout,
 * password reset) closes its sockets at once.
 */
export async function createLiveHub(deps: { queries: Queries; log: FastifyBaseLogger }) {
  const sockets = new Map<number, Map<WebSocket, string>>();
  let lastId = await deps.queries.events.lastId();

  async function relay(): Promise<void> {
    for (;;) {
      const rows = await deps.queries.events.after(lastId, BATCH);
      for (const row of rows) {
        lastId = row.id;
        for (const socket of sockets.get(row.user_id)?.keys() ?? []) socket.send(row.payload);
      }
      if (rows.length < BATCH) return;
    }
  }

  let relaying = false;
  const timer = setInterval(() => {
    if (relaying) return;
    relaying = true;
    relay()
      .catch((error: unknown) => deps.log.error({ err: error }, 'live relay failed'))
      .finally(() => {
        relaying = false;
      });
  }, RELAY_INTERVAL_MS);
  timer.unref();

  function closeWhere(userId: number | undefined, matches: (tokenHash: string) => boolean): void {
    const users = userId === undefined ? [...sockets.values()] : [sockets.get(userId)];
    for (const open of users) {
      for (const [socket, tokenHash] of open ?? []) {
        if (matches(tokenHash)) socket.close(LIVE_CLOSE_UNAUTHORISED, 'signed out');
      }
    }
  }

  return {
    /** Adds a signed-in socket; false (and the socket closed) when its user holds too many. */
    join(userId: number, tokenHash: string, socket: WebSocket): boolean {
      let open = sockets.get(userId);
      if (!open) {
        open = new Map();
        sockets.set(userId, open);
      }
      if (open.size >= MAX_SOCKETS_PER_USER) {
        deps.log.warn({ userId, open: open.size }, 'live socket refused: too many for one user');
        socket.close(LIVE_CLOSE_TOO_MANY, 'too many sockets');
        return false;
      }
      open.set(socket, tokenHash);
      return true;
    },
    leave(userId: number, socket: WebSocket): void {
      const open = sockets.get(userId);
      open?.delete(socket);
      if (open?.size === 0) sockets.delete(userId);
    },
    /** The session ended (logout): its sockets close now, not at the next ping. */
    endSession(tokenHash: string): void {
      closeWhere(undefined, (candidate) => candidate === tokenHash);
    },
    /** Every session of the user ended (password reset): all their sockets close now. */
    endUser(userId: number): void {
      closeWhere(userId, () => true);
    },
    /** How many sockets are open (for tests and logs). */
    size(): number {
      let count = 0;
      for (const open of sockets.values()) count += open.size;
      return count;
    },
    close(): void {
      clearInterval(timer);
      for (const open of sockets.values()) for (const socket of open.keys()) socket.close(1001, 'server shutting down');
      sockets.clear();
    },
  };
}

export type LiveHub = Awaited<ReturnType<typeof createLiveHub>>;
