import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import type { Queries } from '../database/queries';

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
