import type { SqlRunner } from '../database/sql';

/** Request counters per key and window, for the rate limits that several nodes share. */
export function rateLimitsQueries(db: SqlRunner) {
  return {
    /**
     * Counts one hit on `key` and returns the hits of the current window and when it ends
     * (ms since the epoch); a window that has ended starts again at this hit. One statement,
     * so hits arriving together on several nodes are all counted.
     */
    hit: async (key: string, nowMs: number, windowMs: number) =>
      (await db.get<{ hits: number; window_ends: number }>(
        `INSERT INTO rate_limits (key, hits, window_ends) VALUES (@key, 1, @ends)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.window_ends <= @now THEN 1 ELSE rate_limits.hits + 1 END,
           window_ends = CASE WHEN rate_limits.window_ends <= @now THEN @ends ELSE rate_limits.window_ends END
         RETURNING hits, window_ends`,
        { key, now: nowMs, ends: nowMs + windowMs },
      )) ?? { hits: 1, window_ends: nowMs + windowMs },
    /** Windows that have ended (the clean-up job). */
    pruneEnded: (nowMs: number) => db.run('DELETE FROM rate_limits WHERE window_ends <= ?', [nowMs]),
  };
}

declare module '../database/queries' {
  interface Queries {
    readonly rateLimits: ReturnType<typeof rateLimitsQueries>;
  }
}
