import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type * as WebPush from 'web-push';
import type { RequestDetails, VapidKeys } from 'web-push';
import { inTransaction } from '../ledger/transactions';
import type { Domain } from '../platform/domain';
import type { PushDeliveryRow } from './queries';
import { NOT_PUBLIC, checkLiteralHost, endpointHost, lookupReachable, type PushEndpointPolicy } from './endpoints';
import { noticeFor } from './notices';

// web-push is CommonJS whose exports Node's ESM loader cannot list (it assigns them in one object
// of property reads), so a named import fails under Node; require finds them.
const { generateRequestDetails, generateVAPIDKeys } = createRequire(import.meta.url)('web-push') as typeof WebPush;

const VAPID_KEYS_SETTING = 'push_vapid_keys';

/**
 * The server's VAPID key pair (RFC 8292), made at the first start and kept in the database, so
 * that every node signs with the one pair the browsers subscribed with. Under a lock, as the
 * root invitation code is: nodes starting together on an empty database agree on one pair.
 */
export function ensureVapidKeys(domain: Domain): Promise<VapidKeys> {
  return inTransaction(domain, async (tx) => {
    await tx.lock(VAPID_KEYS_SETTING);
    const stored = await tx.queries.settings.get(VAPID_KEYS_SETTING);
    if (stored) return readKeys(stored);
    const keys = generateVAPIDKeys();
    await tx.queries.settings.set(VAPID_KEYS_SETTING, JSON.stringify(keys));
    return keys;
  });
}

function readKeys(stored: string): VapidKeys {
  const keys = JSON.parse(stored) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
    throw new Error(`the setting ${VAPID_KEYS_SETTING} is not a VAPID key pair`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/** The subject (contact) the VAPID tokens carry when PUSH_SUBJECT is not set. */
export function defaultPushSubject(publicUrl: string | undefined): string {
  // Apple's push service refuses a placeholder such as mailto:…@localhost; a contact at the
  // service's own domain is what it expects.
  return `mailto:push@${publicUrl ? new URL(publicUrl).hostname : 'example.com'}`;
}

/** How long the push service keeps a notice for a device that is offline. */
const NOTICE_TTL_SECONDS = 24 * 3600;
/** One try's whole time: connecting, sending and the push service's answer. */
const SEND_TIMEOUT_MS = 10_000;
/** Waits after the 1st, 2nd, 3rd and 4th failed try; the 5th failure gives the notice up. */
const RETRY_AFTER_SECONDS = [30, 120, 600, 3600] as const;
const MAX_ATTEMPTS = RETRY_AFTER_SECONDS.length + 1;
/** Deliveries one claim takes, and claims one run makes, so a run always ends. */
const BATCH = 50;
const MAX_BATCHES_PER_RUN = 20;
/** Longer than a batch's sends can take: a node that dies mid-batch frees its rows after this. */
const CLAIM_SECONDS = 120;
/** Due retries are picked up this often; new decisions nudge the sender at once. */
const RUN_EVERY_MS = 5000;

export interface PushSenderDeps extends Domain {
  log: FastifyBaseLogger;
  keys: VapidKeys;
  subject: string;
  /** Which push-service URLs may be sent to, and at which addresses (the production rule or a test's own). */
  endpoints: PushEndpointPolicy;
  /** Told of each notice refused by its push service or given up after its last try. */
  onFailed?: () => void;
}

type SendResult =
  | { outcome: 'sent' }
  | { outcome: 'gone'; status?: number; reason?: string }
  | { outcome: 'retry'; status?: number; reason?: string }
  | { outcome: 'refused'; status?: number; reason?: string };

function resultOf(status: number): SendResult {
  if (status >= 200 && status < 300) return { outcome: 'sent' };
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  if (status === 408 || status === 429 || status >= 500) return { outcome: 'retry', status };
  // Any other refusal (a bad token, too large) would be refused again: trying again helps nobody.
  return { outcome: 'refused', status };
}

/**
 * Posts one encrypted notice. web-push makes the request (VAPID token, aes128gcm body); this sends
 * it, because web-push's own sender speaks https only and follows no timeout of the whole
 * exchange. Redirects are not followed (Node's request never does), the connection goes only to
 * an address the policy reaches (an IP literal's own, or every one a name resolves to), and only
 * the status is read: the push service's body is dropped.
 */
async function post(
  endpoint: URL,
  details: RequestDetails,
  signal: AbortSignal,
  policy: PushEndpointPolicy,
): Promise<number> {
  checkLiteralHost(endpoint, policy);
  return new Promise((resolve, reject) => {
    const transport = endpoint.protocol === 'https:' ? https : http;
    const request = transport.request(
      endpoint,
      {
        method: details.method,
        headers: Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)])),
        lookup: lookupReachable(policy),
        signal,
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

/**
 * Sends the notices the decisions queued (server/live/events.ts), after their transactions committed:
 * from a timer and whenever a decision is heard, on every node. Each node claims due deliveries
 * with one guarded statement, so no delivery is sent by two nodes at once; a failed send is tried
 * again after 30 s, 2 min, 10 min and 1 h, then given up. Nothing here can throw into, delay or
 * undo a decision: the decision is committed before the sender sees it.
 */
export function createPushSender(deps: PushSenderDeps) {
  const { queries, log } = deps;
  const shutdown = new AbortController();
  const iso = (ms: number) => new Date(ms).toISOString();

  async function send(delivery: PushDeliveryRow): Promise<SendResult> {
    const amount = await queries.push.amountOf(delivery.kind, delivery.ref_id, delivery.user_id);
    const notice =
      amount === undefined
        ? undefined
        : noticeFor({
            outcome: { kind: delivery.kind, id: delivery.ref_id, state: delivery.state },
            amount,
            lang: delivery.lang,
            hideAmounts: delivery.hide_amounts === 1,
            session: delivery.token_hash,
          });
    if (!notice) return { outcome: 'refused', reason: 'no such outcome of this customer' };
    // The policy is checked again at send time: a rule made stricter since the subscription
    // was stored applies to it too.
    const endpoint = new URL(delivery.endpoint);
    if (!deps.endpoints.accepts(endpoint)) return { outcome: 'gone', reason: 'endpoint no longer allowed' };
    const details = generateRequestDetails(
      { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
      JSON.stringify(notice),
      {
        vapidDetails: { subject: deps.subject, publicKey: deps.keys.publicKey, privateKey: deps.keys.privateKey },
        TTL: NOTICE_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    );
    try {
      const signal = AbortSignal.any([shutdown.signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]);
      return resultOf(await post(endpoint, details, signal, deps.endpoints));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // An address the server does not send to, named or resolved to, ends the subscription.
      if ((error as NodeJS.ErrnoException).code === NOT_PUBLIC) return { outcome: 'gone', reason };
      return { outcome: 'retry', reason };
    }
  }

  /** Sends one claimed delivery and settles its row; never throws. */
  async function deliver(delivery: PushDeliveryRow, claim: string): Promise<boolean> {
    const where = {
      delivery: delivery.id,
      subscription: delivery.subscription_id,
      host: endpointHost(delivery.endpoint),
      attempt: delivery.attempts,
    };
    try {
      const result = await send(delivery);
      switch (result.outcome) {
        case 'sent':
          await queries.push.deleteDelivery(delivery.id, claim);
          return true;
        case 'gone':
          log.info({ ...where, status: result.status, reason: result.reason }, 'push subscription gone; deleted');
          await queries.push.deleteSubscription(delivery.subscription_id);
          return false;
        case 'refused':
          log.warn({ ...where, status: result.status, reason: result.reason }, 'push notice refused; not sent');
          deps.onFailed?.();
          await queries.push.deleteDelivery(delivery.id, claim);
          return false;
        case 'retry': {
          if (shutdown.signal.aborted) {
            // This node is stopping: another takes the notice over at once, its try not counted.
            await queries.push.handBack(delivery.id, claim, iso(deps.now().getTime()));
            return false;
          }
          const failure = { ...where, status: result.status, reason: result.reason };
          const wait = RETRY_AFTER_SECONDS[delivery.attempts - 1];
          if (delivery.attempts >= MAX_ATTEMPTS || wait === undefined) {
            log.warn(failure, 'push notice given up after its last try');
            deps.onFailed?.();
            await queries.push.deleteDelivery(delivery.id, claim);
          } else {
            log.info(failure, 'push notice failed; will try again');
            await queries.push.retryDelivery(delivery.id, claim, iso(deps.now().getTime() + wait * 1000));
          }
          return false;
        }
      }
    } catch (error) {
      log.error({ ...where, err: error }, 'push delivery failed');
      return false;
    }
  }

  /** Claims and sends what is due, a batch at a time; how many notices went out. */
  async function sendDue(): Promise<number> {
    let sent = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !shutdown.signal.aborted; batch += 1) {
      const claim = randomUUID();
      const now = deps.now().getTime();
      const claimed = await queries.push.claimDue({
        claim,
        now: iso(now),
        until: iso(now + CLAIM_SECONDS * 1000),
        limit: BATCH,
      });
      if (claimed === 0) break;
      const deliveries = await queries.push.claimed(claim, iso(now));
      const results = await Promise.all(deliveries.map((delivery) => deliver(delivery, claim)));
      sent += results.filter(Boolean).length;
      // What the claim still holds had no live session to go to (signed out, expired).
      await queries.push.dropClaimed(claim);
      if (claimed < BATCH) break;
    }
    return sent;
  }

  /** One run at a time on this node; asks made while one waits to start share it. */
  let runs: Promise<number> = Promise.resolve(0);
  let waiting = false;
  function run(): Promise<number> {
    if (waiting) return runs;
    waiting = true;
    runs = runs.then(async () => {
      waiting = false;
      try {
        return await sendDue();
      } catch (error) {
        log.error({ err: error }, 'push sender failed');
        return 0;
      }
    });
    return runs;
  }

  return {
    publicKey: deps.keys.publicKey,
    /** Whether the server will send to this push-service URL. */
    accepts: (url: URL) => deps.endpoints.accepts(url),
    /** A decision was committed somewhere: send its notices now rather than at the next tick. */
    nudge(): void {
      void run();
    },
    /** Sends what is due now, after any run under way; resolves with how many went out. */
    sendDue: run,
    /** Starts the timer; the returned stop cuts sends in flight short and waits for the run. */
    start(): () => Promise<void> {
      const timer = setInterval(() => void run(), RUN_EVERY_MS);
      timer.unref();
      return async () => {
        clearInterval(timer);
        shutdown.abort();
        await runs;
      };
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;

declare module '../platform/context' {
  interface ServerContext {
    /** Web Push: the VAPID public key, the endpoint rule and the sender of queued notices. */
    push: PushSender;
  }
}
