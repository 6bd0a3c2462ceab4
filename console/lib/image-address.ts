import { imageAddress } from '../../contract/rules';

const imageBase = (import.meta.env.VITE_IMAGE_BASE_URL ?? '').replace(/\/+$/, '');

/**
 * A merchant's picture as the customer app shows it: by the contract's rule (a clean path under
 * VITE_IMAGE_BASE_URL, or an https: address), else null. The CSP still decides which sites load.
 */
export function merchantImage(avatar: string, base = imageBase): string | null {
  const address = avatar ? imageAddress(avatar) : null;
  if (!address) return null;
  return address.startsWith('/') ? `${base}${address}` : address;
}
