import { callKey, useCall, usePagedCall } from './swr';

export function useTeamTotals() {
  return useCall(callKey('team/tongji', {}));
}

export function useTeamMembers() {
  return usePagedCall('team/list', {});
}

export function useInviteDetail() {
  return useCall(callKey('invite/detail', {}));
}

export function useServiceContacts() {
  return useCall(callKey('team/kefu-list', {}));
}
