import { isoNow, secondsAgo } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import { payMaturedOrders } from '../interest-wallet/maturity';
import { CODES_PER_IP_WINDOW_SECONDS } from '../auth/routes';
import { SIGN_IN_KEEP_DAYS } from '../auth/sign-ins';

const SWEEP_EVERY_MS = 10 * 60 * 1000;
const MATURITY_EVERY_MS = 60 * 1000;

/**
 * Deletes what has no use any more: relayed events, old idempotency answers, dead sessions,
 * password guesses older than their window, expired passkey challenges, e-mail codes older than the per-address limit's and
 * sign-in records older than half a year.
 */
export async function sweep(context: ServerContext): Promise<void> {
  const { queries } = context;
  await queries.events.purgeBefore(secondsAgo(context, 3600));
  await queries.idempotency.purgeBefore(secondsAgo(context, 24 * 3600));
  await queries.sessions.purgeExpired(isoNow(context));
  await queries.operators.purgeExpiredSessions(isoNow(context));
  await queries.rateLimits.pruneEnded(context.now().getTime());
  await queries.passkeys.pruneChallengesBefore(isoNow(context));
  await queries.signIns.pruneBefore(secondsAgo(context, SIGN_IN_KEEP_DAYS * 24 * 3600));
  await queries.codes.pruneBefore(
    secondsAgo(context, context.limits.loginWindowSeconds),
    secondsAgo(context, CODES_PER_IP_WINDOW_SECONDS),
  );
}

/** Runs `job` every `ms`, never two runs of it at once on this node. */
function every(context: ServerContext, ms: number, name: string, job: () => Promise<unknown>): NodeJS.Timeout {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    job()
      .catch((error: unknown) => context.log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = false;
      });
  }, ms);
  timer.unref();
  return timer;
}

/**
 * The server's background jobs: matured interest holdings are paid at start (so a restart catches
 * up at once) and every minute; stale rows are swept every ten minutes. Returns a stop function.
 */
export async function startMaintenance(context: ServerContext): Promise<() => void> {
  const paid = await payMaturedOrders(context);
  if (paid > 0) context.log.info({ paid }, 'paid matured interest holdings');
  const timers = [
    every(context, MATURITY_EVERY_MS, 'maturity', () => payMaturedOrders(context)),
    every(context, SWEEP_EVERY_MS, 'sweep', () => sweep(context)),
  ];
  return () => timers.forEach((timer) => clearInterval(timer));
}
