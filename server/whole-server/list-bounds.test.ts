import { describe, expect, it } from 'vitest';
import type { CallPath, CallRequest } from '../../contract/calls';
import type { CallResponse } from '../../contract/responses';
import { PAGE_SIZE_MAX } from '../../contract/rules';
import {
  bindPayout,
  call,
  freshServerPerTest,
  fund,
  post,
  signUp,
  type TestServer,
  type TestUser,
} from '../testing/test-support';
import { addPasskey } from '../testing/soft-passkey';

let server: TestServer;
freshServerPerTest((started) => (server = started), { demo: true });

/** Every call whose answer is a list: a type error names any list call this test does not bound. */
type ListPath = {
  [P in CallPath]: CallResponse<P> extends { list: readonly unknown[] } ? P : never;
}[CallPath];

/**
 * How many items each list call may answer at most: the page asked for, or a length of its own for
 * the few that have no pages (the 20 latest sales, the 30 latest sign-ins, the contact channels).
 */
const BOUNDS: Record<ListPath, 'page' | number> = {
  'asset-log/list': 'page',
  'team/list': 'page',
  'bankinfo/list': 'page',
  'lixibao/list': 'page',
  'lixibao/list-order': 'page',
  'withdraw/list': 'page',
  'selling/order': 'page',
  'selling/merchant': 'page',
  'saleu/list-order': 'page',
  'security/sessions': 'page',
  'passkey/list': 'page',
  'selling/history': 20,
  'security/sign-ins': 30,
  'team/kefu-list': PAGE_SIZE_MAX,
};

const card = {
  type: 'bank',
  full_name: 'Page Example',
  telephone: '+44 20 7946 0958',
  email: 'page@example.com',
  iban: 'GB82WEST12345698765432',
  bank_name: 'Example Bank',
  area: 'London',
  country: 'United Kingdom',
  swift: 'WESTGB2L',
};

/** A customer with two or more of everything a list shows, made the way customers make them. */
async function busyCustomer(): Promise<TestUser> {
  const customer = await signUp(server);
  const invite = (await call(server, 'invite/detail', {}, customer.token)).invite_code;
  await signUp(server, { inviteCode: invite });
  await signUp(server, { inviteCode: invite });
  await fund(server, customer, '500');
  await fund(server, customer, '500');
  const binding = await bindPayout(server, customer, card);
  for (const requestId of ['w-1', 'w-2']) {
    await call(
      server,
      'withdraw/create',
      {
        type: 'bank',
        bk_id: String(binding.data.bk_id),
        amount: '10',
        password: customer.password,
        request_id: requestId,
      },
      customer.token,
    );
  }
  const product = (await call(server, 'lixibao/list', {}, customer.token)).list[0];
  const offer = (await call(server, 'selling/order', {}, customer.token)).list[0];
  for (const requestId of ['r-1', 'r-2']) {
    await call(
      server,
      'lixibao/create-order',
      { lixibao_id: String(product?.id), number: product?.min_amount ?? '', request_id: requestId },
      customer.token,
    );
    await call(
      server,
      'saleu/create-order',
      {
        saleu_id: String(offer?.id),
        number: offer?.min_number ?? '',
        unit_price: offer?.unit_price ?? '',
        currency: offer?.currency ?? '',
        request_id: requestId,
      },
      customer.token,
    );
  }
  await addPasskey(server, customer);
  await addPasskey(server, customer);
  await post(server, 'user/login', { account: customer.user.account, password: customer.password });
  return customer;
}

describe('list calls', () => {
  it('never answer more than the page asked for, nor the lists without pages more than their length', async () => {
    const customer = await busyCustomer();
    // More than a page of them: the longer lists have something to hold back.
    for (let index = 0; index < PAGE_SIZE_MAX + 2; index += 1) {
      await server.db.run(
        "INSERT INTO contact_channels (name, type, url, created_at) VALUES (?, 'link', 'https://example.com/help', ?)",
        [`Desk ${index}`, server.clock.now().toISOString()],
      );
    }
    for (let index = 0; index < 32; index += 1) {
      await server.db.run(
        `INSERT INTO sign_ins (user_id, at, outcome, method, ip, user_agent, device)
         VALUES (?, ?, 'failure', 'password', '192.0.2.1', '', '')`,
        [customer.user.id, server.clock.now().toISOString()],
      );
    }
    for (const [path, bound] of Object.entries(BOUNDS) as [ListPath, 'page' | number][]) {
      const fields = (
        bound === 'page' ? { page_size: '1', ...(path === 'bankinfo/list' ? { type: 'bank' } : {}) } : {}
      ) as CallRequest<ListPath>;
      const answer = (await call(server, path, fields, customer.token)) as { list: unknown[]; total?: number };
      const most = bound === 'page' ? 1 : bound;
      expect(answer.list.length, `${path} answers at most ${most}`).toBeLessThanOrEqual(most);
      if (bound === 'page' && path !== 'bankinfo/list') {
        expect(answer.total, `${path} had more than one to hold back`).toBeGreaterThan(1);
      }
    }
    expect((await call(server, 'team/kefu-list', {}, customer.token)).list).toHaveLength(PAGE_SIZE_MAX);
    expect((await call(server, 'security/sign-ins', {}, customer.token)).list).toHaveLength(30);
    // A page is never larger than the largest page there is.
    const tooLarge = await post(
      server,
      'asset-log/list',
      { page_size: String(PAGE_SIZE_MAX + 1) },
      { token: customer.token },
    );
    expect(tooLarge).toMatchObject({ code: 400, data: { field: 'page_size' } });
  });
});
