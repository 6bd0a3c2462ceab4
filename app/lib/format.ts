import type { MoneyString } from '../../contract/responses';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * A two-decimal wire figure ("1250.00" USDT, a "3.65" % rate) shown in the active locale. Intl formats the decimal string itself,
 * so no float ever stands between the server's cents and the screen.
 */
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

/** Building a formatter is the costly part (a list renders many dates), so one is kept a locale. */
export function formatDateTime(iso: string, locale: string): string {
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}
