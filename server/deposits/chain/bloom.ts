import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * A block's logs bloom: 2048 bits, three set for each contract address and each topic of each of
 * its logs (the yellow paper's M3:2048), so that "none of these logs is here" can be told from the
 * header. java-tron answers 256 zero bytes ("no value"): there a bloom tells nothing.
 */

/** The three bits an item (hex without 0x) sets. */
function bitsOf(item: string): number[] {
  const hash = keccak_256(hexToBytes(item));
  return [0, 2, 4].map((at) => (((hash[at] ?? 0) << 8) | (hash[at + 1] ?? 0)) & 0x7ff);
}

function isSet(bytes: Uint8Array, bit: number): boolean {
  return ((bytes[255 - (bit >> 3)] ?? 0) & (1 << (bit & 7))) !== 0;
}

/** Whether the bloom may hold every one of the items (hex without 0x): false means none of the block's logs has them all. */
export function bloomMayHold(bloom: string, ...items: string[]): boolean {
  const bytes = hexToBytes(bloom);
  return items.every((item) => bitsOf(item).every((bit) => isSet(bytes, bit)));
}

/** The bloom a block whose logs are exactly these has. */
export function bloomOf(logs: readonly { address: string; topics: readonly string[] }[]): string {
  const bytes = new Uint8Array(256);
  for (const log of logs) {
    for (const item of [log.address, ...log.topics]) {
      for (const bit of bitsOf(item)) {
        const at = 255 - (bit >> 3);
        bytes[at] = (bytes[at] ?? 0) | (1 << (bit & 7));
      }
    }
  }
  return bytesToHex(bytes);
}
