import { describe, expect, it } from 'vitest';
import {
  MoneyError,
  addMoney,
  cents,
  compareMoney,
  formatMoney,
  formatRate,
  minMoney,
  multiplyByPrice,
  negateMoney,
  parseMoney,
  parseRate,
  parseWireMoney,
  simpleInterest,
  subtractMoney,
  sumMoney,
} from './money';

describe('parseMoney', () => {
  it.each([
    ['0', 0],
    ['0.00', 0],
    ['1', 100],
    ['1.5', 150],
    ['1.05', 105],
    ['10.10', 1010],
    ['007.50', 750],
    ['999999999.99', 99_999_999_999],
    ['123456789', 12_345_678_900],
  ])('accepts %j as %d cents', (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });

  it.each([
    '',
    ' ',
    '1e3',
    '1E3',
    '-5',
    '+5',
    '0.001',
    '10.123',
    ' 10',
    '10 ',
    '1 000',
    '1,000',
    '1,5',
    '0x10',
    '0X1A',
    '0b101',
    '0o17',
    '.5',
    '5.',
    '1..2',
    '1.2.3',
    'NaN',
    'Infinity',
    '-Infinity',
    '1234567890',
    '99999999999999999999',
    '１２',
    '٣',
    '1\n',
    '\t1',
    '1.5\u0000',
    'abc',
    '5$',
  ])('refuses %j', (input) => {
    expect(parseMoney(input)).toBeNull();
  });

  it.each([undefined, null, 5, 5.5, {}, [], true, 10n])('refuses a non-string %s', (input) => {
    expect(parseMoney(input)).toBeNull();
  });
});

describe('formatMoney and parseWireMoney', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [100, '1.00'],
    [125_000, '1250.00'],
    [-500, '-5.00'],
    [-1, '-0.01'],
    [99_999_999_999, '999999999.99'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('formats %d cents as %j and parses it back', (value, text) => {
    expect(formatMoney(cents(value))).toBe(text);
    expect(parseWireMoney(text)).toBe(value);
  });

  it('never prints a negative zero', () => {
    expect(formatMoney(cents(-0))).toBe('0.00');
  });

  it.each(['1', '1.0', '1.000', '-', '--1.00', '+1.00', '1e2.00', ' 1.00', '0x1.00', ''])(
    'refuses the wire amount %j',
    (text) => {
      expect(() => parseWireMoney(text)).toThrow(MoneyError);
    },
  );
});

describe('cents', () => {
  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -(2 ** 53)])('refuses %d', (value) => {
    expect(() => cents(value)).toThrow(MoneyError);
  });
});

describe('arithmetic', () => {
  it('adds, subtracts and sums exactly where floating point would not', () => {
    expect(addMoney(cents(10), cents(20))).toBe(30);
    expect(formatMoney(addMoney(parseMoney('0.1')!, parseMoney('0.2')!))).toBe('0.30');
    expect(subtractMoney(cents(100), cents(101))).toBe(-1);
    expect(sumMoney([cents(1), cents(2), cents(3)])).toBe(6);
    expect(sumMoney([])).toBe(0);
    expect(negateMoney(cents(5))).toBe(-5);
  });

  it('refuses to overflow past the safe range', () => {
    expect(() => addMoney(cents(Number.MAX_SAFE_INTEGER), cents(1))).toThrow(MoneyError);
  });

  it('compares and picks the smaller', () => {
    expect(compareMoney(cents(1), cents(2))).toBe(-1);
    expect(compareMoney(cents(2), cents(2))).toBe(0);
    expect(compareMoney(cents(3), cents(2))).toBe(1);
    expect(minMoney(cents(3), cents(2))).toBe(2);
  });
});

describe('multiplyByPrice', () => {
  it.each([
    ['100.00', '7.25', '725.00'],
    ['0.01', '7.25', '0.07'],
    ['0.01', '0.50', '0.01'],
    ['0.01', '0.49', '0.00'],
    ['1.11', '1.11', '1.23'],
    ['3.33', '3.00', '9.99'],
    ['999999999.99', '1.00', '999999999.99'],
    ['999999999.99', '9000.00', '8999999999910.00'],
    ['0', '7.25', '0.00'],
  ])('%s USDT × %s = %s', (quantity, price, expected) => {
    expect(formatMoney(multiplyByPrice(parseMoney(quantity)!, parseMoney(price)!))).toBe(expected);
  });

  it('refuses negatives and products beyond the safe range', () => {
    expect(() => multiplyByPrice(cents(-1), cents(1))).toThrow(MoneyError);
    expect(() => multiplyByPrice(parseMoney('999999999.99')!, parseMoney('99999.99')!)).toThrow(MoneyError);
  });
});

describe('simpleInterest', () => {
  it.each([
    ['1000.00', 600, 365, '60.00'],
    ['1000.00', 600, 30, '4.93'],
    ['100.00', 1000, 7, '0.19'],
    ['0.01', 600, 365, '0.00'],
    ['99999.99', 1250, 90, '3082.19'],
    ['1000.00', 0, 30, '0.00'],
    ['1000.00', 600, 0, '0.00'],
  ])('%s at %d bp for %d days pays %s, rounded down', (principal, rate, days, expected) => {
    expect(formatMoney(simpleInterest(parseMoney(principal)!, rate, days))).toBe(expected);
  });

  it('refuses nonsense terms', () => {
    expect(() => simpleInterest(cents(100), -1, 30)).toThrow(MoneyError);
    expect(() => simpleInterest(cents(100), 600, 1.5)).toThrow(MoneyError);
    expect(() => simpleInterest(cents(-100), 600, 30)).toThrow(MoneyError);
  });
});

describe('rates', () => {
  it('parses and formats annual percentages as basis points', () => {
    expect(parseRate('6.00')).toBe(600);
    expect(parseRate('12.5')).toBe(1250);
    expect(parseRate('6%')).toBeNull();
    expect(formatRate(600)).toBe('6.00');
  });
});
