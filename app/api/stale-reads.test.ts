import { describe, expect, it } from 'vitest';
import { STALE_AFTER, type Change } from './stale-reads';

const BALANCE = ['userinfo/get-money-info', 'asset-log/tongji', 'property/tongji'];

describe('the reads each change leaves stale', () => {
  it.each<Change>(['sale', 'withdrawal', 'interestDeposit', 'balanceEvent', 'depositCredited', 'reconnected'])(
    'a change that moves money (%s) reads the balance and both totals again',
    (change) => {
      expect(STALE_AFTER[change]).toEqual(expect.arrayContaining(BALANCE));
    },
  );

  it('names every read of every change', () => {
    expect(STALE_AFTER).toEqual({
      sale: [...BALANCE, 'selling/tongji'],
      withdrawal: BALANCE,
      interestDeposit: BALANCE,
      balanceEvent: BALANCE,
      depositEvent: ['recharge/deposits'],
      depositCredited: [...BALANCE, 'recharge/deposits'],
      saleEvent: ['selling/tongji', 'selling/history'],
      reconnected: [...BALANCE, 'selling/tongji'],
    });
  });
});
