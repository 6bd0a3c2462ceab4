import { sessionAtom } from '../state/session';
import { store } from '../state/store';
import { call } from './client';
import { callKey, preloadCall, setCachedRead, useCall } from './swr';

export const userInfoKey = callKey('userinfo/get-info', {});
export const moneyInfoKey = callKey('userinfo/get-money-info', {});

export function useUserInfo() {
  return useCall(userInfoKey);
}

export function useMoneyInfo() {
  return useCall(moneyInfoKey);
}

/** The balance is the first thing Home and My show: ask for it while their code still loads. */
export function preloadMoneyInfo(): void {
  preloadCall(moneyInfoKey);
}

/** Saves the nickname and, when given, a newly uploaded avatar (the server keeps the old one otherwise). */
export async function saveProfile(profile: { nickname: string; avatar?: string }): Promise<void> {
  const user = await call('userinfo/save', profile);
  const session = store.get(sessionAtom);
  if (session && session.id === user.id) store.set(sessionAtom, { ...session, ...user });
  await setCachedRead(userInfoKey, user);
}
