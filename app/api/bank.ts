import type { CallRequest } from '../../contract/calls';
import type { BankInfo } from '../../contract/responses';
import type { BankType } from '../../contract/rules';
import { call } from './client';
import { callKey, revalidateCalls, useCall } from './swr';

export function useBoundTypes() {
  return useCall(callKey('bankinfo/get-is-add', {}));
}

/** The customer's binding of one type (masked), or null when there is none. */
export function useBinding(type: BankType) {
  // Never show one type's binding under the other's tab while the new one loads.
  const result = useCall(callKey('bankinfo/list', { type }), { keepPreviousData: false });
  return { ...result, binding: result.data ? (result.data.list[0] ?? null) : undefined };
}

export async function bindAccount(fields: CallRequest<'bankinfo/create'>): Promise<BankInfo> {
  const created = await call('bankinfo/create', fields);
  await revalidateCalls('bankinfo/get-is-add', 'bankinfo/list');
  return created;
}

/** The whole details of a binding, fetched only when the customer asks to see them. */
export function useBindingDetail(type: BankType, bankId: number | null) {
  return useCall(bankId === null ? null : callKey('bankinfo/detail', { type, bk_id: String(bankId) }));
}
