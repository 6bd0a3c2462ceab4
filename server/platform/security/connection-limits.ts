import fs from 'node:fs';
import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/**
 * How long a connection may take. A client that sends half a request and then nothing holds a
 * socket (and a file descriptor) until one of these runs out.
 */
export const CONNECTION_TIMEOUTS = {
  /** The whole header must arrive within this. */
  headersMs: 10_000,
  /** The whole request, body included: a 5 MB upload on a slow phone fits. */
  requestMs: 60_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: 10_000,
  /** A socket with no traffic at all (live sockets set their own after the upgrade). */
  idleMs: 30_000,
  /** How often Node looks for connections past the header or request time-out. */
  checkEveryMs: 2_000,
} as const;

export type ConnectionTimeouts = { [Name in keyof typeof CONNECTION_TIMEOUTS]: number };

const LOG_EVERY_MS = 60_000;

/**
 * At most `perIp` open connections from one address; the next ones are closed at once, and the
 * first refusal per address and minute is logged.
 */
export function limitConnectionsPerIp(server: Server, perIp: number, log: FastifyBaseLogger): void {
  const open = new Map<string, number>();
  const loggedAt = new Map<string, number>();
  server.on('connection', (socket) => {
    const ip = socket.remoteAddress ?? 'unknown';
    const count = open.get(ip) ?? 0;
    if (count >= perIp) {
      const now = Date.now();
      if (now - (loggedAt.get(ip) ?? 0) >= LOG_EVERY_MS) {
        loggedAt.set(ip, now);
        log.warn({ ip, open: count, limit: perIp }, 'connection refused: too many open from one address');
      }
      socket.destroy();
      return;
    }
    open.set(ip, count + 1);
    socket.once('close', () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left > 0) open.set(ip, left);
      else open.delete(ip);
    });
  });
}

/**
 * The open-file limit the kernel holds this process to (Node raises the soft limit to the hard one
 * when it starts, so this is already as high as the system allows); undefined without /proc.
 */
export function openFileLimit(): number | undefined {
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((candidate) => candidate.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    return soft && /^\d+$/.test(soft) ? Number(soft) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Connections the whole server keeps open: what is configured, but always a fifth of the file
 * limit (at least 128) below it, which the database, the uploads and the logs need. A server out
 * of descriptors cannot even open index.html for anyone.
 */
export function connectionCap(configured: number, fileLimit: number | undefined): number {
  if (fileLimit === undefined) return configured;
  return Math.max(1, Math.min(configured, fileLimit - Math.max(128, Math.floor(fileLimit / 5))));
}

/** At most `cap` connections in all; the next ones are closed at once, logged once a minute. */
export function limitConnections(server: Server, cap: number, log: FastifyBaseLogger): void {
  server.maxConnections = cap;
  let loggedAt = 0;
  server.on('drop', () => {
    const now = Date.now();
    if (now - loggedAt < LOG_EVERY_MS) return;
    loggedAt = now;
    log.warn({ limit: cap }, 'connection refused: the server holds as many as it may');
  });
}
