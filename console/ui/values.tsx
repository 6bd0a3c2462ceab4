import { useLingui } from '@lingui/react/macro';
import type { IsoTime, MoneyString } from '../../contract/responses';
import { formatDateTime } from '../../web-kit/lib/format';

/** A USDT amount exactly as the server wrote it: never parsed, rounded or reformatted. */
export function Usdt(props: { value: MoneyString }) {
  const { t } = useLingui();
  return <span className="money">{t`${props.value} USDT`}</span>;
}

/** A fiat amount as given, with its currency code. */
export function Fiat({ value, currency }: { value: MoneyString; currency: string }) {
  return (
    <span className="money">
      {value} {currency}
    </span>
  );
}

/** A moment in the console's language; the machine-readable time travels with it. */
export function DateTime({ iso, layout = 'line' }: { iso: IsoTime; layout?: 'line' | 'short' | 'stacked' }) {
  const { i18n } = useLingui();
  if (layout === 'stacked') {
    // Table columns: the date, and the time under it, rather than a wrap anywhere.
    return (
      <time dateTime={iso} className="stacked">
        <span>{formatDateTime(iso, i18n.locale, 'date')}</span> <span>{formatDateTime(iso, i18n.locale, 'time')}</span>
      </time>
    );
  }
  return <time dateTime={iso}>{formatDateTime(iso, i18n.locale, layout === 'short' ? 'short' : 'medium')}</time>;
}
