import dns, { type LookupAddress } from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import { isGlobalUnicast } from '../platform/security/ip-addresses';

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
