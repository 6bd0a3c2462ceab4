import type { MoneyString } from '../../contract/responses';

/**
 * Figures and moments in the reader's language. The customer app formats money with Intl from
 * the decimal string itself, so no float ever stands between the server's cents and the screen;
 * the console shows the server's two-decimal strings as given and formats only dates. Phrases
 * (how long ago, a list of names) are in format-phrases.ts, which only the console loads.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** A two-decimal wire figure ("1250.00" USDT, a "3.65" % rate) shown in the active locale. */
export function formatAmount(value: MoneyString, locale: string): string {
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(locale, format);
  }
  return format.format(value as Intl.StringNumericLiteral);
}

const fiatFormats = new Map<string, Intl.NumberFormat>();

/** A fiat amount from the wire ("1163.00", "EUR") with the currency's symbol, exactly. */
export function formatFiat(value: MoneyString, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let format = fiatFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    fiatFormats.set(key, format);
  }
  return format.format(value as Intl.StringNumericLiteral);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** `date` and `time` apart let a narrow table column put the time under the date. */
const STYLES = {
  medium: { dateStyle: 'medium', timeStyle: 'short' },
  short: { dateStyle: 'short', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateTimeStyle = keyof typeof STYLES;

/**
 * Building a formatter is the costly part and a list renders many dates: one per locale and
 * style. `short` is for tight columns ("11/24/26, 4:13 PM").
 */
export function formatDateTime(iso: string, locale: string, style: DateTimeStyle = 'medium'): string {
  const key = `${locale}|${style}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, STYLES[style]);
    dateTimeFormats.set(key, format);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}
