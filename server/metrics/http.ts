import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CONSOLE_API_PREFIX } from '../../contract/console';
import { LIVE_PATH } from '../../contract/live';
import { API_PREFIX } from '../../contract/rules';
import type { Metrics } from './metrics';

/** A request's call as the metrics name it: its route (never what the caller typed), its kind for the rest. */
function callOf(route: string | undefined): string {
  if (route === undefined) return 'unmatched';
  if (route.startsWith(CONSOLE_API_PREFIX)) return `console ${route.slice(CONSOLE_API_PREFIX.length)}`;
  if (route.startsWith(API_PREFIX)) return route.slice(API_PREFIX.length);
  return route === '/healthz' || route === '/readyz' || route === '/metrics' || route === LIVE_PATH ? route : 'static';
}

/** Every answer counted and timed by its call. */
export function countAnswers(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.answered(callOf(request.routeOptions.url), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** /metrics on the public port, only to a bearer of the configured token (compared in constant time). */
export function publicMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  const expected = createHash('sha256').update(token).digest();
  app.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(createHash('sha256').update(given).digest(), expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send();
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}
