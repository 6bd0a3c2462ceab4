import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { CONSOLE_API_PREFIX } from '../../../contract/console';
import { API_PREFIX } from '../../../contract/rules';

/** API answers are never cached, never sniffed, never framed and never run as a document. */
const API_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/** Security headers on every answer: the full set on documents, a short fixed one on the API. */
export function securityHeaders(app: FastifyInstance, imageOrigins: readonly string[]): void {
  // Security headers. Built once: @fastify/helmet rebuilds its middleware on every request,
  // which cost a visible share of the API's throughput. Documents get the full set with a strict
  // CSP; API answers (JSON, never rendered) a short fixed set.
  const documentHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith(API_PREFIX) || request.url.startsWith(CONSOLE_API_PREFIX)) {
      reply.headers(API_HEADERS);
      done();
    } else {
      documentHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    }
  });
}
