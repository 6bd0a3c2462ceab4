import { compareMoney, parseMoney, parseWireMoney, type Cents } from '../../contract/money';

export type AmountProblem = 'empty' | 'format' | 'below-minimum' | 'above-maximum' | 'over-balance';

/**
 * Checks what the customer typed as an amount, in integer cents: a positive number with at most
 * two decimals, within the limits given as wire amounts.
 */
export function checkAmount(
  text: string,
  limits: { min?: string; max?: string; available?: string } = {},
): { cents: Cents; problem?: undefined } | { problem: AmountProblem; cents?: undefined } {
  const trimmed = text.trim();
  if (!trimmed) return { problem: 'empty' };
  const amount = parseMoney(trimmed);
  if (amount === null || amount <= 0) return { problem: 'format' };
  if (limits.min !== undefined && compareMoney(amount, parseWireMoney(limits.min)) < 0)
    return { problem: 'below-minimum' };
  if (limits.max !== undefined && compareMoney(amount, parseWireMoney(limits.max)) > 0)
    return { problem: 'above-maximum' };
  if (limits.available !== undefined && compareMoney(amount, parseWireMoney(limits.available)) > 0) {
    return { problem: 'over-balance' };
  }
  return { cents: amount };
}
