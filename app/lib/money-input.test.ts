import { describe, expect, it } from 'vitest';
import { checkAmount } from './money-input';

describe('checkAmount', () => {
  it.each([
    ['', {}, 'empty'],
    ['   ', {}, 'empty'],
    ['abc', {}, 'format'],
    ['1e3', {}, 'format'],
    ['-5', {}, 'format'],
    ['0', {}, 'format'],
    ['0.00', {}, 'format'],
    ['10.123', {}, 'format'],
    ['0x10', {}, 'format'],
    ['9.99', { min: '10.00' }, 'below-minimum'],
    ['5000.01', { max: '5000.00' }, 'above-maximum'],
    ['100.01', { available: '100.00' }, 'over-balance'],
  ] as const)('finds %j with %j: %s', (text, limits, problem) => {
    expect(checkAmount(text, limits)).toEqual({ problem });
  });

  it.each([
    ['10', { min: '10.00' }, 1000],
    [' 100.00 ', { available: '100.00' }, 10_000],
    ['0.1', {}, 10],
    ['999999999.99', {}, 99_999_999_999],
  ] as const)('accepts %j as %d cents', (text, limits, cents) => {
    expect(checkAmount(text, limits)).toEqual({ cents });
  });
});
