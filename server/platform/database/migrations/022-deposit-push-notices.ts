import type { MigrationSteps } from '../migration';

export default {
  // A deposit credited from the chain is a push notice of its own kind. SQLite cannot change a
  // column's CHECK in place: the table is made again with its rows and indexes.
  sqlite: `
    CREATE TABLE push_deliveries_next (
      id INTEGER PRIMARY KEY,
      subscription_id INTEGER NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
      user_id INTEGER NOT NULL REFERENCES users(id),
      kind TEXT NOT NULL CHECK (kind IN ('sale_order', 'recharge', 'withdraw', 'lixibao', 'deposit')),
      ref_id INTEGER NOT NULL,
      state TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      claim TEXT,
      claimed_until TEXT,
      created_at TEXT NOT NULL
    );
    INSERT INTO push_deliveries_next (id, subscription_id, user_id, kind, ref_id, state, attempts, next_attempt_at,
                                      claim, claimed_until, created_at)
      SELECT id, subscription_id, user_id, kind, ref_id, state, attempts, next_attempt_at, claim, claimed_until,
             created_at
      FROM push_deliveries;
    DROP TABLE push_deliveries;
    ALTER TABLE push_deliveries_next RENAME TO push_deliveries;
    CREATE INDEX push_deliveries_due ON push_deliveries(next_attempt_at, id);
    CREATE INDEX push_deliveries_subscription ON push_deliveries(subscription_id);
    CREATE INDEX push_deliveries_claim ON push_deliveries(claim);
    `,
  postgres: `
    ALTER TABLE push_deliveries DROP CONSTRAINT push_deliveries_kind_check;
    ALTER TABLE push_deliveries ADD CONSTRAINT push_deliveries_kind_check
      CHECK (kind IN ('sale_order', 'recharge', 'withdraw', 'lixibao', 'deposit'));
    `,
} satisfies MigrationSteps;
