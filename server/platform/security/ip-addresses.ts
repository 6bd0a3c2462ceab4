import net from 'node:net';

/**
 * What kind of network an IP address belongs to, for the places the server connects to an address
 * someone else gave it: push services must be public (server/push/endpoints.ts), and a chain node
 * spoken to over plain http must be on this machine or a private network (server/deposits/chain/rpc.ts).
 */

interface Block {
  bytes: readonly number[];
  prefix: number;
}

function block(address: string, prefix: number): Block {
  const bytes = addressBytes(address);
  if (!bytes) throw new Error(`not an address: ${address}`);
  return { bytes, prefix };
}

/** IPv4's special-purpose blocks (IANA's registry): anything else is global unicast. */
const SPECIAL_IPV4 = [
  block('0.0.0.0', 8),
  block('10.0.0.0', 8),
  block('100.64.0.0', 10),
  block('127.0.0.0', 8),
  block('169.254.0.0', 16),
  block('172.16.0.0', 12),
  block('192.0.0.0', 24),
  block('192.0.2.0', 24),
  // AS112, AMT and direct-delegation AS112: reachable, but never a push service.
  block('192.31.196.0', 24),
  block('192.52.193.0', 24),
  block('192.175.48.0', 24),
  block('192.88.99.0', 24),
  block('192.168.0.0', 16),
  block('198.18.0.0', 15),
  block('198.51.100.0', 24),
  block('203.0.113.0', 24),
  block('224.0.0.0', 4),
  block('240.0.0.0', 4),
  block('255.255.255.255', 32),
];

/** IPv6's global unicast space; everything outside it (loopback, NAT64, ULA, site- and link-local…) is refused. */
const GLOBAL_IPV6 = block('2000::', 3);

/**
 * The special-purpose blocks inside 2000::/3: 2001::/23 (Teredo, which embeds an IPv4 address,
 * benchmarking, ORCHID, and a few reachable ones no push service uses), documentation
 * (2001:db8::/32 and 3fff::/20), 6to4 (2002::/16, which embeds an IPv4 address) and AS112's
 * direct delegation.
 */
const SPECIAL_IPV6 = [
  block('2001::', 23),
  block('2001:db8::', 32),
  block('2002::', 16),
  block('2620:4f:8000::', 48),
  block('3fff::', 20),
];

/** IPv4-mapped addresses (::ffff:a.b.c.d): a dual-stack socket reaches the IPv4 address inside. */
const IPV4_MAPPED = block('::ffff:0:0', 96);

/**
 * True only for an ordinary global unicast address: IPv4 outside every special-purpose block, or
 * IPv6 in 2000::/3 outside its special-purpose blocks. An IPv4-mapped IPv6 address is judged by
 * the IPv4 address inside; the other forms that carry IPv4 (compatible, translated, NAT64, 6to4,
 * Teredo) are refused, as is an address with a zone.
 */
export function isGlobalUnicast(address: string): boolean {
  const bytes = addressBytes(address);
  if (!bytes) return false;
  if (bytes.length === 4) return !SPECIAL_IPV4.some((special) => inBlock(bytes, special));
  if (inBlock(bytes, IPV4_MAPPED)) return isGlobalUnicast(bytes.slice(12).join('.'));
  return inBlock(bytes, GLOBAL_IPV6) && !SPECIAL_IPV6.some((special) => inBlock(bytes, special));
}

/** Loopback and the private ranges (RFC 1918 for IPv4, unique local fc00::/7 for IPv6). */
const LOOPBACK_OR_PRIVATE = [
  block('127.0.0.0', 8),
  block('10.0.0.0', 8),
  block('172.16.0.0', 12),
  block('192.168.0.0', 16),
  block('::1', 128),
  block('fc00::', 7),
];

/**
 * True for an address on this machine or on a private network, where nobody on the internet's
 * path can read or change what is said. An IPv4-mapped IPv6 address is judged by its IPv4 address.
 */
export function isLoopbackOrPrivate(address: string): boolean {
  const bytes = addressBytes(address);
  if (!bytes) return false;
  if (bytes.length === 16 && inBlock(bytes, IPV4_MAPPED)) return isLoopbackOrPrivate(bytes.slice(12).join('.'));
  return LOOPBACK_OR_PRIVATE.some((range) => inBlock(bytes, range));
}

/** The address's bytes (4 or 16), or undefined when it is not a plain IP address. */
export function addressBytes(address: string): number[] | undefined {
  if (net.isIPv4(address)) return address.split('.').map(Number);
  if (!net.isIPv6(address) || address.includes('%')) return undefined;
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  let text = address;
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = (dotted[2] ?? '').split('.').map(Number);
    text = `${dotted[1] ?? ''}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0');
  return [...headGroups, ...zeros, ...tailGroups].flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

function inBlock(bytes: readonly number[], range: Block): boolean {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.prefix; bit += 1) {
    const index = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[index] ?? 0) & mask) !== ((range.bytes[index] ?? 0) & mask)) return false;
  }
  return true;
}
