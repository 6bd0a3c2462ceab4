import { cents, formatMoney, formatRate, minMoney } from '../../contract/money';
import type { MerchantSummary, Offer, SaleOrder } from '../../contract/responses';
import { money } from '../platform/http/wire';
import type { MerchantColumns, OfferWithMerchantRow, SaleOrderListRow } from './queries';

/** The merchant of a row that carries its public figures beside an offer's columns. */
export function merchantOf(row: MerchantColumns): MerchantSummary {
  return {
    id: row.merchant_id,
    name: row.merchant_name,
    avatar: row.merchant_avatar,
    completion_rate: formatRate(row.merchant_completion_rate),
    orders_count: row.merchant_orders_count,
  };
}

export function toOffer(row: OfferWithMerchantRow): Offer {
  return {
    id: row.id,
    order_no: row.order_no,
    merchant: merchantOf(row),
    unit_price: money(row.unit_price),
    currency: row.currency,
    quantity: money(row.quantity),
    remaining: money(row.remaining),
    min_number: money(row.min_number),
    // The most one sale can take: the offer's largest sale, or what is left when that is less.
    max_number: formatMoney(minMoney(cents(row.max_number), cents(row.remaining))),
  };
}

export function toSaleOrder(row: SaleOrderListRow): SaleOrder {
  return {
    id: row.id,
    order_no: row.order_no,
    saleu_id: row.offer_id,
    merchant_name: row.merchant_name,
    number: money(row.number),
    unit_price: money(row.unit_price),
    amount: money(row.amount),
    currency: row.currency,
    state: row.state,
    matching_time: row.matching_time,
    created_at: row.created_at,
  };
}
