import { describe, expect, it } from 'vitest';
import { formatAmount, formatFiat } from './format';

describe('formatAmount', () => {
  it.each([
    ['1250.00', 'en', '1,250.00'],
    ['1250.00', 'de', '1.250,00'],
    ['-5.00', 'en', '-5.00'],
    ['0.10', 'ja', '0.10'],
    ['999999999.99', 'en', '999,999,999.99'],
    ['90071992547409.91', 'en', '90,071,992,547,409.91'],
  ])('shows %s in %s as %s', (value, locale, expected) => {
    expect(formatAmount(value, locale)).toBe(expected);
  });

  it('keeps every cent of amounts beyond double precision', () => {
    expect(formatAmount('123456789012345.67', 'en')).toBe('123,456,789,012,345.67');
  });
});

describe('formatFiat', () => {
  it.each([
    ['1163.00', 'EUR', 'en', '€1,163.00'],
    ['1163.00', 'EUR', 'de', '1.163,00 €'],
    ['0.93', 'USD', 'en', '$0.93'],
    ['12345678901234.56', 'GBP', 'en', '£12,345,678,901,234.56'],
  ])('shows %s %s in %s as %s', (value, currency, locale, expected) => {
    expect(formatFiat(value, currency, locale).replace(/\u00a0/g, ' ')).toBe(expected);
  });
});
