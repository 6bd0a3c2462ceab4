import type { RechargeQuote } from '../../contract/responses';
import { money } from '../platform/http/wire';
import type { RechargeQuoteRow } from './queries';

export function toRechargeQuote(row: RechargeQuoteRow): RechargeQuote {
  return {
    id: row.id,
    type: row.type,
    address: row.address,
    amount: money(row.amount),
    exact_amount: money(row.exact_amount),
    created_at: row.created_at,
    expires_at: row.expires_at,
  };
}
