import type { ChainVerdict } from '../../contract/chain';
import type { ReviewState } from '../../contract/rules';
import type { SqlRunner } from '../platform/database/sql';

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
  /** The transaction the customer named (64 hex digits, no 0x), if they did. */
  tx_hash: string | null;
  /** What the chain said of it; null where the network's proofs are not checked. */
  chain_verdict: ChainVerdict | null;
  /** The verdict's particulars: the amount found, the confirmations so far, the address paid. */
  chain_detail: string;
  /** The address the transfer came from (20 bytes, hex), once found. */
  chain_sender: string | null;
  chain_checked_at: string | null;
  /** The unique amount reserved for the transfer (recharge_quotes), if the customer asked for one. */
  quote_id: number | null;
}

/** A unique amount reserved at a shared address for one customer's transfer (see server/deposits/chain/quotes.ts). */
export interface RechargeQuoteRow {
  id: number;
  user_id: number;
  type: string;
  address: string;
  /** What the customer asked to recharge. */
  amount: number;
  /** What they are to send: `amount` plus 1–99 cents. */
  exact_amount: number;
  created_at: string;
  expires_at: string;
}

/** A reservation with whether a recharge in review or approved rests on it (1) or not (0). */
export interface QuoteOfDayRow extends RechargeQuoteRow {
  used: number;
}

export type NewRecharge = Omit<
  RechargeRow,
  | 'id'
  | 'state'
  | 'remark'
  | 'updated_at'
  | 'tx_hash'
  | 'chain_verdict'
  | 'chain_detail'
  | 'chain_sender'
  | 'chain_checked_at'
  | 'quote_id'
> &
  Partial<Pick<RechargeRow, 'tx_hash' | 'chain_verdict' | 'chain_checked_at' | 'quote_id'>>;

/** Verdicts looked at again: the chain may yet show the transfer, or show it final. */
const DUE_VERDICTS = "('pending', 'not_found', 'not_final', 'unreachable')";

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
        `INSERT INTO recharges (user_id, type, category, address, amount, credentials, proof_hash, tx_hash,
                                chain_verdict, chain_checked_at, quote_id, created_at, updated_at)
         VALUES (@user_id, @type, @category, @address, @amount, @credentials, @proof_hash, @tx_hash,
                 @chain_verdict, @chain_checked_at, @quote_id, @created_at, @created_at)`,
        { tx_hash: null, chain_verdict: null, chain_checked_at: null, quote_id: null, ...row },
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
    /** Whether a recharge in review or approved already names this transaction. */
    isTxInUse: async (txHash: string) =>
      (await db.get("SELECT 1 AS found FROM recharges WHERE tx_hash = ? AND state <> 'failure' LIMIT 1", [txHash])) !==
      undefined,
    /** Whether a recharge in review or approved already rests on this reservation. */
    isQuoteInUse: async (quoteId: number) =>
      (await db.get("SELECT 1 AS found FROM recharges WHERE quote_id = ? AND state <> 'failure' LIMIT 1", [
        quoteId,
      ])) !== undefined,
    insertQuote: (row: Omit<RechargeQuoteRow, 'id'>) =>
      db.insert(
        `INSERT INTO recharge_quotes (user_id, type, address, amount, exact_amount, created_at, expires_at)
         VALUES (@user_id, @type, @address, @amount, @exact_amount, @created_at, @expires_at)`,
        { ...row },
      ),
    quote: (id: number) => db.get<RechargeQuoteRow>('SELECT * FROM recharge_quotes WHERE id = ?', [id]),
    /**
     * A customer's reservations made since `since`, the newest first, each with whether a recharge
     * rests on it. A customer makes few a day (see server/deposits/chain/quotes.ts), so this stays short.
     */
    quotesSince: (userId: number, since: string) =>
      db.all<QuoteOfDayRow>(
        `SELECT q.*, CASE WHEN EXISTS (SELECT 1 FROM recharges r WHERE r.quote_id = q.id AND r.state <> 'failure')
                     THEN 1 ELSE 0 END AS used
         FROM recharge_quotes q WHERE q.user_id = ? AND q.created_at >= ?
         ORDER BY q.created_at DESC, q.id DESC`,
        [userId, since],
      ),
    /**
     * The amounts between `low` and `high` (cents) that may not be reserved at an address now:
     * those reserved there since `since`, and those of the recharges there still in review.
     */
    takenAmounts: async (address: string, low: number, high: number, since: string) =>
      (
        await db.all<{ amount: number }>(
          `SELECT exact_amount AS amount FROM recharge_quotes
           WHERE address = @address AND exact_amount BETWEEN @low AND @high AND created_at >= @since
           UNION
           SELECT amount FROM recharges WHERE state = 'audit' AND address = @address AND amount BETWEEN @low AND @high`,
          { address, low, high, since },
        )
      ).map((row) => row.amount),
    /**
     * Recharges in review whose transaction is to be looked at again: last looked at before
     * `before`, named since `since`, the longest waiting first.
     */
    checksDue: (before: string, since: string, limit: number) =>
      db.all<{ id: number; chain_checked_at: string }>(
        `SELECT id, chain_checked_at FROM recharges
         WHERE state = 'audit' AND chain_verdict IN ${DUE_VERDICTS} AND chain_checked_at <= ? AND created_at >= ?
         ORDER BY chain_checked_at, id LIMIT ?`,
        [before, since, limit],
      ),
    /**
     * Takes a recharge's check for this node: true when its mark was still `seen` (no other node
     * took it meanwhile) and it still waits on the chain.
     */
    claimCheck: async (id: number, seen: string, at: string) =>
      (await db.run(
        `UPDATE recharges SET chain_checked_at = @at
         WHERE id = @id AND state = 'audit' AND chain_checked_at = @seen AND chain_verdict IN ${DUE_VERDICTS}`,
        { id, seen, at },
      )) === 1,
    /** What the chain said of a recharge still in review. */
    recordVerdict: (id: number, verdict: ChainVerdict, detail: string, sender: string | null, at: string) =>
      db.run(
        `UPDATE recharges SET chain_verdict = @verdict, chain_detail = @detail, chain_sender = @sender,
                chain_checked_at = @at
         WHERE id = @id AND state = 'audit'`,
        { id, verdict, detail, sender, at },
      ),
    /** Whether a transfer from this address was credited to another customer before. */
    isSenderOfAnother: async (sender: string, userId: number) =>
      (await db.get(
        "SELECT 1 AS found FROM recharges WHERE chain_sender = ? AND state = 'success' AND user_id <> ? LIMIT 1",
        [sender, userId],
      )) !== undefined,
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

declare module '../platform/database/queries' {
  interface Queries {
    readonly recharge: ReturnType<typeof rechargeQueries>;
  }
}
