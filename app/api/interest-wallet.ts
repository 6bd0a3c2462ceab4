import { call } from './client';
import { callKey, revalidateAfter, useCall, usePagedCall } from './swr';

/** The products: the original fixed this call at page 1, size 10. */
export function useProducts() {
  return useCall(callKey('lixibao/list', { page: '1', page_size: '10' }));
}

export function useHoldings() {
  return usePagedCall('lixibao/list-order', {}, ['lixibao']);
}

export interface WalletPurchase {
  lixibao_id: number;
  number: string;
  request_id: string;
}

export async function buyProduct(purchase: WalletPurchase): Promise<void> {
  await call('lixibao/create-order', { ...purchase, lixibao_id: String(purchase.lixibao_id) });
  await revalidateAfter('interestDeposit');
}
