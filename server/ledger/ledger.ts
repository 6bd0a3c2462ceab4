import type { Cents } from '../../contract/money';
import type { LedgerKind } from '../../contract/rules';
import type { Queries } from '../platform/database/queries';
import { conflict } from '../platform/http/errors';

export interface Movement {
  userId: number;
  kind: LedgerKind;
  /** Positive credits the balance, negative debits it. */
  amount: Cents;
  ref?: { type: string; id: number };
  remark?: string;
  at: string;
}

/** A movement as written: its ledger line's id beside it. */
export type Posted = Movement & { ledgerId: number };

export class InsufficientBalance extends Error {
  override readonly name = 'InsufficientBalance';
}

/**
 * The only code that changes a balance. Every movement updates `users.balance` (and the
 * customer's running totals of their ledger) and writes one ledger row with the balance after it.
 * It exists only inside a transaction (see `inTransaction` in server/ledger/transactions.ts), so a
 * balance always equals the sum of its ledger rows. A debit that would go below zero moves nothing
 * and throws.
 */
export function createLedger(queries: Pick<Queries, 'ledger'>, onPosted?: (posted: Posted) => void) {
  async function post(movement: Movement): Promise<number> {
    if (!Number.isSafeInteger(movement.amount) || movement.amount === 0) {
      throw new Error(`invalid ledger amount ${movement.amount}`);
    }
    const moved = await queries.ledger.moveBalance(movement.userId, movement.kind, movement.amount);
    if (moved === undefined) throw new InsufficientBalance();
    // A team's recharge total is its members' recharge lines: kept with them, in this transaction.
    if (movement.kind === 'recharge') await queries.ledger.addToTeams(movement.userId, movement.amount);
    const ledgerId = await queries.ledger.insert({
      user_id: movement.userId,
      kind: movement.kind,
      amount: movement.amount,
      balance_after: moved.balance,
      ref_type: movement.ref?.type ?? '',
      ref_id: movement.ref?.id ?? null,
      remark: movement.remark ?? '',
      created_at: movement.at,
    });
    // Numbered by the counts the balance's row lock gave: two movements of one customer never share one.
    await queries.ledger.number({
      userId: movement.userId,
      ledgerId,
      direction: movement.amount > 0 ? 1 : -1,
      seq: moved.ledger_lines,
      directionSeq: movement.amount > 0 ? moved.credit_lines : moved.debit_lines,
    });
    onPosted?.({ ...movement, ledgerId });
    return moved.balance;
  }

  return {
    post,
    /** Like `post`, but an overdraft becomes the customer's 409 "insufficient balance". */
    async debit(movement: Movement): Promise<number> {
      try {
        return await post(movement);
      } catch (error) {
        if (error instanceof InsufficientBalance) throw conflict('insufficient_balance');
        throw error;
      }
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
