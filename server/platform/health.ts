import type { FastifyInstance } from 'fastify';
import type { Db } from './database/sql';

/** Whether this node is on its way out: it then tells the balancer so and takes no new sockets. */
export interface Lifecycle {
  draining: boolean;
}

/** Longer than this, and the database counts as not answering. */
const DATABASE_TIMEOUT_MS = 2000;

/** Why the node cannot take traffic now, in one word, or null when it can. */
export async function notReady(db: Db, lifecycle: Lifecycle): Promise<'draining' | 'database' | 'migrations' | null> {
  if (lifecycle.draining) return 'draining';
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), DATABASE_TIMEOUT_MS);
  });
  try {
    const { applied, known } = await Promise.race([db.schema(), late]);
    // A newer node may have migrated further during a rolling update: its additions are not ours
    // to wait for. Fewer than this code needs is a database this node cannot serve.
    return applied < known ? 'migrations' : null;
  } catch {
    return 'database';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz`: the process runs (200). `/readyz`: 200 when the database answers, its schema is
 * current and the node is not draining; otherwise 503 with the reason's one word. A balancer asks
 * them every second or so: neither is rate-limited, logged at info or says anything about the
 * node beyond that word.
 */
export function healthRoutes(app: FastifyInstance, db: Db, lifecycle: Lifecycle): void {
  const plain = { config: { rateLimit: false as const } };
  app.get('/healthz', plain, async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/plain').send('ok'),
  );
  app.get('/readyz', plain, async (_request, reply) => {
    const reason = await notReady(db, lifecycle);
    return reply
      .code(reason === null ? 200 : 503)
      .header('cache-control', 'no-store')
      .type('text/plain')
      .send(reason ?? 'ready');
  });
}
