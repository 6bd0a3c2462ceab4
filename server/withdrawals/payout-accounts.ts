import type { CallRegistry } from '../auth/calls';
import { inTransaction } from '../ledger/transactions';
import { isoNow } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import type { BankAccountRow } from './payout-account-queries';
import { isUniqueViolation } from '../platform/database/sql';
import { conflict, notFound } from '../platform/http/errors';
import { translate, utcMinute } from '../platform/i18n';
import { pageOf } from '../platform/http/paging';
import { mailOwner } from '../auth/owner-notices';
import { toBankInfo } from './wire';
import { checkEmailCode, consumeCode } from '../auth/routes';

/** When withdrawals to a payout account may start: a while after it was bound or changed. */
export function payoutUsableAt(row: Pick<BankAccountRow, 'changed_at'>, holdHours: number): string {
  return new Date(Date.parse(row.changed_at) + holdHours * 3600_000).toISOString();
}

export function bankRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries } = context;
  const wire = (row: BankAccountRow, masked: boolean) =>
    toBankInfo(row, masked, payoutUsableAt(row, context.withdrawHoldHours));

  calls.user('bankinfo/list', async (input, { user }) => {
    // A customer has at most one binding of each type: read them all, page in memory.
    const rows = await queries.bank.ofUser(user.id, input.type);
    return pageOf(
      input,
      { rows: async (limit, offset) => rows.slice(offset, offset + limit), total: async () => rows.length },
      (row) => wire(row, true),
    );
  });

  calls.user('bankinfo/get-is-add', async (_input, { user }) => {
    const types = await queries.bank.typesOf(user.id);
    return { is_add: types.length > 0, types };
  });

  calls.user('bankinfo/detail', async ({ type, bk_id }, { user }) => {
    const row = await queries.bank.owned(bk_id, user.id, type);
    if (!row) throw notFound();
    return wire(row, false);
  });

  /**
   * Binding needs a code mailed to the customer's own address, and tells them by e-mail: a thief
   * holding only a session can neither bind quietly nor be paid at once (see payoutUsableAt).
   */
  calls.user('bankinfo/create', async (input, { user, lang }) => {
    const { type, code, ...details } = input;
    // Details can only be changed through customer service, so a second binding is refused.
    if ((await queries.bank.typesOf(user.id)).includes(type)) throw conflict('already_bound', { field: 'type' });
    const codeId = await checkEmailCode(context, user.email, 'bind', code);
    const bound = await inTransaction(context, async (tx) => {
      await tx.lock(`payout accounts of ${user.id}`);
      if ((await tx.queries.bank.typesOf(user.id)).includes(type)) throw conflict('already_bound', { field: 'type' });
      await consumeCode(tx, codeId);
      try {
        const id = await tx.queries.bank.insert(user.id, type, JSON.stringify(details), isoNow(tx));
        // The owner read afresh: their anti-phishing phrase may be newer than this session's copy.
        return { row: await tx.queries.bank.owned(id, user.id, type), owner: await tx.queries.users.byId(user.id) };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('already_bound', { field: 'type' });
        throw error;
      }
    });
    const { row, owner } = bound;
    if (!row) throw notFound();
    const usableAt = payoutUsableAt(row, context.withdrawHoldHours);
    mailOwner(
      context,
      user,
      lang,
      'payout_bound',
      {
        method: translate(lang, `payout.${type}`),
        ending: details.iban.slice(-4),
        usable: utcMinute(usableAt),
      },
      owner?.anti_phishing ?? '',
    );
    return wire(row, false);
  });
}
