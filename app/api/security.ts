import { call } from './client';
import type { IdentityProof } from './passkeys';
import { callKey, setCachedRead, useCall, usePagedCall } from './swr';

const settingsKey = callKey('security/settings', {});

/** The signed-in devices, a page at a time (the most recently used first). */
export function useSignedInDevices() {
  return usePagedCall('security/sessions', {});
}

export function useSignInHistory() {
  return useCall(callKey('security/sign-ins', {}));
}

export function useSecuritySettings() {
  return useCall(settingsKey);
}

// What a stolen session alone must not do takes fresh proof (IdentityCheckSheet), which shows the
// server's refusal itself: these calls do not toast it behind the sheet.

/** Ends one of the customer's other sessions: that device is signed out at once. */
export async function signOutDevice(id: string, proof: IdentityProof): Promise<void> {
  await call('security/end-session', { id, ...proof }, { silent: true });
}

/** Ends every session but this one; how many ended. */
export async function signOutOtherDevices(proof: IdentityProof): Promise<number> {
  const { ended } = await call('security/end-other-sessions', proof, { silent: true });
  return ended;
}

/** The phrase our e-mails start with, shown only for fresh proof. */
export async function showAntiPhishing(proof: IdentityProof): Promise<string> {
  return (await call('security/show-anti-phishing', proof, { silent: true })).anti_phishing;
}

/** Sets the phrase our e-mails show at the top; empty takes it away. */
export async function saveAntiPhishing(phrase: string, proof: IdentityProof): Promise<void> {
  await setCachedRead(
    settingsKey,
    await call('security/set-anti-phishing', { anti_phishing: phrase, ...proof }, { silent: true }),
  );
}
