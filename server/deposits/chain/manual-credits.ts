import { cents, formatMoney } from '../../../contract/money';
import { inTransaction } from '../../ledger/transactions';
import { isoNow, type Domain } from '../../platform/domain';
import { publish } from '../../live/events';
import { approvalsThatCount, countedOperator, secondApprovalAbove, type ReviewRules } from '../../staff/four-eyes';

/** Why a deposit could not be credited by hand. */
export type HandCreditRefusal = 'not_found' | 'not_below_minimum' | 'nothing_to_credit' | 'approved_already';

export class HandCreditError extends Error {
  override readonly name = 'HandCreditError';
  constructor(
    message: string,
    readonly reason: HandCreditRefusal,
  ) {
    super(message);
  }
}

/**
 * An administrator credits a transfer that arrived below the network's minimum, with a reason:
 * in one transaction, under the deposit's lock, the deposit becomes credited, its ledger line is
 * written, the customer hears of it and the audit log has it. Above the second-approval limit it
 * takes two different administrators who count toward four eyes (see server/staff/four-eyes.ts), like a
 * large recharge; the first is recorded and nothing moves.
 */
export async function creditByHand(
  domain: Domain,
  id: number,
  actor: string,
  reason: string,
  rules: ReviewRules,
): Promise<'credited' | 'awaiting_second_approval'> {
  return inTransaction(domain, async (tx) => {
    await tx.lock(`deposit ${id}`);
    const deposit = await tx.queries.chain.depositById(id);
    if (!deposit) throw new HandCreditError(`no deposit ${id}`, 'not_found');
    if (deposit.state !== 'below_minimum') {
      throw new HandCreditError(`deposit ${id} is ${deposit.state}, not below the minimum`, 'not_below_minimum');
    }
    if (deposit.amount <= 0) throw new HandCreditError(`deposit ${id} is less than a cent`, 'nothing_to_credit');
    const at = isoNow(tx);
    const amount = cents(deposit.amount);
    const needsTwo = amount > (await secondApprovalAbove(tx, rules));
    // One of two approvals only from an administrator who counts by now (FourEyesError otherwise).
    if (needsTwo) await countedOperator(tx, actor, 'admin');
    if (!(await tx.queries.chain.addApproval(id, actor, reason, at))) {
      throw new HandCreditError(`${actor} approved deposit ${id} already`, 'approved_already');
    }
    const entry = { target_type: 'deposit', target_id: id, user_id: deposit.user_id, created_at: at };
    if (needsTwo) {
      const approvals = await approvalsThatCount(tx, await tx.queries.chain.approvalsOf(id));
      if (approvals.length < 2) {
        await tx.queries.audit.record({
          ...entry,
          actor,
          action: 'approve',
          before_value: 'below_minimum',
          after_value: 'awaiting second approval',
          detail: `${formatMoney(amount)} by hand: ${reason}`,
        });
        return 'awaiting_second_approval';
      }
    }
    if (!(await tx.queries.chain.creditByHand(id, at))) {
      throw new HandCreditError(`deposit ${id} is not below the minimum any more`, 'not_below_minimum');
    }
    await tx.ledger.post({
      userId: deposit.user_id,
      kind: 'recharge',
      amount,
      ref: { type: 'deposit', id },
      remark: reason,
      at,
    });
    await tx.queries.audit.record({
      ...entry,
      actor,
      action: 'credit by hand',
      before_value: 'below_minimum',
      after_value: 'credited',
      detail: `${formatMoney(amount)}: ${reason}`,
    });
    const network = await tx.queries.chain.network(deposit.network);
    const needed = network?.confirmations ?? deposit.confirmations;
    await publish(tx, deposit.user_id, {
      type: 'deposit',
      id,
      state: 'credited',
      confirmations: Math.min(deposit.confirmations, needed),
      needed,
    });
    return 'credited';
  });
}
