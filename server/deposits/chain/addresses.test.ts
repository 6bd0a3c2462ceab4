import { pbkdf2Sync } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATH, AccountKey, ExtendedKeyError, addressBody, checksummed, tronAddress } from './addresses';

/** BIP-39's own test phrase: the seed every wallet's published vectors start from. */
const PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const master = HDKey.fromMasterSeed(pbkdf2Sync(PHRASE.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'));
/** What an admin pastes: the account's extended public key, as a wallet exports it. */
const xpubOf = (path: string) => master.derive(path).publicExtendedKey;

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));

describe('addresses from an account key', () => {
  it('derive the published EVM addresses of the test phrase at m/44’/60’/0’/0/i', () => {
    const account = AccountKey.parse(xpubOf(ACCOUNT_PATH.evm));
    expect(account.address('evm', 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(account.address('evm', 1)).toBe('0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0');
    // What a wallet derives from the phrase itself, private keys and all, matches.
    const fromPhrase = master.derive(`${ACCOUNT_PATH.evm}/0/7`);
    expect(account.address('evm', 7)).toBe(evmAddressOfPrivate(fromPhrase));
  });

  it('derive the TRON address of the test phrase at m/44’/195’/0’/0/0 as T…', () => {
    const account = AccountKey.parse(xpubOf(ACCOUNT_PATH.tron));
    expect(account.address('tron', 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(account.address('tron', 1)).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(account.address('tron', 1)).not.toBe(account.address('tron', 0));
  });

  it('refuse a private key, a key not at the account level, and garbage', () => {
    expect(() => AccountKey.parse(master.derive(ACCOUNT_PATH.evm).privateExtendedKey)).toThrow(ExtendedKeyError);
    expect(() => AccountKey.parse(xpubOf("m/44'/60'"))).toThrow(/depth 2/);
    expect(() => AccountKey.parse(xpubOf(`${ACCOUNT_PATH.evm}/0`))).toThrow(/depth 4/);
    expect(() => AccountKey.parse('xpub-not-a-key')).toThrow(ExtendedKeyError);
    const key = xpubOf(ACCOUNT_PATH.evm);
    expect(() => AccountKey.parse(`${key.slice(0, -1)}${key.endsWith('a') ? 'b' : 'a'}`)).toThrow(ExtendedKeyError);
  });

  it('stop at the last non-hardened index', () => {
    const account = AccountKey.parse(xpubOf(ACCOUNT_PATH.evm));
    expect(() => account.address('evm', -1)).toThrow(RangeError);
    expect(() => account.address('evm', 2 ** 31)).toThrow(RangeError);
    expect(() => account.address('evm', 1.5)).toThrow(RangeError);
  });
});

describe('address formats', () => {
  it('write EIP-55 checksums as the EIP’s own examples', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(checksummed(hex(address.slice(2).toLowerCase()))).toBe(address);
    }
  });

  it('write TRON’s form of USDT’s own contract', () => {
    expect(tronAddress(hex('a614f803b6fd780986a42c78ec9c7f77e6ded13c'))).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it('read either form back to the 20 bytes logs carry, and refuse a broken checksum', () => {
    expect(addressBody('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(addressBody('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBeNull();
    expect(addressBody('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');
    expect(addressBody('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');
    expect(addressBody('0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBeNull();
    expect(addressBody('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toBeNull();
    expect(addressBody('not an address')).toBeNull();
  });
});

/**
 * The EVM address of a key derived with its private half (as the wallet that holds the phrase
 * does), from the uncompressed public key of that private key: another way to the same address.
 */
function evmAddressOfPrivate(key: HDKey): string {
  if (!key.privateKey) throw new Error('a key with its private half was expected');
  const uncompressed = secp256k1.getPublicKey(key.privateKey, false);
  return checksummed(keccak_256(uncompressed.subarray(1)).subarray(-20));
}
