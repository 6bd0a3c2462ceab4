import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';

/** What a request id may look like when a proxy hands one in: short, and safe in a log line. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id of the request whose work is running, wherever in its call chain a line is logged. */
const requestScope = new AsyncLocalStorage<string>();

/** Runs the rest of a request's handling (`next`) with its id in scope. */
export function withinRequest(id: string, next: () => void): void {
  requestScope.run(id, next);
}

/**
 * The fields pino adds to every line (its `mixin`): the request id while a request's work runs,
 * so each line of a request carries it, whichever logger wrote it.
 */
export function requestLogFields(): { reqId?: string } {
  const id = requestScope.getStore();
  return id === undefined ? {} : { reqId: id };
}

function bare(address: string): string {
  return address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
}

/** TRUST_PROXY: true (every peer), or a comma-separated list of addresses and CIDR ranges. */
export type TrustProxy = boolean | string;

/** Whether a connection's peer is one of the proxies TRUST_PROXY names (addresses or CIDRs). */
export function trustedPeers(trustProxy: TrustProxy): (address: string | undefined) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false) return () => false;
  const list = new net.BlockList();
  for (const entry of trustProxy.split(',').map((part) => part.trim())) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (!net.isIP(address)) continue;
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    const peer = bare(address);
    return list.check(peer, net.isIPv6(peer) ? 'ipv6' : 'ipv4');
  };
}

/**
 * A request's id: the `X-Request-Id` a trusted proxy sent (so the balancer's log and ours name one
 * request alike), else a new random one. Anyone else's header is ignored.
 */
export function requestIdOf(raw: IncomingMessage, trusts: (address: string | undefined) => boolean): string {
  const given = raw.headers['x-request-id'];
  if (typeof given === 'string' && GIVEN_ID.test(given) && trusts(raw.socket.remoteAddress)) return given;
  return randomUUID();
}
