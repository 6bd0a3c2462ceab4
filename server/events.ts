import type { LiveEvent } from '../contract/live';
import { isoNow, type Domain, type InTransaction } from './context';

/**
 * Queues a live event for a user, in the caller's transaction, so it exists exactly when the
 * change it announces does. The server relays new events to the user's sockets (server/live.ts).
 */
export async function publish(domain: Domain & InTransaction, userId: number, event: LiveEvent): Promise<void> {
  await domain.queries.events.insert(userId, JSON.stringify(event), isoNow(domain));
}
