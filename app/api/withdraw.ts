import type { BankType } from '../../contract/rules';
import { call } from './client';
import type { PasskeyProof } from './passkeys';
import { revalidateAfter, usePagedCall } from './swr';

export interface WithdrawRequest {
  type: BankType;
  bk_id: number;
  amount: string;
  request_id: string;
}

/** Fresh proof that the customer is the one withdrawing: the password, or a passkey's answer. */
export type WithdrawProof = { password: string } | PasskeyProof;

export async function createWithdrawal(request: WithdrawRequest, proof: WithdrawProof): Promise<void> {
  await call('withdraw/create', { ...request, ...proof, bk_id: String(request.bk_id) });
  await revalidateAfter('withdrawal');
}

export function useWithdrawals() {
  return usePagedCall('withdraw/list', {}, ['withdraw', 'balance']);
}
