import { call } from './client';
import { callKey, revalidateCalls, setCachedRead, useCall } from './swr';

const settingsKey = callKey('security/settings', {});

export function useSignedInDevices() {
  return useCall(callKey('security/sessions', {}));
}

export function useSignInHistory() {
  return useCall(callKey('security/sign-ins', {}));
}

export function useSecuritySettings() {
  return useCall(settingsKey);
}

/** Ends one of the customer's other sessions: that device is signed out at once. */
export async function signOutDevice(id: string): Promise<void> {
  await call('security/end-session', { id });
  await revalidateCalls('security/sessions');
}

/** Ends every session but this one; how many ended. */
export async function signOutOtherDevices(): Promise<number> {
  const { ended } = await call('security/end-other-sessions', {});
  await revalidateCalls('security/sessions');
  return ended;
}

/** Sets the phrase our e-mails show at the top; empty takes it away. */
export async function saveAntiPhishing(phrase: string): Promise<void> {
  await setCachedRead(settingsKey, await call('security/set-anti-phishing', { anti_phishing: phrase }));
}
