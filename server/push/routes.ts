import { ECDH } from 'node:crypto';
import type { CallRegistry } from '../auth/calls';
import type { RouteLimit } from '../platform/http/envelope';
import { inTransaction } from '../ledger/transactions';
import { isoNow } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import { invalidField } from '../platform/http/errors';
import { sha256 } from '../platform/security/tokens';

/** Devices one customer may have subscribed at once; the oldest goes when another comes. */
export const SUBSCRIPTIONS_PER_USER = 10;
/** A device subscribes when the customer turns notices on or changes language or hide amounts. */
const PUSH_CALLS: RouteLimit = { max: 30, timeWindow: 60_000 };

/** Whether the subscription's key is a point on P-256, so that every notice can be encrypted to it. */
function isP256PublicKey(base64url: string): boolean {
  try {
    // Decoding a point checks that it lies on the curve.
    ECDH.convertKey(Buffer.from(base64url, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

export function pushRoutes(calls: CallRegistry, context: ServerContext): void {
  calls.user('push/key', () => ({ public_key: context.push.publicKey }), PUSH_CALLS);

  /**
   * Stores the calling session's subscription, with the call's language and the device's choice
   * to hide amounts. The session owns it: signing out deletes it, and an endpoint subscribed
   * again by another session (another customer on the device) leaves its earlier owner, with
   * whatever was still queued for that owner.
   */
  calls.user(
    'push/subscribe',
    async ({ endpoint, p256dh, auth, hide_amounts }, { user, tokenHash, lang }) => {
      if (!context.push.accepts(new URL(endpoint))) throw invalidField('endpoint', 'invalid.endpoint');
      if (!isP256PublicKey(p256dh)) throw invalidField('p256dh', 'invalid');
      const choices = { p256dh, auth, lang, hide_amounts: hide_amounts ? 1 : 0 };
      await inTransaction(context, async (tx) => {
        // The customer first, then the endpoint, in every transaction: no two wait on each other.
        await tx.lock(`push subscriptions of ${user.id}`);
        await tx.lock(`push endpoint ${sha256(endpoint)}`);
        const existing = await tx.queries.push.subscriptionByEndpoint(endpoint);
        if (existing && existing.token_hash === tokenHash && existing.user_id === user.id) {
          await tx.queries.push.updateSubscription(existing.id, choices);
          return;
        }
        if (existing) await tx.queries.push.deleteSubscription(existing.id);
        await tx.queries.push.insertSubscription({
          endpoint,
          token_hash: tokenHash,
          user_id: user.id,
          ...choices,
          created_at: isoNow(tx),
        });
        await tx.queries.push.keepNewest(user.id, SUBSCRIPTIONS_PER_USER);
      });
      return {};
    },
    PUSH_CALLS,
  );

  /** Deletes the caller's own subscription of this endpoint; another customer's stays. */
  calls.user(
    'push/unsubscribe',
    async ({ endpoint }, { user }) => {
      await context.queries.push.deleteOwnSubscription(endpoint, user.id);
      return {};
    },
    PUSH_CALLS,
  );
}
