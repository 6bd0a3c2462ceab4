import type { MigrationRunner, MigrationSteps } from '../migration';
import { REVIEW_WAITING } from '../running-totals';

export default {
  sql: `
    -- How many orders of each kind wait for review, in stripes by customer (WAITING_STRIPES in
    -- server/platform/database/running-totals.ts), moved by the transaction that moves an order in or out: the
    -- console reads its counts from here however long the queue is. ops check proves each stripe.
    CREATE TABLE review_waiting (
      kind TEXT NOT NULL CHECK (kind IN ('recharge', 'withdraw', 'sale')),
      stripe INTEGER NOT NULL,
      waiting INTEGER NOT NULL,
      PRIMARY KEY (kind, stripe)
    );
    `,
  rows: fillReviewWaiting,
} satisfies MigrationSteps;

/** Counts the orders waiting for review into `review_waiting` afresh (also for tests that write orders straight in). */
export async function fillReviewWaiting(db: MigrationRunner): Promise<void> {
  await db.run('DELETE FROM review_waiting');
  await db.run(`INSERT INTO review_waiting (kind, stripe, waiting) ${REVIEW_WAITING}`);
}
