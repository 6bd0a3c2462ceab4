import dns from 'node:dns';
import net, { BlockList, type LookupFunction } from 'node:net';

/**
 * Which push-service URLs the server will POST to. A customer hands the server this URL, so it
 * could otherwise point the server at itself or at the network behind it (SSRF). The real push
 * services (FCM, Mozilla, Apple, Microsoft) are all public names on the default https port.
 */
export type PushEndpointPolicy = (url: URL) => boolean;

/** Loopback, private, link-local, shared, multicast and reserved ranges: never a push service. */
const notPublic = new BlockList();
for (const [subnet, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(subnet, prefix, 'ipv4');
}
for (const [subnet, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(subnet, prefix, 'ipv6');
}

/** True for an address no push service has (an IPv4-mapped IPv6 address counts as its IPv4). */
export function isNonPublicAddress(address: string): boolean {
  const version = net.isIP(address);
  if (version === 0) return true;
  return notPublic.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The production rule: https on the default port, no credentials, a dotted host name that is not
 * `localhost`, and no IP literal of a non-public range.
 */
export const publicHttpsOnly: PushEndpointPolicy = (url) => {
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIP(host) !== 0) return !isNonPublicAddress(host);
  return host.includes('.') && host !== 'localhost' && !host.endsWith('.localhost');
};

/** The error code of a host name refused for resolving to an address that is not public. */
export const NOT_PUBLIC = 'EPUSHADDRESS';

/**
 * Resolves a push service's name and refuses it when any address is not public, so a public name
 * that resolves to this machine or its network (DNS rebinding) is refused as its IP would be.
 * (IP literals never come here: the policy above has checked them.)
 */
export const publicAddressesOnly: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '');
      return;
    }
    const first = addresses[0];
    if (!first || addresses.some((found) => isNonPublicAddress(found.address))) {
      const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to an address that is not public`);
      refused.code = NOT_PUBLIC;
      callback(refused, '');
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  });
};

/** What a log line may say of an endpoint: its host, never the path (the subscription's secret). */
export function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'unreadable';
  }
}
