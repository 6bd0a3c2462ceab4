import type { SendCodeScene } from '../../contract/rules';
import { deviceId } from '../state/device-id';
import { call } from './client';
import { endSession, startSession } from './session';

export async function logIn(account: string, password: string): Promise<void> {
  startSession(await call('user/login', { account, password, device: deviceId() }));
}

export interface Registration {
  account: string;
  email: string;
  code: string;
  password: string;
  repassword: string;
  invite_code: string;
}

export async function register(fields: Registration): Promise<void> {
  startSession(await call('user/register', { ...fields, device: deviceId() }));
}

/** Mails a code; resolves with the seconds to wait before another may be sent. */
export async function sendEmailCode(email: string, scene: SendCodeScene): Promise<number> {
  const { retry_after } = await call('sms/send-code', { email, scene });
  return retry_after;
}

export async function resetPassword(fields: Omit<Registration, 'account' | 'invite_code'>): Promise<void> {
  await call('user/reset-password', fields);
}

/** Revokes the token on the server when it can be reached; signs out locally either way. */
export async function logOut(): Promise<void> {
  try {
    await call('user/logout', {}, { silent: true });
  } catch {
    // Offline or already revoked: the local sign-out below still protects this device.
  }
  endSession();
}
