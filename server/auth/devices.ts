import net from 'node:net';
import type { DeviceDescription, NetworkPlace } from '../../contract/responses';
import { sha256 } from '../platform/security/tokens';

/** Longest User-Agent kept: enough for every real browser, not a place to store a novel. */
const USER_AGENT_MAX = 400;

export function trimUserAgent(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? (header[0] ?? '') : (header ?? '');
  return value.slice(0, USER_AGENT_MAX);
}

// Order matters: Edge and Opera and Samsung's browser also say "Chrome", Chrome also says "Safari".
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
  [/\bAppleWebKit\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(userAgent: string, table: readonly (readonly [RegExp, string])[]): string {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? '';
}

/** A browser's and a system's name from a User-Agent header; empty where it says neither. */
export function describeDevice(userAgent: string): DeviceDescription {
  return { browser: firstMatch(userAgent, BROWSERS), os: firstMatch(userAgent, SYSTEMS) };
}

function ipv4Parts(address: string): number[] | undefined {
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return net.isIPv4(mapped) ? mapped.split('.').map(Number) : undefined;
}

function ipv4Network(parts: number[]): NetworkPlace['network'] {
  const [a = 0, b = 0] = parts;
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)) {
    return 'private';
  }
  if (a === 100 && b >= 64 && b <= 127) return 'private';
  return 'public';
}

/** The eight groups of an IPv6 address, `::` expanded. */
export function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right];
}

/**
 * Roughly where an address is, without asking anyone: its kind of network and its range (an
 * IPv4 /16, an IPv6 /48), which is what a customer can compare with the places they use.
 */
export function networkPlace(address: string): NetworkPlace {
  const v4 = ipv4Parts(address);
  if (v4) return { network: ipv4Network(v4), range: `${v4[0]}.${v4[1]}.0.0/16` };
  if (net.isIPv6(address)) {
    if (address === '::1') return { network: 'loopback', range: '::1/128' };
    const groups = ipv6Groups(address);
    const first = Number.parseInt(groups[0] ?? '0', 16);
    const local = (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
    const range = `${groups
      .slice(0, 3)
      .map((group) => Number.parseInt(group, 16).toString(16))
      .join(':')}::/48`;
    return { network: local ? 'private' : 'public', range };
  }
  return { network: 'public', range: '' };
}

/**
 * What tells one device from another for the "new device" e-mail: the random id the app keeps on
 * the device, or, from a client that sends none, its browser, system and network range together.
 */
export function deviceKey(deviceId: string | undefined, userAgent: string, address: string): string {
  if (deviceId) return sha256(`id:${deviceId}`);
  const { browser, os } = describeDevice(userAgent);
  return sha256(`guess:${browser}:${os}:${networkPlace(address).range}`);
}
