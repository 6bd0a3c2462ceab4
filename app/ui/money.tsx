import { useLingui } from '@lingui/react';
import type { MoneyString } from '../../contract/responses';
import { formatAmount } from '../lib/format';

/** An amount from the wire in the active locale's digits and separators. */
export function Money({ value, className }: { value: MoneyString; className?: string }) {
  const { i18n } = useLingui();
  return <span className={`figure ${className ?? ''}`}>{formatAmount(value, i18n.locale)}</span>;
}
