import type { SqlRunner } from '../platform/database/sql';

/** The outcomes a customer hears of by push; see server/push/notices.ts. */
export type PushKind = 'sale_order' | 'recharge' | 'withdraw' | 'lixibao' | 'deposit';

export interface PushSubscriptionRow {
  id: number;
  endpoint: string;
  token_hash: string;
  user_id: number;
  p256dh: string;
  auth: string;
  lang: string;
  hide_amounts: number;
  created_at: string;
}

export type NewPushSubscription = Omit<PushSubscriptionRow, 'id'>;

/** A claimed delivery with what sending it needs: its subscription, whose session still lives. */
export interface PushDeliveryRow {
  id: number;
  kind: PushKind;
  ref_id: number;
  state: string;
  attempts: number;
  user_id: number;
  subscription_id: number;
  endpoint: string;
  token_hash: string;
  p256dh: string;
  auth: string;
  lang: string;
  hide_amounts: number;
}

export interface PushClaim {
  claim: string;
  now: string;
  /** Until when the claim holds: a sender that dies leaves its rows to another after this. */
  until: string;
  limit: number;
}

export function pushQueries(db: SqlRunner) {
  return {
    subscriptionByEndpoint: (endpoint: string) =>
      db.get<PushSubscriptionRow>('SELECT * FROM push_subscriptions WHERE endpoint = ?', [endpoint]),
    insertSubscription: (subscription: NewPushSubscription) =>
      db.insert(
        `INSERT INTO push_subscriptions (endpoint, token_hash, user_id, p256dh, auth, lang, hide_amounts, created_at)
         VALUES (@endpoint, @token_hash, @user_id, @p256dh, @auth, @lang, @hide_amounts, @created_at)`,
        { ...subscription },
      ),
    /** The same session subscribing again (a new language, amounts hidden or shown): its queue stays. */
    updateSubscription: (id: number, change: Pick<PushSubscriptionRow, 'p256dh' | 'auth' | 'lang' | 'hide_amounts'>) =>
      db.run(
        'UPDATE push_subscriptions SET p256dh = @p256dh, auth = @auth, lang = @lang, hide_amounts = @hide_amounts WHERE id = @id',
        { id, ...change },
      ),
    deleteSubscription: (id: number) => db.run('DELETE FROM push_subscriptions WHERE id = ?', [id]),
    /** The caller's own subscription only: another customer's of the same endpoint stays. */
    deleteOwnSubscription: (endpoint: string, userId: number) =>
      db.run('DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?', [endpoint, userId]),
    /** A session ended (sign-out): its devices hear nothing more. */
    deleteForSession: (tokenHash: string) => db.run('DELETE FROM push_subscriptions WHERE token_hash = ?', [tokenHash]),
    /** Every session of the user ended (password reset, account disabled). */
    deleteForUser: (userId: number) => db.run('DELETE FROM push_subscriptions WHERE user_id = ?', [userId]),
    /** Every session of the user but `keep` ended ("sign out everywhere else"). */
    deleteForUserExcept: (userId: number, keep: string) =>
      db.run('DELETE FROM push_subscriptions WHERE user_id = ? AND token_hash <> ?', [userId, keep]),
    /** Keeps the user's `keep` newest subscriptions and deletes the rest. */
    keepNewest: (userId: number, keep: number) =>
      db.run(
        `DELETE FROM push_subscriptions WHERE user_id = @user_id AND id NOT IN (
           SELECT id FROM (
             SELECT id FROM push_subscriptions WHERE user_id = @user_id ORDER BY created_at DESC, id DESC LIMIT @keep
           ) AS newest
         )`,
        { user_id: userId, keep },
      ),
    /** One delivery per subscription the user has now, in the caller's transaction. */
    queue: (userId: number, kind: PushKind, refId: number, state: string, at: string) =>
      db.run(
        `INSERT INTO push_deliveries (subscription_id, user_id, kind, ref_id, state, next_attempt_at, created_at)
         SELECT id, user_id, @kind, @ref_id, @state, @at, @at FROM push_subscriptions WHERE user_id = @user_id`,
        { user_id: userId, kind, ref_id: refId, state, at },
      ),
    /**
     * Claims up to `limit` due deliveries nobody holds. The guard is repeated outside the subquery:
     * PostgreSQL re-checks it against a row another node has just claimed (and skips that row),
     * and SQLite runs one writer at a time.
     */
    claimDue: (claim: PushClaim) =>
      db.run(
        `UPDATE push_deliveries SET claim = @claim, claimed_until = @until, attempts = attempts + 1
         WHERE id IN (
           SELECT id FROM push_deliveries
           WHERE next_attempt_at <= @now AND (claimed_until IS NULL OR claimed_until <= @now)
           ORDER BY next_attempt_at, id LIMIT @limit
         ) AND (claimed_until IS NULL OR claimed_until <= @now)`,
        { ...claim },
      ),
    /**
     * The claimed deliveries whose subscription still belongs to the customer the outcome is
     * about and whose session is still active (not signed out, not expired).
     */
    claimed: (claim: string, now: string) =>
      db.all<PushDeliveryRow>(
        `SELECT push_deliveries.id, push_deliveries.kind, push_deliveries.ref_id, push_deliveries.state,
           push_deliveries.attempts, push_deliveries.user_id, push_deliveries.subscription_id,
           push_subscriptions.endpoint, push_subscriptions.token_hash, push_subscriptions.p256dh,
           push_subscriptions.auth, push_subscriptions.lang, push_subscriptions.hide_amounts
         FROM push_deliveries
         JOIN push_subscriptions ON push_subscriptions.id = push_deliveries.subscription_id
           AND push_subscriptions.user_id = push_deliveries.user_id
         JOIN sessions ON sessions.token_hash = push_subscriptions.token_hash
           AND sessions.revoked_at IS NULL AND sessions.expires_at > @now
         WHERE push_deliveries.claim = @claim
         ORDER BY push_deliveries.id`,
        { claim, now },
      ),
    /** Whatever of a claim was not sent (its session ended meanwhile) and is not waiting to retry. */
    dropClaimed: (claim: string) => db.run('DELETE FROM push_deliveries WHERE claim = ?', [claim]),
    /** Sent, or given up: the delivery is done, if this claim still holds it. */
    deleteDelivery: (id: number, claim: string) =>
      db.run('DELETE FROM push_deliveries WHERE id = ? AND claim = ?', [id, claim]),
    /** Tries again at `at`; released for any node to claim then. */
    retryDelivery: (id: number, claim: string, at: string) =>
      db.run(
        'UPDATE push_deliveries SET next_attempt_at = ?, claim = NULL, claimed_until = NULL WHERE id = ? AND claim = ?',
        [at, id, claim],
      ),
    /** How many notices are due at `now` or before (the sender's backlog). */
    dueCount: async (now: string) =>
      Number(
        (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM push_deliveries WHERE next_attempt_at <= ?', [now]))
          ?.n ?? 0,
      ),
    /** A node stopping gives a claimed delivery back untried: due at `at` for any node, its try uncounted. */
    handBack: (id: number, claim: string, at: string) =>
      db.run(
        `UPDATE push_deliveries SET next_attempt_at = ?, claim = NULL, claimed_until = NULL, attempts = attempts - 1
         WHERE id = ? AND claim = ?`,
        [at, id, claim],
      ),
    /** The amount an outcome is about, read when its notice is written; undefined if not the user's. */
    amountOf: async (kind: PushKind, refId: number, userId: number) => {
      const sql = {
        sale_order: 'SELECT number AS amount FROM sale_orders WHERE id = ? AND user_id = ?',
        recharge: 'SELECT amount FROM recharges WHERE id = ? AND user_id = ?',
        withdraw: 'SELECT amount FROM withdrawals WHERE id = ? AND user_id = ?',
        lixibao: 'SELECT number AS amount FROM interest_orders WHERE id = ? AND user_id = ?',
        deposit: 'SELECT amount FROM chain_deposits WHERE id = ? AND user_id = ?',
      }[kind];
      return (await db.get<{ amount: number }>(sql, [refId, userId]))?.amount;
    },
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly push: ReturnType<typeof pushQueries>;
  }
}
