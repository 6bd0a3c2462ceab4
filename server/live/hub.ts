import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { ConsoleLiveEvent } from '../../contract/console';
import { LIVE_CLOSE_RECONNECT, LIVE_CLOSE_UNAUTHORISED } from '../../contract/live';
import type { Queries } from '../platform/database/queries';
import type { Db, NodeMessages } from '../platform/database/sql';
import { LIVE_EVENTS_CHANNEL, type AnnouncedEvent } from './queries';
import { REVIEW_QUEUE_PAYLOAD } from './events';
import type { SessionCache } from '../auth/session-cache';

const RELAY_INTERVAL_MS = 500;
const CONSOLE_QUEUE_CHANGED = JSON.stringify({ type: 'queue' } satisfies ConsoleLiveEvent);
const BATCH = 500;
/** Open sockets one user may hold: a phone and a few tabs, not thousands. */
export const MAX_SOCKETS_PER_USER = 20;
/** Closing code for a socket over the per-user limit (WebSocket "policy violation"). */
export const LIVE_CLOSE_TOO_MANY = 1008;
/**
 * How long a closed socket's peer has to answer the close before its connection is cut: `ws`
 * would otherwise hold the connection 30 s for a peer that never answers.
 */
export const LIVE_CLOSE_GRACE_MS = 1000;

/** Says why (a real client reads the code), then cuts the connection if the peer stays silent. */
export function closeSocket(socket: WebSocket, code: number, reason: string): void {
  socket.close(code, reason);
  setTimeout(() => socket.terminate(), LIVE_CLOSE_GRACE_MS).unref();
}

/** On PostgreSQL: a session or all of a user's sessions ended on some node. */
const SESSIONS_CHANNEL = 'sessions_ended';

/** One session ended, or every session of a user but the one in `except` (if any). */
type SessionsEnded = { token_hash: string } | { user: number; except?: string };

interface FromOtherNodes {
  deliver(userId: number, payload: string): void;
  endHere(ended: SessionsEnded): void;
  eventsMissed(): void;
  sessionEndsMissed(): void;
}

/** PostgreSQL: what the other nodes and the CLI commit reaches this node as NOTIFY messages. */
async function listenToOtherNodes(
  messages: NodeMessages,
  log: FastifyBaseLogger,
  here: FromOtherNodes,
): Promise<(() => Promise<void>)[]> {
  const lost = (channel: string) => (error: Error) =>
    log.warn({ err: error, channel }, 'not hearing the other nodes on this channel; connecting again');
  const caughtUp = (channel: string) => log.info({ channel }, 'hearing the other nodes again; caught up');
  return [
    await messages.listen(
      LIVE_EVENTS_CHANNEL,
      (text) => {
        const announced = JSON.parse(text) as AnnouncedEvent;
        here.deliver(announced.user, announced.payload);
      },
      {
        lost: lost(LIVE_EVENTS_CHANNEL),
        catchUp() {
          here.eventsMissed();
          caughtUp(LIVE_EVENTS_CHANNEL);
        },
      },
    ),
    await messages.listen(SESSIONS_CHANNEL, (text) => here.endHere(JSON.parse(text) as SessionsEnded), {
      lost: lost(SESSIONS_CHANNEL),
      catchUp() {
        here.sessionEndsMissed();
        caughtUp(SESSIONS_CHANNEL);
      },
    }),
  ];
}

/** SQLite: one node, and the CLI on the same file; the events table is read every RELAY_INTERVAL_MS. */
async function relayFromTheDatabase(
  queries: Queries,
  log: FastifyBaseLogger,
  deliver: (userId: number, payload: string) => void,
): Promise<() => Promise<void>> {
  let lastId = await queries.events.lastId();
  const relay = async () => {
    for (;;) {
      const rows = await queries.events.after(lastId, BATCH);
      for (const row of rows) {
        lastId = row.id;
        deliver(row.user_id, row.payload);
      }
      if (rows.length < BATCH) return;
    }
  };
  let relaying = false;
  const timer = setInterval(() => {
    if (relaying) return;
    relaying = true;
    relay()
      .catch((error: unknown) => log.error({ err: error }, 'live relay failed'))
      .finally(() => {
        relaying = false;
      });
  }, RELAY_INTERVAL_MS);
  timer.unref();
  return async () => clearInterval(timer);
}

/**
 * The open live sockets of this node, and how events and ended sessions reach them from
 * anywhere: this process, the operator CLI, or another node.
 *
 * - SQLite (one node): events are rows of the events table, read every 0.5 s from where the
 *   relay left off; SQLite commits one transaction at a time, so ids appear in commit order.
 * - PostgreSQL (several nodes): an id sequence is not commit order (a slower transaction can
 *   commit a lower id after a poller has moved past it), so each event is a NOTIFY sent in the
 *   transaction that makes it: every node hears it at commit, never before, never if rolled back.
 *
 * Ending a session (logout) or all of a user's (password reset) closes their sockets and drops
 * them from the session cache at once, on every node.
 *
 * On PostgreSQL a node that stops hearing a channel for a while (its listening connection died)
 * catches up once it listens again, each channel as its messages require (see the listeners).
 */
export async function createLiveHub(deps: {
  db: Db;
  queries: Queries;
  sessions: SessionCache;
  log: FastifyBaseLogger;
}) {
  const sockets = new Map<number, Map<WebSocket, string>>();
  /** Operators' console sockets, by the session that opened each. */
  const staff = new Map<WebSocket, string>();
  const { messages } = deps.db;

  /** Whoever else wants to hear of every committed event (the push sender's nudge). */
  const hearers = new Set<(payload: string) => void>();
  /** Whoever wants to know that committed events may have gone unheard (the push sender too). */
  const catchUpHearers = new Set<() => void>();

  function deliver(userId: number, payload: string): void {
    for (const hear of hearers) hear(payload);
    if (payload === REVIEW_QUEUE_PAYLOAD) {
      for (const socket of staff.keys()) socket.send(CONSOLE_QUEUE_CHANGED);
      return;
    }
    for (const socket of sockets.get(userId)?.keys() ?? []) socket.send(payload);
  }

  function closeWhere(userId: number | undefined, matches: (tokenHash: string) => boolean): void {
    const users = userId === undefined ? [...sockets.values()] : [sockets.get(userId)];
    for (const open of users) {
      for (const [socket, tokenHash] of open ?? []) {
        if (matches(tokenHash)) closeSocket(socket, LIVE_CLOSE_UNAUTHORISED, 'signed out');
      }
    }
  }

  function endHere(ended: SessionsEnded): void {
    if ('token_hash' in ended) {
      deps.sessions.forgetToken(ended.token_hash);
      closeWhere(undefined, (candidate) => candidate === ended.token_hash);
    } else {
      const { user, except } = ended;
      deps.sessions.forgetUser(user);
      closeWhere(user, (candidate) => candidate !== except);
    }
  }

  /** Every customer socket of this node connects again: the app re-reads, the token is checked again. */
  function reconnectCustomers(): void {
    for (const open of sockets.values()) {
      for (const socket of open.keys()) closeSocket(socket, LIVE_CLOSE_RECONNECT, 'connect again');
    }
    sockets.clear();
  }

  function announceEnded(ended: SessionsEnded): void {
    endHere(ended);
    messages?.notify(SESSIONS_CHANNEL, JSON.stringify(ended)).catch((error: unknown) => {
      deps.log.error({ err: error }, 'could not tell the other nodes a session ended');
    });
  }

  const stops = messages
    ? await listenToOtherNodes(messages, deps.log, {
        deliver,
        endHere,
        // Events committed meanwhile reached nobody here: customers' apps connect again and
        // re-read all they show, consoles re-read the queue, and the push sender runs now
        // rather than at its next tick.
        eventsMissed() {
          reconnectCustomers();
          for (const socket of staff.keys()) socket.send(CONSOLE_QUEUE_CHANGED);
          for (const hear of catchUpHearers) hear();
        },
        // A session ended meanwhile on another node may still be cached here and keep its sockets:
        // the cache starts empty, and customers' sockets connect again, which checks each token.
        // (Operators' sign-outs are not sent on this channel: their sockets' pings check them.)
        sessionEndsMissed() {
          deps.sessions.forgetAll();
          reconnectCustomers();
        },
      })
    : [await relayFromTheDatabase(deps.queries, deps.log, deliver)];

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
        closeSocket(socket, LIVE_CLOSE_TOO_MANY, 'too many sockets');
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
    /** The session ended (logout): its sockets close now, on every node, not at the next ping. */
    endSession(tokenHash: string): void {
      announceEnded({ token_hash: tokenHash });
    },
    /** Every session of the user ended (password reset): all their sockets close now, everywhere. */
    endUser(userId: number): void {
      announceEnded({ user: userId });
    },
    /** Every session of the user but `keep` ended ("sign out everywhere else"). */
    endUserExcept(userId: number, keep: string): void {
      announceEnded({ user: userId, except: keep });
    },
    /** Adds an operator's console socket; it hears every change of the review queue. */
    joinStaff(sessionHash: string, socket: WebSocket): void {
      staff.set(socket, sessionHash);
    },
    leaveStaff(socket: WebSocket): void {
      staff.delete(socket);
    },
    /** A console session ended here (sign-out): its sockets close now; other nodes' at their next ping. */
    endStaffSession(sessionHash: string): void {
      for (const [socket, hash] of [...staff]) {
        if (hash !== sessionHash) continue;
        staff.delete(socket);
        closeSocket(socket, LIVE_CLOSE_UNAUTHORISED, 'signed out');
      }
    },
    /**
     * Calls `hear` with every event's payload once it is committed, wherever it was made (this
     * node, another node, the operator CLI). `hear` must not throw: it runs in the relay.
     */
    onEvent(hear: (payload: string) => void): void {
      hearers.add(hear);
    },
    /** Calls `hear` when events committed elsewhere may have gone unheard here (PostgreSQL only). */
    onCatchUp(hear: () => void): void {
      catchUpHearers.add(hear);
    },
    /**
     * This node is leaving: every socket, customer's and operator's, closes with 1012 and its app
     * connects again at once, through the balancer, to a node that stays.
     */
    reconnectAll(): void {
      reconnectCustomers();
      for (const socket of staff.keys()) closeSocket(socket, LIVE_CLOSE_RECONNECT, 'connect again');
      staff.clear();
    },
    /** How many sockets are open, customers' and operators' (for the metrics). */
    allSockets(): number {
      return this.size() + staff.size;
    },
    /** How many sockets are open (for tests and logs). */
    size(): number {
      let count = 0;
      for (const open of sockets.values()) count += open.size;
      return count;
    },
    async close(): Promise<void> {
      await Promise.all(stops.map((stop) => stop()));
      for (const open of sockets.values())
        for (const socket of open.keys()) closeSocket(socket, 1001, 'server shutting down');
      for (const socket of staff.keys()) closeSocket(socket, 1001, 'server shutting down');
      sockets.clear();
      staff.clear();
    },
  };
}

export type LiveHub = Awaited<ReturnType<typeof createLiveHub>>;

declare module '../platform/context' {
  interface ServerContext {
    /** The open live sockets, by user and session. */
    live: LiveHub;
  }
}
