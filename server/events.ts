import type { LiveEvent } from '../contract/live';
import { isoNow, type Domain, type InTransaction } from './context';
import { outcomeOf } from './push/notices';

/**
 * Queues a live event for a user, in the caller's transaction, so it exists exactly when the
 * change it announces does. The server relays new events to the user's sockets (server/live.ts).
 * A final outcome (a sale, recharge or withdrawal decided, a holding paid back) is also queued
 * as a push notice to each of the user's subscribed devices, sent once the transaction has
 * committed (server/push/sender.ts).
 */
export async function publish(domain: Domain & InTransaction, userId: number, event: LiveEvent): Promise<void> {
  const at = isoNow(domain);
  await domain.queries.events.insert(userId, JSON.stringify(event), at);
  const outcome = outcomeOf(event);
  if (outcome) await domain.queries.push.queue(userId, outcome.kind, outcome.id, outcome.state, at);
}

/**
 * What the console hears when the review queue changes: an order entered it or left it. It
 * travels the customers' event path (so it reaches every node the same way) under the customer
 * concerned, and the live hub hands it to operators' sockets only.
 */
export const REVIEW_QUEUE_PAYLOAD = '{"type":"review_queue"}';

export async function publishQueueChange(domain: Domain & InTransaction, userId: number): Promise<void> {
  await domain.queries.events.insert(userId, REVIEW_QUEUE_PAYLOAD, isoNow(domain));
}
