import type { Migration } from '../migration';

export default `
  -- Web Push. A browser subscription belongs to the session that made it and goes with it; its
  -- language and hide-amounts choice decide the notices' wording.
  CREATE TABLE push_subscriptions (
    id INTEGER PRIMARY KEY,
    endpoint TEXT NOT NULL UNIQUE,
    token_hash TEXT NOT NULL REFERENCES sessions(token_hash) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    lang TEXT NOT NULL,
    hide_amounts INTEGER NOT NULL CHECK (hide_amounts IN (0, 1)),
    created_at TEXT NOT NULL
  );
  CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id, created_at);
  CREATE INDEX push_subscriptions_session ON push_subscriptions(token_hash);

  -- One notice to one subscription, written in the transaction of the decision it tells of and
  -- deleted once sent. A sender claims due rows until claimed_until, so nodes never send one twice
  -- at once; a failed send waits until next_attempt_at.
  CREATE TABLE push_deliveries (
    id INTEGER PRIMARY KEY,
    subscription_id INTEGER NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL CHECK (kind IN ('sale_order', 'recharge', 'withdraw', 'lixibao')),
    ref_id INTEGER NOT NULL,
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    claim TEXT,
    claimed_until TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX push_deliveries_due ON push_deliveries(next_attempt_at);
  CREATE INDEX push_deliveries_subscription ON push_deliveries(subscription_id);
  CREATE INDEX push_deliveries_claim ON push_deliveries(claim);
  ` satisfies Migration;
