import { useLingui } from '@lingui/react/macro';
import { formatAmount } from '../../web-kit/lib/format';
import type { AmountProblem } from '../lib/money-input';

/** What to tell the customer about an amount, in their language. */
export function useAmountMessage() {
  const { t, i18n } = useLingui();
  const shown = (value: string | undefined) => (value ? formatAmount(value, i18n.locale) : '');
  return (problem: AmountProblem, limits: { min?: string; max?: string; emptyMessage?: string } = {}): string => {
    switch (problem) {
      case 'empty':
        return limits.emptyMessage ?? t`Please enter the amount`;
      case 'format':
        return t`Enter a positive amount with at most two decimals`;
      case 'below-minimum':
        return t`The minimum amount is ${shown(limits.min)} USDT`;
      case 'above-maximum':
        return t`The maximum amount is ${shown(limits.max)} USDT`;
      case 'over-balance':
        return t`Insufficient balance`;
    }
  };
}
