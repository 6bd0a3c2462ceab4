import type { RechargeQuote } from '../../contract/responses';
import { call } from './client';
import { callKey, useCall } from './swr';

/**
 * The receiving address of one network ('' = the first). Never the previous network's while the
 * next one loads: an address shown under the wrong network would lose the customer's money.
 */
export function useReceivingAddress(type: string) {
  return useCall(callKey('recharge/shoukuan-address', { type }), { keepPreviousData: false });
}

/** The caller's latest transfers found on the chain (watched networks only); refreshed by live events. */
export function useDeposits(enabled: boolean) {
  return useCall(enabled ? callKey('recharge/deposits', {}) : null);
}

export interface RechargeRequest {
  type: string;
  address: string;
  amount: string;
  credentials: string;
  /** The transfer's transaction hash, or '' when the customer gives none. */
  txid: string;
  request_id: string;
  /** The reservation the transfer was sent for (`amount` is then its exact amount). */
  quote_id?: string;
}

export interface QuoteRequest {
  type: string;
  address: string;
  amount: string;
}

/** Reserves the exact amount to send to a checked shared address, or answers the one held for this amount. */
export async function reserveAmount(request: QuoteRequest): Promise<RechargeQuote> {
  return call('recharge/quote', request);
}

export async function createRecharge(request: RechargeRequest): Promise<void> {
  await call('recharge/create', { ...request, category: 'USDT' });
}
