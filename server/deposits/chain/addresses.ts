import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { createBase58check } from '@scure/base';
import type { ChainKind } from '../../../contract/rules';

/** The account-level path each kind's extended public key must be exported at. */
export const ACCOUNT_PATH: Record<ChainKind, string> = {
  tron: "m/44'/195'/0'",
  evm: "m/44'/60'/0'",
};

/** A key exported at m/purpose'/coin'/account' sits three levels below the master. */
const ACCOUNT_DEPTH = 3;
/** Receiving addresses, as wallets derive them: …/0/i (1 would be change). */
const RECEIVING_CHAIN = 0;
/** Non-hardened indexes only: hardened children cannot be derived from a public key. */
const MAX_ADDRESS_INDEX = 0x7fffffff;

const TRON_PREFIX = 0x41;
const base58check = createBase58check(sha256);

export class ExtendedKeyError extends Error {
  override readonly name = 'ExtendedKeyError';
}

/**
 * An account's extended public key, checked: an `xpub`, not a private key, exported at the
 * account level. Only public derivation is possible from it; the server never holds a key that
 * can spend.
 */
export class AccountKey {
  private readonly receiving: HDKey;

  private constructor(account: HDKey) {
    this.receiving = account.deriveChild(RECEIVING_CHAIN);
  }

  static parse(xpub: string): AccountKey {
    const text = xpub.trim();
    if (!text.startsWith('xpub')) {
      throw new ExtendedKeyError('an extended public key starts with "xpub"; a private key (xprv) is never accepted');
    }
    let key: HDKey;
    try {
      key = HDKey.fromExtendedKey(text);
    } catch {
      throw new ExtendedKeyError('not a valid extended public key');
    }
    if (key.privateKey) throw new ExtendedKeyError('a private key is never accepted');
    if (key.depth !== ACCOUNT_DEPTH) {
      throw new ExtendedKeyError(
        `the key is at depth ${key.depth}; export it at the account level (m/44'/coin'/0', depth ${ACCOUNT_DEPTH})`,
      );
    }
    return new AccountKey(key);
  }

  /** The address at …/0/`index` in the format of `kind`. */
  address(kind: ChainKind, index: number): string {
    if (!Number.isInteger(index) || index < 0 || index > MAX_ADDRESS_INDEX) {
      throw new RangeError(`address index ${index} is out of range`);
    }
    const publicKey = this.receiving.deriveChild(index).publicKey;
    if (!publicKey) throw new ExtendedKeyError('the key has no public key');
    return formatAddress(kind, bytesToHex(accountBytes(publicKey)));
  }
}

/** An address's 20 bytes (lower-case hex, as stored and as logs carry them) in the format of `kind`. */
export function formatAddress(kind: ChainKind, body: string): string {
  const bytes = hexToBytes(body);
  return kind === 'evm' ? checksummed(bytes) : tronAddress(bytes);
}

/** The 20 bytes an account is known by on both kinds: keccak-256 of the uncompressed key, last 20. */
function accountBytes(compressedPublicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(compressedPublicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(-20);
}

/** EIP-55: the hex address with letters upper-cased where the hash of its lower-case form says. */
export function checksummed(body: Uint8Array): string {
  const hex = bytesToHex(body);
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(hex)));
  let out = '0x';
  for (let index = 0; index < hex.length; index += 1) {
    const char = hex[index] ?? '';
    out += Number.parseInt(hash[index] ?? '0', 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/** TRON's `T…` form: base58check of 0x41 and the 20 bytes. */
export function tronAddress(body: Uint8Array): string {
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_PREFIX;
  bytes.set(body, 1);
  return base58check.encode(bytes);
}

/**
 * The 20 bytes of an address in either format (`T…` or `0x…`), as logs carry them (lower-case
 * hex, no prefix); null when it is neither, or its checksum is wrong.
 */
export function addressBody(address: string): string | null {
  const text = address.trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(text)) {
    const lower = text.slice(2).toLowerCase();
    const mixed = text.slice(2) !== lower && text.slice(2) !== text.slice(2).toUpperCase();
    if (mixed && checksummed(hexToBytes(lower)) !== text) return null;
    return lower;
  }
  if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) {
    try {
      const bytes = base58check.decode(text);
      if (bytes.length !== 21 || bytes[0] !== TRON_PREFIX) return null;
      return bytesToHex(bytes.subarray(1));
    } catch {
      return null;
    }
  }
  return null;
}
