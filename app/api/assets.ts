import { callKey, useCall, usePagedCall } from './swr';

export type LogFilter = '' | 'income' | 'expense';

export function useFundLogTotals() {
  return useCall(callKey('asset-log/tongji', {}));
}

export function useAssetTotals() {
  return useCall(callKey('property/tongji', {}));
}

export function useFundLog(kind: LogFilter) {
  return usePagedCall('asset-log/list', { kind }, ['balance']);
}
