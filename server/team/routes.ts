import { PAGE_SIZE_MAX } from '../../contract/rules';
import type { CallRegistry } from '../auth/calls';
import type { ServerContext } from '../platform/context';
import { pageOf } from '../platform/http/paging';
import { maskAccount } from '../withdrawals/wire';
import { money } from '../platform/http/wire';

export function teamRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries } = context;

  calls.user('team/tongji', async (_input, { user }) => {
    const figures = await queries.team.figures(user.id);
    return {
      team_size: figures.direct + figures.indirect,
      direct_count: figures.direct,
      indirect_count: figures.indirect,
      team_recharge: money(figures.recharged),
    };
  });

  calls.user('team/list', (input, { user }) =>
    pageOf(
      input,
      {
        rows: (limit, offset) => queries.team.members(user.id, limit, offset),
        total: async () => {
          const figures = await queries.team.figures(user.id);
          return figures.direct + figures.indirect;
        },
      },
      (member) => ({
        account: maskAccount(member.account),
        nickname: member.nickname,
        level: member.level,
        created_at: member.created_at,
      }),
    ),
  );

  /**
   * The invite link opens registration with the code filled in (hash route, query inside). It is
   * absolute only with PUBLIC_URL: a request's Host header is the caller's to choose, so without
   * it the link is a path and the app puts its own origin in front.
   */
  calls.user('invite/detail', (_input, { user }) => ({
    invite_code: user.invite_code,
    transfer_code: user.transfer_code,
    invite_url: `${context.publicUrl ?? ''}/#/pages/login/register?code=${encodeURIComponent(user.invite_code)}`,
  }));

  // Operators add channels; however many there are, a customer is shown a page of them at most.
  calls.user('team/kefu-list', async () => ({
    list: (await queries.customerService.first(PAGE_SIZE_MAX)).map((entry) => ({
      id: entry.id,
      name: entry.name,
      type: entry.type,
      url: entry.url,
    })),
  }));
}
