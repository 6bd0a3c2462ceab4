import { DEVICE_ID_PATTERN } from '../../contract/rules';
import { STORAGE_KEYS } from './storage-keys';
import { readStored, writeStored } from './storage';
import { newRequestId } from '../lib/request-id';

/**
 * This device's id for the server's "new device" e-mail: random, made once, the same for every
 * customer who signs in here (it names the device, not a person, and tells nothing about them).
 */
export function deviceId(): string {
  const stored = readStored(STORAGE_KEYS.deviceId);
  if (stored && DEVICE_ID_PATTERN.test(stored)) return stored;
  const made = newRequestId();
  writeStored(STORAGE_KEYS.deviceId, made);
  return made;
}
