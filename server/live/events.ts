import type { ReviewKind } from '../../contract/console';
import type { LiveEvent } from '../../contract/live';
import { isoNow, type Domain } from '../platform/domain';
import type { InTransaction } from '../ledger/transactions';
import { outcomeOf } from '../push/notices';

/**
 * Queues live events for a user, in the caller's transaction and in one statement, so they exist
 * exactly when the change they announce does. The server relays new events to the user's sockets
 * (server/live/hub.ts). A final outcome (a sale, recharge or withdrawal decided, a holding paid back)
 * is also queued as a push notice to each of the user's subscribed devices, sent once the
 * transaction has committed (server/push/sender.ts).
 */
export async function publish(domain: Domain & InTransaction, userId: number, ...events: LiveEvent[]): Promise<void> {
  await announce(domain, userId, events, false);
}

/**
 * What the console hears when the review queue changes: an order entered it or left it. It
 * travels the customers' event path (so it reaches every node the same way) under the customer
 * concerned, and the live hub hands it to operators' sockets only.
 */
export const REVIEW_QUEUE_PAYLOAD = '{"type":"review_queue"}';

/** An order in the review queue changed without entering or leaving it (a chain check, a first approval). */
export async function publishQueueChange(domain: Domain & InTransaction, userId: number): Promise<void> {
  await announce(domain, userId, [], true);
}

/**
 * An order of `kind` entered the review queue (1) or left it (-1): the customer's `events` and the
 * console's notice, then the kind's count of waiting orders moved by as much. Called last in the
 * transaction: the count's row is shared by the customers of its stripe, so on PostgreSQL it is
 * held only from here to the commit, and after every other row the transaction locks (an
 * offer's, a customer's), which leaves no order of locks that could deadlock with another.
 */
export async function publishQueueMove(
  domain: Domain & InTransaction,
  userId: number,
  move: { kind: ReviewKind; by: 1 | -1 },
  ...events: LiveEvent[]
): Promise<void> {
  await announce(domain, userId, events, true);
  await domain.queries.review.moveWaiting(move.kind, userId, move.by);
}

async function announce(
  domain: Domain & InTransaction,
  userId: number,
  events: readonly LiveEvent[],
  queueChanged: boolean,
): Promise<void> {
  const at = isoNow(domain);
  const payloads = events.map((event) => JSON.stringify(event));
  if (queueChanged) payloads.push(REVIEW_QUEUE_PAYLOAD);
  if (payloads.length > 0) await domain.queries.events.insert(userId, payloads, at);
  for (const event of events) {
    const outcome = outcomeOf(event);
    if (outcome) await domain.queries.push.queue(userId, outcome.kind, outcome.id, outcome.state, at);
  }
}
