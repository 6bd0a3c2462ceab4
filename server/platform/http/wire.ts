import { cents, formatMoney } from '../../../contract/money';

/** Integer cents from the database → the wire's two-decimal string. */
export function money(value: number): string {
  return formatMoney(cents(value));
}
