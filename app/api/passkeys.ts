import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { call } from './client';
import { startSession } from './session';
import { callKey, revalidateCalls, useCall, usePagedCall } from './swr';

/**
 * Why the browser's half of a passkey ceremony ended without a passkey. A browser does not tell a
 * page whether the customer cancelled or had no passkey for this site (that would let any site
 * probe for accounts), so `cancelled` covers both.
 */
export type PasskeyProblem = 'unsupported' | 'cancelled' | 'already_added' | 'failed';

/** The browser can make and use passkeys at all (not: it holds one for this site). */
export function browserHasPasskeys(): boolean {
  return typeof window.PublicKeyCredential === 'function';
}

/** The library is loaded only once a customer starts a ceremony: it stays out of the start bundle. */
const webauthn = () => import('@simplewebauthn/browser');

function problemOf(error: unknown): PasskeyProblem {
  if (!(error instanceof Error)) return 'failed';
  if ('code' in error && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'already_added';
  const cause = error.cause instanceof Error ? error.cause : error;
  if (cause.name === 'NotAllowedError' || cause.name === 'AbortError') return 'cancelled';
  if (cause.name === 'NotSupportedError') return 'unsupported';
  return 'failed';
}

type Ceremony<T> = { ok: true; value: T } | { ok: false; problem: PasskeyProblem };

/** Runs the browser's part; a server refusal is not caught here (the caller shows its message). */
async function inBrowser<T>(run: (library: Awaited<ReturnType<typeof webauthn>>) => Promise<T>): Promise<Ceremony<T>> {
  if (!browserHasPasskeys()) return { ok: false, problem: 'unsupported' };
  const library = await webauthn();
  if (!library.browserSupportsWebAuthn()) return { ok: false, problem: 'unsupported' };
  try {
    return { ok: true, value: await run(library) };
  } catch (error) {
    return { ok: false, problem: problemOf(error) };
  }
}

/**
 * Signs in with a passkey the browser offers for this site; a problem, or nothing when signed in.
 * `device` is the app's id of this device (state/device-id), passed in so this module stays lazy.
 */
export async function signInWithPasskey(device: string): Promise<PasskeyProblem | undefined> {
  const ceremony = await call('passkey/sign-in-options', {});
  const answer = await inBrowser((library) =>
    library.startAuthentication({
      optionsJSON: ceremony.options as unknown as PublicKeyCredentialRequestOptionsJSON,
    }),
  );
  if (!answer.ok) return answer.problem;
  startSession(
    await call('passkey/sign-in', {
      challenge_id: ceremony.challenge_id,
      response: JSON.stringify(answer.value),
      device,
    }),
  );
  return undefined;
}

/** The customer's passkeys (at most PASSKEYS_PER_CUSTOMER, so every one fits the first pages). */
export function usePasskeys() {
  return usePagedCall('passkey/list', {});
}

/** Whether the customer has any passkey, for offering one instead of the password. */
export function useHasPasskeys(): boolean {
  return (useCall(callKey('passkey/list', {})).data?.total ?? 0) > 0;
}

/**
 * Adds a passkey on this device. The account password goes first, before the browser makes a
 * key, and `name` is what the customer calls it.
 */
export async function addPasskey(password: string, name: string): Promise<PasskeyProblem | undefined> {
  const ceremony = await call('passkey/register-options', { password });
  const answer = await inBrowser((library) =>
    library.startRegistration({
      optionsJSON: ceremony.options as unknown as PublicKeyCredentialCreationOptionsJSON,
    }),
  );
  if (!answer.ok) return answer.problem;
  await call('passkey/register', { challenge_id: ceremony.challenge_id, response: JSON.stringify(answer.value), name });
  await revalidateCalls('passkey/list');
  return undefined;
}

/** Removes a passkey: fresh proof first (see IdentityCheckSheet, which shows a refusal itself). */
export async function removePasskey(id: number, proof: IdentityProof): Promise<void> {
  await call('passkey/remove', { id: String(id), ...proof }, { silent: true });
  await revalidateCalls('passkey/list');
}

/** A passkey's answer to a challenge, sent instead of the password as fresh proof. */
export interface PasskeyProof {
  challenge_id: string;
  passkey: string;
}

/** Fresh proof that the customer is at this session: the account password, or a passkey's answer. */
export type IdentityProof = { password: string } | PasskeyProof;

/** A passkey that verifies the customer (fingerprint, face or PIN), for a withdrawal or another step. */
async function stepUp(path: 'passkey/withdraw-options' | 'passkey/confirm-options'): Promise<Ceremony<PasskeyProof>> {
  const ceremony = await call(path, {});
  const answer = await inBrowser((library) =>
    library.startAuthentication({
      optionsJSON: ceremony.options as unknown as PublicKeyCredentialRequestOptionsJSON,
    }),
  );
  if (!answer.ok) return answer;
  return { ok: true, value: { challenge_id: ceremony.challenge_id, passkey: JSON.stringify(answer.value) } };
}

export const confirmWithPasskey = () => stepUp('passkey/withdraw-options');

export const confirmIdentityWithPasskey = () => stepUp('passkey/confirm-options');
