import type { ReviewState } from '../../contract/rules';
import type { SqlRunner } from './database';

export interface ReceivingAddressRow {
  type: string;
  address: string;
  min_amount: number;
  position: number;
  updated_at: string;
}

export interface RechargeRow {
  id: number;
  user_id: number;
  type: string;
  category: string;
  address: string;
  amount: number;
  credentials: string;
  /** What the proof's picture is (see uploads.identityOf). */
  proof_hash: string;
  state: ReviewState;
  remark: string;
  created_at: string;
  updated_at: string;
}

export type NewRecharge = Omit<RechargeRow, 'id' | 'state' | 'remark' | 'updated_at'>;

export function rechargeQueries(db: SqlRunner) {
  return {
    upsertAddress: (row: ReceivingAddressRow) =>
      db.run(
        `INSERT INTO receiving_addresses (type, address, min_amount, position, updated_at)
         VALUES (@type, @address, @min_amount, @position, @updated_at)
         ON CONFLICT (type) DO UPDATE SET address = excluded.address, updated_at = excluded.updated_at`,
        { ...row },
      ),
    /** A network's address and minimum, new or changed. */
    saveAddress: (row: ReceivingAddressRow) =>
      db.run(
        `INSERT INTO receiving_addresses (type, address, min_amount, position, updated_at)
         VALUES (@type, @address, @min_amount, @position, @updated_at)
         ON CONFLICT (type) DO UPDATE SET address = excluded.address, min_amount = excluded.min_amount,
           updated_at = excluded.updated_at`,
        { ...row },
      ),
    addresses: () => db.all<ReceivingAddressRow>('SELECT * FROM receiving_addresses ORDER BY position, type'),
    nextPosition: async () =>
      (await db.get<{ n: number }>('SELECT COALESCE(MAX(position), 0) + 1 AS n FROM receiving_addresses'))?.n ?? 1,
    insert: (row: NewRecharge) =>
      db.insert(
        `INSERT INTO recharges (user_id, type, category, address, amount, credentials, proof_hash, created_at, updated_at)
         VALUES (@user_id, @type, @category, @address, @amount, @credentials, @proof_hash, @created_at, @created_at)`,
        { ...row },
      ),
    byId: (id: number) => db.get<RechargeRow>('SELECT * FROM recharges WHERE id = ?', [id]),
    /** A customer's latest recharges, newest first (what a reviewer compares a proof with). */
    recentOf: (userId: number, limit: number) =>
      db.all<RechargeRow>('SELECT * FROM recharges WHERE user_id = ? ORDER BY id DESC LIMIT ?', [userId, limit]),
    /** Whether a recharge in review or approved already rests on this picture. */
    isProofInUse: async (proofHash: string) =>
      (await db.get("SELECT 1 AS found FROM recharges WHERE proof_hash = ? AND state <> 'failure' LIMIT 1", [
        proofHash,
      ])) !== undefined,
    /** The user's recharges waiting for review. */
    openCount: async (userId: number) =>
      (
        await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM recharges WHERE user_id = ? AND state = 'audit'", [
          userId,
        ])
      )?.n ?? 0,
    /** Moves an order out of review; false when it was not in review any more. */
    review: async (id: number, state: Exclude<ReviewState, 'audit'>, remark: string, at: string) =>
      (await db.run(
        "UPDATE recharges SET state = @state, remark = @remark, updated_at = @at WHERE id = @id AND state = 'audit'",
        { id, state, remark, at },
      )) === 1,
  };
}
