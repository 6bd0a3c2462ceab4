import type { CallRegistry } from '../calls';
import { isoNow, type ServerContext } from '../context';
import { isUniqueViolation } from '../db/database';
import { conflict, notFound } from '../errors';
import { pageOf } from '../paging';
import { toBankInfo } from '../wire';

export function bankRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries } = context;

  calls.user('bankinfo/list', async (input, { user }) => {
    // A customer has at most one binding of each type: read them all, page in memory.
    const rows = await queries.bank.ofUser(user.id, input.type);
    return pageOf(
      input,
      { rows: async (limit, offset) => rows.slice(offset, offset + limit), total: async () => rows.length },
      (row) => toBankInfo(row, true),
    );
  });

  calls.user('bankinfo/get-is-add', async (_input, { user }) => {
    const types = await queries.bank.typesOf(user.id);
    return { is_add: types.length > 0, types };
  });

  calls.user('bankinfo/detail', async ({ type, bk_id }, { user }) => {
    const row = await queries.bank.owned(bk_id, user.id, type);
    if (!row) throw notFound();
    return toBankInfo(row, false);
  });

  calls.user('bankinfo/create', async (input, { user }) => {
    const { type, ...details } = input;
    // Details can only be changed through customer service, so a second binding is refused.
    if ((await queries.bank.typesOf(user.id)).includes(type)) throw conflict('already_bound', { field: 'type' });
    try {
      const id = await queries.bank.insert(user.id, type, JSON.stringify(details), isoNow(context));
      const row = await queries.bank.owned(id, user.id, type);
      if (!row) throw notFound();
      return toBankInfo(row, false);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('already_bound', { field: 'type' });
      throw error;
    }
  });
}
