import { callKey, useCall, usePagedCall } from './swr';

export type LogFilter = '' | 'income' | 'expense';

export function useAssetTotals() {
  return useCall(callKey('asset-log/tongji', {}));
}

export function useProperty() {
  return useCall(callKey('property/tongji', {}));
}

export function useAssetLog(kind: LogFilter) {
  return usePagedCall('asset-log/list', { kind }, ['balance']);
}
