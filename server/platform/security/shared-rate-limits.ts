import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Queries } from '../database/queries';
import type { Domain } from '../domain';
import { tooManyRequests } from '../http/errors';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

interface RouteName {
  method: string | string[];
  url: string;
}

function isRouteName(value: unknown): value is RouteName {
  return typeof value === 'object' && value !== null && 'url' in value && 'method' in value;
}

/**
 * A store for @fastify/rate-limit that keeps its counters in the database, so that every node
 * counts the same requests and a restart forgets none. Each route with a limit of its own counts
 * under its own prefix, like the plugin's built-in stores.
 */
export function databaseRateLimitStore(queries: Pick<Queries, 'rateLimits'>, now: () => Date) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(prefix: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'all ';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now().getTime();
      queries.rateLimits.hit(`${this.prefix}${key}`, at, timeWindow).then(
        (counted) => callback(null, { current: counted.hits, ttl: Math.max(0, counted.window_ends - at) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: RouteOptions & { path: string; prefix: string }): DatabaseRateLimitStore {
      // The plugin hands over the route's merged limit options, with the route under routeInfo.
      const info: unknown = Reflect.get(routeOptions, 'routeInfo');
      const route = isRouteName(info) ? info : routeOptions;
      return new DatabaseRateLimitStore(`${[route.method].flat().join(',')} ${route.url} `);
    }
  };
}

/** The limit on every call from one address, `perMinute`; calls with limits of their own add theirs. */
export async function limitRequests(app: FastifyInstance, domain: Domain, perMinute: number): Promise<void> {
  await app.register(rateLimit, {
    // Several nodes on one PostgreSQL count together; one SQLite node keeps its counters in memory
    // (docs/operations.md → Running several nodes tells why).
    ...(domain.db.dialect === 'postgres' ? { store: databaseRateLimitStore(domain.queries, domain.now) } : {}),
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    // After the body is parsed, so a refusal can speak the caller's language.
    hook: 'preHandler',
    errorResponseBuilder: (_request, limit) => tooManyRequests(limit.ttl / 1000),
    // The counters stay private until a caller is refused (then retry-after tells the wait).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
}
