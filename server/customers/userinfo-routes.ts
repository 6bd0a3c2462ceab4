import { addMoney, cents } from '../../contract/money';
import type { CallRegistry } from '../auth/calls';
import type { ServerContext } from '../platform/context';
import { invalidField, notFound } from '../platform/http/errors';
import { money } from '../platform/http/wire';
import { toUserInfo } from './wire';

export function userinfoRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries } = context;

  calls.user('userinfo/get-info', (_input, { user }) => toUserInfo(user));

  calls.user('userinfo/get-money-info', async (_input, { user }) => {
    const totals = await queries.money.totals(user.id);
    if (!totals) throw notFound();
    const balance = cents(totals.balance);
    const frozen = cents(totals.frozen);
    const wallet = cents(totals.wallet);
    return {
      balance: money(balance),
      frozen: money(frozen),
      wallet: money(wallet),
      total: money(addMoney(addMoney(balance, frozen), wallet)),
    };
  });

  calls.user('userinfo/save', async ({ nickname, avatar }, { user }) => {
    if (avatar !== undefined && !(await queries.uploads.isOwnedBy(avatar, user.id))) {
      throw invalidField('avatar', 'invalid.avatar');
    }
    await queries.users.updateProfile(user.id, nickname, avatar);
    context.sessions.forgetUser(user.id);
    const saved = await queries.users.byId(user.id);
    if (!saved) throw notFound();
    return toUserInfo(saved);
  });
}
