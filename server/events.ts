import type { LiveEvent } from '../contract/live';
import { isoNow, type Domain, type InTransaction } from './context';

/**
 * Queues a live event for a user, in the caller's transaction, so it exists exactly when the
 * change it announces does. The server relays new events to the user's sockets (server/live.ts).
 */
export async function publish(domain: Domain & InTransaction, userId: number, event: LiveEvent): Promise<void> {
  await domain.queries.events.insert(userId, JSON.stringify(event), isoNow(domain));
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
