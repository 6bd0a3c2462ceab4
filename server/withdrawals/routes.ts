import { cents, negateMoney } from '../../contract/money';
import { MIN_WITHDRAW_CENTS } from '../../contract/rules';
import { publishQueueMove } from '../live/events';
import type { CallRegistry } from '../auth/calls';
import { isoNow } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import { notFound, outOfRange, payoutOnHold } from '../platform/http/errors';
import { payoutUsableAt } from './payout-accounts';
import { once, replayed } from '../ledger/idempotency';
import { newPublicCode } from '../platform/security/tokens';
import { pageOf } from '../platform/http/paging';
import { requireIdentityProof } from '../auth/identity-proof';
import { maskIban } from './wire';
import { money } from '../platform/http/wire';
import type { WithdrawCreated } from '../../contract/responses';

function orderNumber(at: Date): string {
  return `W${at.toISOString().slice(0, 10).replaceAll('-', '')}${newPublicCode(8)}`;
}

export function withdrawRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries } = context;

  calls.user('withdraw/create', async (input, call) => {
    const { user } = call;
    // Money leaving needs fresh proof, checked before anything else (a replayed request_id
    // included): the account password again, or a passkey of this customer that verified them
    // (fingerprint, face or PIN) for a challenge this session asked for a withdrawal.
    await requireIdentityProof(context, call, input, 'withdraw');
    const earlier = await replayed<WithdrawCreated>(context, user.id, 'withdraw/create', input.request_id, input);
    if (earlier) return earlier;

    return once(context, user.id, 'withdraw/create', input.request_id, input, async (tx) => {
      const { queries, ledger } = tx;
      const binding = await queries.bank.owned(input.bk_id, user.id, input.type);
      if (!binding) throw notFound();
      const usableAt = payoutUsableAt(binding, context.withdrawHoldHours);
      if (isoNow(tx) < usableAt) throw payoutOnHold(usableAt);
      if (input.amount < MIN_WITHDRAW_CENTS) {
        throw outOfRange('amount_below_minimum', 'amount', { min: MIN_WITHDRAW_CENTS });
      }
      const now = context.now();
      const orderNo = orderNumber(now);
      const id = await queries.withdraw.insert({
        order_no: orderNo,
        user_id: user.id,
        type: input.type,
        bank_account_id: binding.id,
        amount: input.amount,
        fee: 0,
        created_at: now.toISOString(),
      });
      await ledger.debit({
        userId: user.id,
        kind: 'withdraw',
        amount: negateMoney(cents(input.amount)),
        ref: { type: 'withdraw', id },
        at: now.toISOString(),
      });
      await publishQueueMove(tx, user.id, { kind: 'withdraw', by: 1 });
      return { id, order_no: orderNo, state: 'audit' as const };
    });
  });

  calls.user('withdraw/list', (input, { user }) =>
    pageOf(
      input,
      {
        rows: (limit, offset) => queries.withdraw.page(user.id, limit, offset),
        total: () => queries.withdraw.count(user.id),
      },
      (row) => ({
        id: row.id,
        order_no: row.order_no,
        type: row.type,
        amount: money(row.amount),
        fee: money(row.fee),
        account: maskIban((JSON.parse(row.details) as { iban?: string }).iban ?? ''),
        state: row.state,
        remark: row.remark,
        created_at: row.created_at,
        updated_at: row.updated_at,
      }),
    ),
  );
}
