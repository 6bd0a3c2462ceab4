import { ResultCode } from '../../contract/envelope';
import type { Offer, SalePriceChangedData } from '../../contract/responses';
import type { SaleOrderState } from '../../contract/rules';
import { ServerRefusal } from '../../web-kit/lib/failures';
import { call } from './client';
import { callKey, revalidateAfter, useCall, usePagedCall } from './swr';

export function useHallTotals() {
  return useCall(callKey('selling/tongji', {}));
}

export function useLatestSales() {
  return useCall(callKey('selling/history', {}));
}

export function useOffers() {
  return usePagedCall('selling/order', {}, ['sale_order']);
}

export function useMerchants() {
  return usePagedCall('selling/merchant', {}, ['sale_order']);
}

export function useSaleOrders(state: SaleOrderState | '') {
  return usePagedCall('saleu/list-order', { state }, ['sale_order']);
}

export interface SaleRequest {
  saleu_id: number;
  /** The price and currency the customer was shown, as the wire gave them. */
  unit_price: string;
  currency: string;
  number: string;
  request_id: string;
}

/** Placed; or refused because the offer's price or currency changed, with the offer as it is now. */
export type SaleOutcome = { placed: true } | { placed: false; offer: Offer };

/** The offer as it is now, when the server refused a sale for a price or currency it no longer has. */
function repricedOffer(failure: unknown): Offer | undefined {
  if (!(failure instanceof ServerRefusal)) return undefined;
  if (failure.code !== ResultCode.conflict || failure.field !== 'unit_price') return undefined;
  return (failure.data as SalePriceChangedData).offer;
}

export async function sellToMerchant(request: SaleRequest): Promise<SaleOutcome> {
  try {
    await call('saleu/create-order', { ...request, saleu_id: String(request.saleu_id) });
  } catch (failure) {
    const offer = repricedOffer(failure);
    if (offer) return { placed: false, offer };
    throw failure;
  }
  await revalidateAfter('sale');
  return { placed: true };
}
