import { describe, expect, it } from 'vitest';
import { formatAmount, formatDateTime, formatFiat } from './format';
import { formatAge, formatList } from './format-phrases';

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

describe('formatAge', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('says minutes within the hour, hours within two days, days after', () => {
    expect(formatAge('2026-03-01T11:59:30Z', now, 'en')).toBe('this minute');
    expect(formatAge('2026-03-01T11:48:00Z', now, 'en')).toBe('12 minutes ago');
    expect(formatAge('2026-03-01T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(formatAge('2026-02-26T12:00:00Z', now, 'en')).toBe('3 days ago');
  });
  it('never says "in …" when the clocks disagree a little', () => {
    expect(formatAge('2026-03-01T12:00:05Z', now, 'en')).toBe('this minute');
  });
  it('shows nothing for a time it cannot read', () => {
    expect(formatAge('not a time', now, 'en')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows what it cannot read as it came', () => {
    expect(formatDateTime('not a time', 'en')).toBe('not a time');
  });
});

describe('formatList', () => {
  it('joins names the way the language does', () => {
    expect(formatList(['alice'], 'en')).toBe('alice');
    expect(formatList(['alice', 'bob', 'carol'], 'en')).toBe('alice, bob, and carol');
    expect(formatList(['alice', 'bob'], 'de')).toBe('alice und bob');
  });
});
