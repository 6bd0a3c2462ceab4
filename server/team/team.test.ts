import { describe, expect, it } from 'vitest';
import { runOps } from '../ops/ops';
import { call, fund, post, signUp, freshServerPerTest, type TestServer } from '../testing/test-support';

let server: TestServer;
freshServerPerTest((started) => (server = started), { demo: true, checkLedger: true });

describe('team', () => {
  it('counts two levels below the user, masks accounts and sums their approved recharges', async () => {
    const leader = await signUp(server, { account: 'leader01' });
    const direct = await signUp(server, { account: 'direct01', inviteCode: leader.user.invite_code });
    const indirect = await signUp(server, { account: 'indirect01', inviteCode: direct.user.invite_code });
    await signUp(server, { account: 'thirdlevel', inviteCode: indirect.user.invite_code });
    await signUp(server, { account: 'stranger01' });
    await fund(server, direct, '120.00');
    await fund(server, indirect, '30.50');

    expect(await call(server, 'team/tongji', {}, leader.token)).toEqual({
      team_size: 2,
      direct_count: 1,
      indirect_count: 1,
      team_recharge: '150.50',
    });
    const list = await call(server, 'team/list', {}, leader.token);
    expect(list.total).toBe(2);
    expect(list.list.map((member) => [member.account, member.level])).toEqual([
      ['in***1', 2],
      ['di***1', 1],
    ]);
    expect(list.list.map((member) => member.account)).not.toContain('direct01');
    expect((await call(server, 'team/list', { page: '2', page_size: '1' }, leader.token)).list).toHaveLength(1);
    expect(await call(server, 'team/tongji', {}, direct.token)).toMatchObject({ team_size: 2, direct_count: 1 });
  });

  it('shows a newcomer an empty team', async () => {
    const user = await signUp(server);
    expect(await call(server, 'team/tongji', {}, user.token)).toEqual({
      team_size: 0,
      direct_count: 0,
      indirect_count: 0,
      team_recharge: '0.00',
    });
    expect((await call(server, 'team/list', {}, user.token)).list).toEqual([]);
  });

  it('answers -1 without a session', async () => {
    for (const callPath of ['team/tongji', 'team/list', 'invite/detail', 'team/kefu-list'] as const) {
      expect((await post(server, callPath, {})).code).toBe(-1);
    }
  });
});

describe('invite/detail', () => {
  it('gives the codes and a link that opens registration with the code filled in', async () => {
    const user = await signUp(server);
    const detail = await call(server, 'invite/detail', {}, user.token);
    expect(detail.invite_code).toBe(user.user.invite_code);
    expect(detail.transfer_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(detail.transfer_code).not.toBe(detail.invite_code);
    expect(detail.invite_url).toBe(`/#/pages/login/register?code=${user.user.invite_code}`);
  });

  it('never builds the link from the Host header the caller sent', async () => {
    const user = await signUp(server);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/invite/detail',
      headers: {
        host: 'evil.example',
        'access-token': user.token,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'lang=en',
    });
    expect(response.json<{ data: { invite_url: string } }>().data.invite_url).not.toContain('evil.example');
  });
});

describe('team/kefu-list', () => {
  it('lists the contacts, including ones the operator adds', async () => {
    const user = await signUp(server);
    await runOps(
      server.db,
      ['kefu', 'add', '--name', 'Night desk', '--type', 'link', '--url', 'https://help.example.com/chat'],
      {
        out: () => undefined,
      },
    );
    const { list } = await call(server, 'team/kefu-list', {}, user.token);
    expect(list.map((entry) => [entry.type, entry.url])).toEqual([
      ['telegram', 'https://t.me/example_support'],
      ['whatsapp', 'https://wa.me/10000000000'],
      ['email', 'mailto:support@example.com'],
      ['link', 'https://help.example.com/chat'],
    ]);
    await expect(
      runOps(server.db, ['kefu', 'add', '--name', 'x', '--type', 'link', '--url', 'javascript:alert(1)'], {
        out: () => undefined,
      }),
    ).rejects.toThrow('https: or mailto:');
  });
});
