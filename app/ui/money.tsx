import { useLingui } from '@lingui/react';
import { createContext, useContext } from 'react';
import type { MoneyString } from '../../contract/responses';
import { formatAmount, formatFiat } from '../../web-kit/lib/format';

/** Whether money figures are masked ("hide amounts"); the shell provides it. */
export const AmountsHiddenContext = createContext(false);

const MASK = '****';

/** An amount from the wire in the active locale's digits and separators, or masked. */
export function Money({ value, className }: { value: MoneyString; className?: string }) {
  const { i18n } = useLingui();
  const hidden = useContext(AmountsHiddenContext);
  return <span className={`figure ${className ?? ''}`}>{hidden ? MASK : formatAmount(value, i18n.locale)}</span>;
}

/** A fiat amount with its currency, or masked. */
export function Fiat({ value, currency }: { value: MoneyString; currency: string }) {
  const { i18n } = useLingui();
  const hidden = useContext(AmountsHiddenContext);
  return <span className="figure">{hidden ? `${MASK} ${currency}` : formatFiat(value, currency, i18n.locale)}</span>;
}
