import type { SaleOrderState } from '../../contract/rules';
import { call } from './client';
import { callKey, revalidateCalls, useCall, usePagedCall } from './swr';

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

export async function sellToMerchant(request: SaleRequest): Promise<void> {
  await call('saleu/create-order', { ...request, saleu_id: String(request.saleu_id) });
  await revalidateCalls('userinfo/get-money-info', 'selling/tongji', 'asset-log/tongji');
}
