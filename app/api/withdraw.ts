import type { BankType } from '../../contract/rules';
import { call } from './client';
import { revalidateCalls, usePagedCall } from './swr';

export interface WithdrawRequest {
  type: BankType;
  bk_id: number;
  amount: string;
  password: string;
  request_id: string;
}

export async function createWithdrawal(request: WithdrawRequest): Promise<void> {
  await call('withdraw/create', { ...request, bk_id: String(request.bk_id) });
  await revalidateCalls('userinfo/get-money-info', 'asset-log/tongji', 'property/tongji');
}

export function useWithdrawals() {
  return usePagedCall('withdraw/list', {}, ['withdraw', 'balance']);
}
