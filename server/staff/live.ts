import type { FastifyInstance } from 'fastify';
import { CONSOLE_LIVE_PATH, type ConsoleLiveEvent } from '../../contract/console';
import { LIVE_CLOSE_UNAUTHORISED, LIVE_PING_MS } from '../../contract/live';
import type { ServerContext } from '../platform/context';
import { closeSocket } from '../live/hub';
import { sessionByHash, workingSessionOf } from './session';

const PING = JSON.stringify({ type: 'ping' } satisfies ConsoleLiveEvent);

/**
 * The console's live socket: opened with the session cookie (a page of another site can neither
 * send it nor pass the origin check), it hears every change of the review queue. Each ping checks
 * the session again, so a sign-out on another node, a disabled account or an idle time-out closes
 * it within LIVE_PING_MS. What the console sends is ignored.
 */
export function consoleLiveRoutes(app: FastifyInstance, context: ServerContext): void {
  app.get(CONSOLE_LIVE_PATH, { websocket: true }, (socket, request) => {
    const refuse = () => closeSocket(socket, LIVE_CLOSE_UNAUTHORISED, 'unauthorised');
    const origin = request.headers.origin;
    if (origin !== undefined && URL.parse(origin)?.host !== request.host) {
      refuse();
      return;
    }
    let sessionHash: string | undefined;
    let closed = false;
    const pingTimer = setInterval(() => {
      if (!sessionHash) return;
      sessionByHash(context, sessionHash).then(
        (session) => {
          if (session) socket.send(PING);
          else refuse();
        },
        () => undefined,
      );
    }, LIVE_PING_MS);
    socket.on('close', () => {
      closed = true;
      clearInterval(pingTimer);
      context.live.leaveStaff(socket);
    });
    workingSessionOf(context, request).then(
      (session) => {
        if (!session) refuse();
        else if (!closed) {
          sessionHash = session.token_hash;
          context.live.joinStaff(session.token_hash, socket);
        }
      },
      () => refuse(),
    );
  });
}
