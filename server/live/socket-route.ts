import type { FastifyInstance } from 'fastify';
import {
  LIVE_AUTH_TIMEOUT_MS,
  LIVE_CLOSE_UNAUTHORISED,
  LIVE_PATH,
  LIVE_PING_MS,
  type LiveClientMessage,
  type LiveEvent,
} from '../../contract/live';
import type { Authenticate } from '../auth/calls';
import { closeSocket, type LiveHub } from './hub';

/**
 * Frames one socket may send per window. The app sends its token once and a pong every 30 s; a
 * socket that sends more is not the app, and every frame costs the node parsing time that other
 * customers wait for.
 */
export const LIVE_FRAMES_PER_WINDOW = 30;
export const LIVE_FRAME_WINDOW_MS = 10_000;

function parse(data: unknown): LiveClientMessage | undefined {
  try {
    const message = JSON.parse(String(data)) as Partial<LiveClientMessage>;
    if (message.type === 'auth' && typeof message.token === 'string') return { type: 'auth', token: message.token };
    if (message.type === 'pong') return { type: 'pong' };
  } catch {
    // not JSON: ignored like any other unknown message
  }
  return undefined;
}

/**
 * The live-update socket: the client's first message is its token; without a valid one within
 * 5 s the socket closes with 4001, and a peer that does not answer the close is cut off a second
 * later. A socket sending more than LIVE_FRAMES_PER_WINDOW frames in a window is cut off at once.
 * Logout and password reset close their sockets at once (LiveHub); a ping every 30 s also
 * re-checks the session and the account's status, which covers changes made outside this process.
 */
export function liveRoutes(app: FastifyInstance, hub: LiveHub, authenticate: Authenticate): void {
  app.get(LIVE_PATH, { websocket: true }, (socket, request) => {
    let session: { userId: number; token: string } | undefined;
    const stillSignedIn = async (token: string) => {
      const found = await authenticate(token, request.ip);
      return found?.user.status === 'active' ? found : undefined;
    };
    const refuse = () => closeSocket(socket, LIVE_CLOSE_UNAUTHORISED, 'unauthorised');
    let windowStart = Date.now();
    let frames = 0;
    const countFrame = () => {
      const now = Date.now();
      if (now - windowStart >= LIVE_FRAME_WINDOW_MS) {
        windowStart = now;
        frames = 0;
      }
      frames += 1;
      if (frames === LIVE_FRAMES_PER_WINDOW + 1) {
        request.log.warn({ ip: request.ip, userId: session?.userId }, 'live socket closed: too many frames');
        socket.terminate();
      }
      return frames <= LIVE_FRAMES_PER_WINDOW;
    };
    socket.on('ping', countFrame);
    socket.on('pong', countFrame);
    const authTimer = setTimeout(() => {
      if (!session) refuse();
    }, LIVE_AUTH_TIMEOUT_MS);
    const pingTimer = setInterval(() => {
      if (!session) return;
      stillSignedIn(session.token).then(
        (found) => {
          if (found) socket.send(JSON.stringify({ type: 'ping' } satisfies LiveEvent));
          else refuse();
        },
        () => undefined,
      );
    }, LIVE_PING_MS);

    let authenticating = false;
    socket.on('message', (data) => {
      if (!countFrame()) return;
      const message = parse(data);
      if (message?.type !== 'auth' || session || authenticating) return;
      authenticating = true;
      stillSignedIn(message.token).then(
        (found) => {
          if (!found) {
            refuse();
          } else if (socket.readyState === socket.OPEN && hub.join(found.user.id, found.tokenHash, socket)) {
            session = { userId: found.user.id, token: message.token };
          }
        },
        () => refuse(),
      );
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(pingTimer);
      if (session) hub.leave(session.userId, socket);
    });
  });
}
