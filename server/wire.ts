import { cents, formatMoney, formatRate, minMoney } from '../contract/money';
import type { BankInfo, MerchantSummary, Offer, RechargeQuote, SaleOrder, UserInfo } from '../contract/responses';
import type { BankAccountRow } from './db/bank';
import type { RechargeQuoteRow } from './db/recharge';
import type { MerchantColumns, OfferWithMerchantRow, SaleOrderListRow } from './db/selling';
import type { UserRow } from './db/users';

/** Integer cents from the database → the wire's two-decimal string. */
export function money(value: number): string {
  return formatMoney(cents(value));
}

export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    account: row.account,
    email: row.email,
    nickname: row.nickname,
    avatar: row.avatar,
    invite_code: row.invite_code,
    vip: row.vip,
    created_at: row.created_at,
  };
}

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

/** The last four characters, the rest hidden: enough to recognise an account, not to use it. */
export function maskIban(iban: string): string {
  return `**** ${iban.slice(-4)}`;
}

type BankDetails = Record<string, string>;

export function toBankInfo(row: BankAccountRow, masked: boolean, usableAt: string): BankInfo {
  const details = JSON.parse(row.details) as BankDetails;
  const iban = details.iban ?? '';
  return {
    ...details,
    iban: masked ? maskIban(iban) : iban,
    bk_id: row.id,
    type: row.type,
    created_at: row.created_at,
    usable_at: usableAt,
  } as BankInfo;
}

/** "alice99" → "al***9": enough for a person to recognise, not enough to log in with. */
export function maskAccount(account: string): string {
  if (account.length <= 3) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}

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
