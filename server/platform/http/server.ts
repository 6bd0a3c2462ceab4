import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../../../contract/rules';
import type { Lifecycle } from '../health';
import type { ConnectionTimeouts } from '../security/connection-limits';
import { requestIdOf, requestLogFields, trustedPeers, withinRequest, type TrustProxy } from './request-ids';

/** A destination for log lines, one JSON object per write. */
export interface LogStream {
  write(line: string): void;
}

const FORM_BODY_LIMIT = 64 * 1024;

export interface HttpServerOptions {
  logLevel: string;
  logStream?: LogStream | undefined;
  trustProxy: TrustProxy;
  timeouts: ConnectionTimeouts;
}

/** Fastify as every node runs it: one JSON logger, request ids, time-outs on slow clients. */
export function createHttpServer(options: HttpServerOptions): FastifyInstance {
  const { timeouts } = options;
  const trustsPeer = trustedPeers(options.trustProxy);
  const app = Fastify({
    logger: {
      level: options.logLevel,
      redact: ['req.headers["access-token"]', 'req.headers.authorization', 'req.headers.cookie'],
      mixin: requestLogFields,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: (raw) => requestIdOf(raw, trustsPeer),
    requestIdHeader: false,
    // One line per request only when debugging; errors are always logged.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(options.logLevel),
    }),
    bodyLimit: FORM_BODY_LIMIT,
    trustProxy: options.trustProxy,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    // One logger for every request instead of a child each: a measurable share of a read call's
    // cost. Every line still names its request: the logger's mixin reads it from the request's scope.
    childLoggerFactory: (logger) => logger,
  });
  return app;
}

/** Every reply names its request, and everything logged while it runs does too; a draining node says so. */
export function nameEachRequest(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (lifecycle.draining) {
      // Kept-alive connections end with this reply, so the balancer opens its next on another node.
      reply.header('connection', 'close');
      if (request.headers.upgrade?.toLowerCase() === 'websocket') {
        // An upgrade's socket is no longer the HTTP server's to close: end it with the refusal.
        reply.raw.once('finish', () => request.raw.socket.destroy());
        reply.code(503).header('retry-after', '1').send();
        return;
      }
    }
    withinRequest(request.id, done);
  });
}

/** The contract's bodies: form-encoded, and multipart for the one upload. */
export async function readFormsAndUploads(app: FastifyInstance): Promise<void> {
  // The contract is form-encoded (and multipart for the upload) only: Fastify's JSON and text
  // parsers would accept bodies that no client of ours sends.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 256, parts: 6 },
  });
}
