import { describe, expect, it } from 'vitest';
import type { AuthResult } from '../../contract/responses';
import {
  bindPayout,
  freshServerPerTest,
  fund,
  post,
  signUp,
  type TestServer,
  type TestUser,
} from '../testing/test-support';
import { fromAddress } from './password-guesses';

let server: TestServer;
freshServerPerTest((started) => (server = started), { demo: true });

const OWNER_DEVICE = 'owner-phone-device-0001';

function signIn(user: TestUser, from: { ip: string; device?: string; password?: string }) {
  return post<AuthResult>(
    server,
    'user/login',
    {
      account: user.user.account,
      password: from.password ?? user.password,
      ...(from.device ? { device: from.device } : {}),
    },
    { ip: from.ip },
  );
}

const stranger = (index: number) => `198.51.100.${index + 1}`;

describe('password guesses count per account and per source', () => {
  it('holds a stranger’s address after five wrong guesses, not the owner at another', async () => {
    const owner = await signUp(server);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(owner, { ip: stranger(0), password: 'Wrong1234' })).code).toBe(400);
    }
    expect((await signIn(owner, { ip: stranger(0) })).code).toBe(429);
    expect((await signIn(owner, { ip: '203.0.113.9' })).code).toBe(200);
  });

  it('bounds guessing from many addresses together, and keeps the owner’s own device open', async () => {
    const owner = await signUp(server);
    expect((await signIn(owner, { ip: '203.0.113.9', device: OWNER_DEVICE })).code).toBe(200);
    const replies = [];
    for (let index = 0; index < 14; index += 1) {
      replies.push((await signIn(owner, { ip: stranger(index), password: 'Wrong1234' })).code);
    }
    // Ten wrong guesses from unknown places in all, then every unknown place waits.
    expect(replies).toEqual([...Array<number>(10).fill(400), ...Array<number>(4).fill(429)]);
    expect((await signIn(owner, { ip: '192.0.2.77' })).code).toBe(429);
    // The device the owner signed in from before has its own allowance, wherever it is now.
    expect((await signIn(owner, { ip: '192.0.2.77', device: OWNER_DEVICE })).code).toBe(200);
  });

  it('lets at most ten of 60 guesses sent together from 60 addresses reach the password check', async () => {
    const owner = await signUp(server);
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        signIn(owner, { ip: `192.0.2.${index + 1}`, password: `Wrong${index}x` }),
      ),
    );
    expect(replies.filter((reply) => reply.code === 400).length).toBeLessThanOrEqual(10);
    expect(replies.every((reply) => reply.code === 400 || reply.code === 429)).toBe(true);
  });

  it('counts a device the account knows against that device only', async () => {
    const owner = await signUp(server);
    expect((await signIn(owner, { ip: '203.0.113.9', device: OWNER_DEVICE })).code).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(owner, { ip: '203.0.113.9', device: OWNER_DEVICE, password: 'Wrong1234' })).code).toBe(400);
    }
    expect((await signIn(owner, { ip: '203.0.113.9', device: OWNER_DEVICE })).code).toBe(429);
    // An id the account never signed in with is only an address.
    expect((await signIn(owner, { ip: '203.0.113.10', device: 'someone-elses-device-01' })).code).toBe(200);
  });

  it('never lets sign-in failures block a signed-in customer’s withdrawal password', async () => {
    const owner = await signUp(server);
    await fund(server, owner, '50');
    const binding = await bindPayout(server, owner, {
      type: 'bank',
      full_name: 'Owner Example',
      telephone: '+44 20 7946 0958',
      email: owner.user.email,
      iban: 'GB82WEST12345698765432',
      bank_name: 'Example Bank',
      area: 'London',
      country: 'United Kingdom',
      swift: 'WESTGB2L',
    });
    for (let index = 0; index < 12; index += 1) {
      await signIn(owner, { ip: stranger(index), password: 'Wrong1234' });
    }
    expect((await signIn(owner, { ip: stranger(20) })).code).toBe(429);
    const withdrawal = await post(
      server,
      'withdraw/create',
      { type: 'bank', bk_id: binding.data.bk_id, amount: '10', password: owner.password },
      { token: owner.token },
    );
    expect(withdrawal.code).toBe(200);
  });

  it('counts an IPv6 subscriber by its /64 and an IPv4 address by itself', () => {
    expect(fromAddress('2001:db8:1:2::a')).toEqual(fromAddress('2001:0db8:0001:0002:ffff::1'));
    expect(fromAddress('2001:db8:1:2::a')).not.toEqual(fromAddress('2001:db8:1:3::a'));
    expect(fromAddress('198.51.100.1')).not.toEqual(fromAddress('198.51.100.2'));
    expect(fromAddress('::ffff:198.51.100.1').trusted).toBe(false);
  });
});
