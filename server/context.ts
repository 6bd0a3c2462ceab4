import type { FastifyBaseLogger } from 'fastify';
import type { Limits } from './config';
import type { Queries } from './db';
import type { Db } from './db/database';
import type { Ledger } from './ledger';
import type { LiveHub } from './live';
import type { Mailer } from './mail/mailer';
import type { SessionCache } from './session-cache';

/** What changes money and records it: shared by the server and the operator CLI. */
export interface Domain {
  db: Db;
  queries: Queries;
  ledger: Ledger;
  now: () => Date;
}

/** What route modules work with; built once in buildApp. */
export interface ServerContext extends Domain {
  mailer: Mailer;
  limits: Limits;
  log: FastifyBaseLogger;
  sessions: SessionCache;
  /** The open live sockets, by user and session. */
  live: LiveHub;
  /** The app's public address for links we hand out (invite links); else the request's origin. */
  publicUrl: string | undefined;
  /** Root of the uploads folder. */
  uploadsDir: string;
}

export function isoNow(context: Pick<ServerContext, 'now'>): string {
  return context.now().toISOString();
}

export function secondsAgo(context: Pick<ServerContext, 'now'>, seconds: number): string {
  return new Date(context.now().getTime() - seconds * 1000).toISOString();
}

export function secondsUntil(context: Pick<ServerContext, 'now'>, time: string): number {
  return (Date.parse(time) - context.now().getTime()) / 1000;
}
