import dns, { type LookupAddress } from 'node:dns';
import net, { type LookupFunction } from 'node:net';

/**
 * Where the server will POST a push notice. A customer hands the server this URL, so it could
 * otherwise point the server at itself or at the network behind it (SSRF). The real push services
 * (FCM, Mozilla, Apple, Microsoft) are all public names on the default https port, at ordinary
 * global unicast addresses.
 */
export interface PushEndpointPolicy {
  /** Whether the server takes this URL at all: its scheme, port, credentials and host. */
  accepts(url: URL): boolean;
  /** Whether the sender may connect to this address: the URL's own, or one its host resolves to. */
  reaches(address: string): boolean;
  /** Every address a host name resolves to (the system's resolver; a test's own table). */
  resolve(hostname: string): Promise<LookupAddress[]>;
}

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

/** The address's bytes (4 or 16), or undefined when it is not a plain IP address. */
function addressBytes(address: string): number[] | undefined {
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

/** A URL's host as it is meant: no brackets around IPv6, lower case, no trailing dot (`localhost.`). */
function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.+$/, '');
}

/**
 * Names that never lead to a public service: this machine (RFC 6761), the local network (mDNS,
 * home.arpa, .internal, .localdomain, .lan) and the names reserved for tests and examples.
 */
const LOCAL_SUFFIXES = [
  'localhost',
  'local',
  'localdomain',
  'lan',
  'home.arpa',
  'internal',
  'test',
  'example',
  'invalid',
  'onion',
];

function isPublicName(name: string): boolean {
  const labels = name.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return false;
  return !LOCAL_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/**
 * The production rule for the URL: https on the default port, no credentials, and a host that is
 * either a dotted public name or a global unicast address. A name is checked again, by address,
 * whenever the server connects to it (`publicPushServices.reaches`).
 */
function publicHttpsOnly(url: URL): boolean {
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return false;
  const host = hostOf(url);
  return net.isIP(host) === 0 ? isPublicName(host) : isGlobalUnicast(host);
}

/** Every address the system's resolver gives for a name, in the order it gives them. */
function resolveWithSystem(hostname: string): Promise<LookupAddress[]> {
  return dns.promises.lookup(hostname, { all: true, order: 'verbatim' });
}

/** The production policy: public https URLs, connected to at global unicast addresses only. */
export const publicPushServices: PushEndpointPolicy = {
  accepts: publicHttpsOnly,
  reaches: isGlobalUnicast,
  resolve: resolveWithSystem,
};

/** The error code of an endpoint refused for an address the policy does not reach. */
export const NOT_PUBLIC = 'EPUSHADDRESS';

function refusedAddress(host: string): NodeJS.ErrnoException {
  const refused: NodeJS.ErrnoException = new Error(`${host} is or resolves to an address the server does not send to`);
  refused.code = NOT_PUBLIC;
  return refused;
}

/** Refuses an IP literal the policy does not reach; a name is checked by `lookupReachable` instead. */
export function checkLiteralHost(url: URL, policy: PushEndpointPolicy): void {
  const host = hostOf(url);
  if (net.isIP(host) !== 0 && !policy.reaches(host)) throw refusedAddress(host);
}

/**
 * The lookup the sender's connection uses for a name: it resolves the name once and refuses it
 * when any address is one the policy does not reach, and the socket connects only to what this
 * returned, so a public name that resolves to this machine or its network (DNS rebinding) is
 * refused as its address would be. Node calls no lookup for an IP literal: `checkLiteralHost`.
 */
export function lookupReachable(policy: PushEndpointPolicy): LookupFunction {
  return (hostname, options, callback) => {
    policy.resolve(hostname).then(
      (found) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const addresses = family ? found.filter((entry) => entry.family === family) : found;
        const first = addresses[0];
        if (!first || !found.every((entry) => policy.reaches(entry.address))) {
          callback(refusedAddress(hostname), '');
        } else if (options.all) {
          callback(null, addresses);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), '');
      },
    );
  };
}

/** What a log line may say of an endpoint: its host, never the path (the subscription's secret). */
export function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'unreadable';
  }
}
