import { describe, expect, it } from 'vitest';
import { STALE_AFTER, type Change } from './stale-reads';

const balance = ['userinfo/get-money-info', 'asset-log/tongji', 'property/tongji'];
const movesMoney: Change[] = [
  'sale',
  'withdrawal',
  'interestDeposit',
  'balanceEvent',
  'depositCredited',
  'reconnected',
];

describe('the reads each change leaves stale', () => {
  it.each(movesMoney)('a change that moves money (%s) reads the balance and both totals again', (change) => {
    expect(STALE_AFTER[change]).toEqual(expect.arrayContaining(balance));
  });

  it("reads the hall's totals again after a sale, a sale's review and a reconnection", () => {
    for (const change of ['sale', 'saleEvent', 'reconnected'] as const) {
      expect(STALE_AFTER[change]).toContain('selling/tongji');
    }
    expect(STALE_AFTER.saleEvent).toContain('selling/history');
  });

  it("reads the chain's deposits again on every deposit event", () => {
    expect(STALE_AFTER.depositEvent).toContain('recharge/deposits');
    expect(STALE_AFTER.depositCredited).toContain('recharge/deposits');
  });

  it('knows every change it is asked about', () => {
    expect(Object.keys(STALE_AFTER).sort()).toEqual([...movesMoney, 'depositEvent', 'saleEvent'].sort());
  });
});
