import { isoNow, secondsAgo, type ServerContext } from './context';

const EVERY_MS = 10 * 60 * 1000;

/** Deletes what has no use any more: relayed events, old idempotency answers, dead sessions. */
export function sweep(context: ServerContext): void {
  const { queries } = context;
  queries.events.purgeBefore(secondsAgo(context, 3600));
  queries.idempotency.purgeBefore(secondsAgo(context, 24 * 3600));
  queries.sessions.purgeExpired(isoNow(context));
}

export function startMaintenance(context: ServerContext): NodeJS.Timeout {
  const timer = setInterval(() => {
    try {
      sweep(context);
    } catch (error) {
      context.log.error({ err: error }, 'maintenance failed');
    }
  }, EVERY_MS);
  timer.unref();
  return timer;
}
