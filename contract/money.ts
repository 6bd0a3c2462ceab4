/**
 * Money is an integer number of cents everywhere in code and a decimal string with exactly two
 * places on the wire. No floating-point arithmetic touches an amount: parsing works on the
 * digits of the string, products go through BigInt.
 */
declare const centsBrand: unique symbol;
export type Cents = number & { readonly [centsBrand]: true };

/** What a customer may type and what a request may carry: 1–9 integer digits, up to 2 decimals. */
export const MONEY_INPUT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;
/** What a response carries: an optional minus, digits, exactly two decimals. */
const WIRE_MONEY_PATTERN = /^(-?)(\d{1,15})\.(\d{2})$/;

export const MAX_INPUT_CENTS = 99_999_999_999 as Cents;
export const ZERO = 0 as Cents;

export class MoneyError extends Error {
  override readonly name = 'MoneyError';
}

/** Wraps an integer as cents, refusing anything that is not a safe integer. */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`not a whole number of cents: ${value}`);
  return (value === 0 ? 0 : value) as Cents;
}

/** Parses user or request input strictly; anything else (signs, exponents, spaces, hex…) is null. */
export function parseMoney(text: unknown): Cents | null {
  if (typeof text !== 'string' || !MONEY_INPUT_PATTERN.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return cents(Number(whole) * 100 + Number(fraction.padEnd(2, '0')));
}

/** Parses a response amount ("1250.00", "-5.00"). */
export function parseWireMoney(text: string): Cents {
  const match = WIRE_MONEY_PATTERN.exec(text);
  if (!match) throw new MoneyError(`not a wire amount: ${JSON.stringify(text)}`);
  const [, sign, whole = '0', fraction = '00'] = match;
  const value = Number(whole) * 100 + Number(fraction);
  return cents(sign === '-' ? -value : value);
}

/** Formats cents for the wire: "1250.00", "-5.00", "0.00". */
export function formatMoney(amount: Cents): string {
  const value = cents(amount);
  const sign = value < 0 ? '-' : '';
  const absolute = Math.abs(value);
  const whole = Math.floor(absolute / 100);
  const fraction = absolute % 100;
  return `${sign}${whole}.${fraction.toString().padStart(2, '0')}`;
}

export function addMoney(a: Cents, b: Cents): Cents {
  return cents(a + b);
}

export function subtractMoney(a: Cents, b: Cents): Cents {
  return cents(a - b);
}

export function sumMoney(amounts: Iterable<Cents>): Cents {
  let total = ZERO;
  for (const amount of amounts) total = addMoney(total, amount);
  return total;
}

export function negateMoney(a: Cents): Cents {
  return cents(-a);
}

export function compareMoney(a: Cents, b: Cents): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function minMoney(a: Cents, b: Cents): Cents {
  return a <= b ? a : b;
}

function toSafeCents(value: bigint): Cents {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new MoneyError('amount out of range');
  }
  return cents(Number(value));
}

/**
 * quantity × unit price, both in cents, result in cents. The exact product has four decimals;
 * it is rounded half up to the cent (amounts here are never negative).
 */
export function multiplyByPrice(quantity: Cents, unitPrice: Cents): Cents {
  if (quantity < 0 || unitPrice < 0) throw new MoneyError('negative quantity or price');
  const exact = BigInt(quantity) * BigInt(unitPrice);
  return toSafeCents((exact + 50n) / 100n);
}

/**
 * Simple interest on `principal` at an annual rate in basis points (600 = 6.00 % a year) over
 * `days`, on a 365-day year, rounded down to the cent so that we never promise a cent we would
 * not pay.
 */
export function simpleInterest(principal: Cents, rateBasisPoints: number, days: number): Cents {
  if (principal < 0 || !Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0) {
    throw new MoneyError('invalid interest input');
  }
  if (!Number.isSafeInteger(days) || days < 0) throw new MoneyError('invalid term');
  const exact = BigInt(principal) * BigInt(rateBasisPoints) * BigInt(days);
  return toSafeCents(exact / (10_000n * 365n));
}

/** "6.00" (a percentage with two decimals) → 600 basis points; null when malformed. */
export function parseRate(text: unknown): number | null {
  const value = parseMoney(text);
  return value === null ? null : value;
}

export function formatRate(basisPoints: number): string {
  return formatMoney(cents(basisPoints));
}
