import { cents } from '../../contract/money';
import type { CallRegistry } from '../calls';
import { isoNow, type ServerContext } from '../context';
import { conflict, invalidField, notFound, outOfRange } from '../errors';
import { once } from '../idempotency';
import { money } from '../wire';

export function rechargeRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries } = context;

  calls.user('recharge/shoukuan-address', async ({ type }) => {
    const addresses = await queries.recharge.addresses();
    const current = type === '' ? addresses[0] : addresses.find((address) => address.type === type);
    if (!current) throw notFound();
    return {
      type: current.type,
      types: addresses.map((address) => address.type),
      address: current.address,
      min_amount: money(current.min_amount),
    };
  });

  calls.user('recharge/create', (input, { user }) =>
    once(context, user.id, 'recharge/create', input.request_id, input, async ({ queries }) => {
      const current = (await queries.recharge.addresses()).find((address) => address.type === input.type);
      if (!current) throw invalidField('type', 'invalid.type');
      // The customer paid to the address the screen showed; if it has changed since, they must look again.
      if (current.address !== input.address) throw conflict('address_changed', { field: 'address' });
      if (input.amount < current.min_amount) {
        throw outOfRange('amount_below_minimum', 'amount', { min: current.min_amount });
      }
      if (!(await queries.uploads.isOwnedBy(input.credentials, user.id))) {
        throw invalidField('credentials', 'invalid.credentials');
      }
      const id = await queries.recharge.insert({
        user_id: user.id,
        type: current.type,
        category: input.category,
        address: current.address,
        amount: cents(input.amount),
        credentials: input.credentials,
        created_at: isoNow(context),
      });
      return { id, state: 'audit' as const };
    }),
  );
}
