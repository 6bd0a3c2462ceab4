import type { TrustProxy } from './platform/http/request-ids';
import type { Limits } from './platform/limits';
import { DEFAULT_CHAIN_POLL_MS } from './deposits/chain/runner';
import { DEFAULT_NODES_TO_AGREE } from './deposits/chain/reading';
import { DEFAULT_CHAIN_LEASE_MS, DEFAULT_DUST_BELOW } from './deposits/chain/watcher';
import path from 'node:path';
import { parseMoney, type Cents } from '../contract/money';
import type { DatabaseConfig, SqliteSynchronous } from './platform/database/sql';
import { DEFAULT_SECOND_APPROVAL_ABOVE } from './staff/four-eyes';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…`: PostgreSQL instead of the SQLite file under `dataDir`. */
  databaseUrl: string | undefined;
  /** When SQLite's commits reach the disk (SQLITE_SYNCHRONOUS): `full` unless told. */
  sqliteSynchronous: SqliteSynchronous;
  smtpUrl: string | undefined;
  /** Public address of the app, for invite links (else taken from each request). */
  publicUrl: string | undefined;
  /** The host name (and port, if not the default) the console is served on, and only there. */
  consoleHost: string | undefined;
  demo: boolean;
  logLevel: string;
  limits: Limits;
  /** Built PWA to serve; absent in API-only tests. */
  staticDir: string | undefined;
  /**
   * Which proxies may tell the client's address (X-Forwarded-For), for the per-address limits
   * behind a load balancer: false (none, the default), or their addresses and CIDRs,
   * comma-separated. Never `true` on a node the internet reaches directly.
   */
  trustProxy: TrustProxy;
  /**
   * Other sites the app shows images from: the origins of the build's VITE_IMAGE_BASE_URL and
   * VITE_LOGO_URL, read from the same environment, for the documents' content security policy.
   */
  imageOrigins: string[];
  /** Withdrawals above this many cents need two operators' approvals (REVIEW_SECOND_APPROVAL_ABOVE). */
  secondApprovalAbove: Cents;
  /** Hours a new or changed payout account waits before withdrawals to it (WITHDRAW_HOLD_HOURS). */
  withdrawHoldHours: number;
  /** The contact push services may reach the sender at (PUSH_SUBJECT): `mailto:` or `https:`. */
  pushSubject: string | undefined;
  /** Milliseconds between two looks of the chain watchers at their networks (CHAIN_POLL_MS). */
  chainPollMs: number;
  /** Seconds a node's hold on a watched network lasts unless renewed (CHAIN_LEASE_SECONDS). */
  chainLeaseSeconds: number;
  /** How many of a network's node URLs must each confirm a transfer before it is credited (CHAIN_NODES_TO_AGREE). */
  chainNodesToAgree: number;
  /** Transfers to a customer's address below this are counted per address, not listed (CHAIN_DUST_BELOW). */
  chainDustBelow: Cents;
  /** On SIGTERM: seconds /readyz says 503 while requests are still served (DRAIN_NOTICE_SECONDS). */
  drainNoticeSeconds: number;
  /** On SIGTERM: the longest wait, after the notice, for requests in flight (DRAIN_SECONDS). */
  drainSeconds: number;
  /** Where /metrics listens on its own (METRICS_HOST, METRICS_PORT), or null when METRICS_PORT=off. */
  metrics: { host: string; port: number } | null;
  /** With it, /metrics is also on the public port, for `Authorization: Bearer <token>` (METRICS_TOKEN). */
  metricsToken: string | undefined;
}

/** Where Prometheus scrapes a node by default (loopback only). */
export const DEFAULT_METRICS_PORT = 9464;

/** A token long enough not to be guessed; the public /metrics is off without one. */
function metricsToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 24) throw new Error('METRICS_TOKEN must be at least 24 characters');
  return value;
}

/** On SIGTERM, how long requests in flight may take to finish before their connections are cut. */
export const DEFAULT_DRAIN_SECONDS = 20;

/** A payout account bound or changed minutes ago is the usual sign of a taken-over account. */
export const DEFAULT_WITHDRAW_HOLD_HOURS = 24;

function trustProxyFrom(value: string | undefined): TrustProxy {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

export const DEFAULT_LIMITS: Limits = {
  requestsPerMinute: 600,
  codesPerIpPerHour: 20,
  codeResendSeconds: 60,
  loginFailures: 5,
  untrustedLoginFailures: 10,
  loginWindowSeconds: 15 * 60,
  registrationsPerIpPerHour: 20,
  signInsPerIpPerHour: 60,
  hashesAtOnce: 2,
  connectionsPerIp: 256,
  connections: 10_000,
};

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}

/** The http(s) origin of each absolute URL given; paths on this site need none. */
export function originsOf(urls: readonly (string | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url || !/^https?:\/\//i.test(url)) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      throw new Error(`not a URL: ${JSON.stringify(url)}`);
    }
  }
  return [...origins];
}

/** A VAPID subject: the push services (RFC 8292) take a `mailto:` address or an `https:` URL. */
function pushSubject(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(value)) {
    throw new Error(`PUSH_SUBJECT must be a mailto: address or an https: URL, got ${JSON.stringify(value)}`);
  }
  return value;
}

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** A host name as browsers send it in `Host`, with a port only where it is not the scheme's default. */
function hostName(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const host = value.trim().toLowerCase();
  if (!HOST_NAME.test(host)) {
    throw new Error(
      `${name} must be a host name such as console.example.com (no scheme or path), got ${JSON.stringify(value)}`,
    );
  }
  return host;
}

function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * Demo data (known passwords, money no recharge backs) only where a newcomer tries the product:
 * a server on a loopback address, not in production, on its own SQLite file, not public behind a
 * proxy. Anywhere else it takes an explicit DEMO=1.
 */
function demoWanted(env: NodeJS.ProcessEnv, host: string): boolean {
  const value = env.DEMO ?? '';
  if (value === '1') return true;
  if (value === '0') return false;
  if (value !== '') throw new Error(`DEMO must be 1 or 0, got ${JSON.stringify(value)}`);
  return (
    isLoopback(host) &&
    env.NODE_ENV !== 'production' &&
    !env.DATABASE_URL &&
    !env.PUBLIC_URL &&
    trustProxyFrom(env.TRUST_PROXY) === false
  );
}

function sqliteSynchronous(value: string | undefined): SqliteSynchronous {
  if (value === undefined || value === '' || value === 'full') return 'full';
  if (value === 'normal') return 'normal';
  throw new Error(`SQLITE_SYNCHRONOUS must be full or normal, got ${JSON.stringify(value)}`);
}

function amount(value: string | undefined, fallback: Cents, name: string): Cents {
  if (value === undefined || value === '') return fallback;
  const parsed = parseMoney(value.trim());
  if (parsed === null) throw new Error(`${name} must be an amount such as 1000.00, got ${JSON.stringify(value)}`);
  return parsed;
}

/** One node's word (1) or more; a network with fewer URLs needs all of them. */
function nodesToAgree(value: string | undefined): number {
  const nodes = integer(value, DEFAULT_NODES_TO_AGREE, 'CHAIN_NODES_TO_AGREE');
  if (nodes < 1 || nodes > 5) throw new Error(`CHAIN_NODES_TO_AGREE must be 1 to 5, got ${nodes}`);
  return nodes;
}

/** Reads the environment; every setting is optional and documented in docs/operations.md. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const host = env.HOST || '127.0.0.1';
  return {
    port: integer(env.PORT, 8080, 'PORT'),
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteSynchronous: sqliteSynchronous(env.SQLITE_SYNCHRONOUS),
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    consoleHost: hostName(env.CONSOLE_HOST, 'CONSOLE_HOST'),
    demo: demoWanted(env, host),
    logLevel: env.LOG_LEVEL || 'info',
    staticDir: path.resolve(env.STATIC_DIR || './dist'),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    imageOrigins: originsOf([env.VITE_IMAGE_BASE_URL, env.VITE_LOGO_URL]),
    secondApprovalAbove: amount(
      env.REVIEW_SECOND_APPROVAL_ABOVE,
      DEFAULT_SECOND_APPROVAL_ABOVE,
      'REVIEW_SECOND_APPROVAL_ABOVE',
    ),
    withdrawHoldHours: integer(env.WITHDRAW_HOLD_HOURS, DEFAULT_WITHDRAW_HOLD_HOURS, 'WITHDRAW_HOLD_HOURS'),
    pushSubject: pushSubject(env.PUSH_SUBJECT),
    chainPollMs: integer(env.CHAIN_POLL_MS, DEFAULT_CHAIN_POLL_MS, 'CHAIN_POLL_MS'),
    chainLeaseSeconds: integer(env.CHAIN_LEASE_SECONDS, DEFAULT_CHAIN_LEASE_MS / 1000, 'CHAIN_LEASE_SECONDS'),
    chainNodesToAgree: nodesToAgree(env.CHAIN_NODES_TO_AGREE),
    chainDustBelow: amount(env.CHAIN_DUST_BELOW, DEFAULT_DUST_BELOW, 'CHAIN_DUST_BELOW'),
    drainNoticeSeconds: integer(env.DRAIN_NOTICE_SECONDS, 0, 'DRAIN_NOTICE_SECONDS'),
    drainSeconds: integer(env.DRAIN_SECONDS, DEFAULT_DRAIN_SECONDS, 'DRAIN_SECONDS'),
    metrics:
      env.METRICS_PORT === 'off'
        ? null
        : {
            host: env.METRICS_HOST || '127.0.0.1',
            port: integer(env.METRICS_PORT, DEFAULT_METRICS_PORT, 'METRICS_PORT'),
          },
    metricsToken: metricsToken(env.METRICS_TOKEN),
    limits: {
      requestsPerMinute: integer(
        env.LIMIT_REQUESTS_PER_MINUTE,
        DEFAULT_LIMITS.requestsPerMinute,
        'LIMIT_REQUESTS_PER_MINUTE',
      ),
      codesPerIpPerHour: integer(
        env.LIMIT_CODES_PER_IP_HOUR,
        DEFAULT_LIMITS.codesPerIpPerHour,
        'LIMIT_CODES_PER_IP_HOUR',
      ),
      codeResendSeconds: integer(
        env.LIMIT_CODE_RESEND_SECONDS,
        DEFAULT_LIMITS.codeResendSeconds,
        'LIMIT_CODE_RESEND_SECONDS',
      ),
      loginFailures: DEFAULT_LIMITS.loginFailures,
      untrustedLoginFailures: DEFAULT_LIMITS.untrustedLoginFailures,
      loginWindowSeconds: DEFAULT_LIMITS.loginWindowSeconds,
      registrationsPerIpPerHour: integer(
        env.LIMIT_REGISTRATIONS_PER_IP_HOUR,
        DEFAULT_LIMITS.registrationsPerIpPerHour,
        'LIMIT_REGISTRATIONS_PER_IP_HOUR',
      ),
      signInsPerIpPerHour: integer(
        env.LIMIT_SIGN_INS_PER_IP_HOUR,
        DEFAULT_LIMITS.signInsPerIpPerHour,
        'LIMIT_SIGN_INS_PER_IP_HOUR',
      ),
      hashesAtOnce: integer(env.LIMIT_HASHES_AT_ONCE, DEFAULT_LIMITS.hashesAtOnce, 'LIMIT_HASHES_AT_ONCE'),
      connectionsPerIp: integer(
        env.LIMIT_CONNECTIONS_PER_IP,
        DEFAULT_LIMITS.connectionsPerIp,
        'LIMIT_CONNECTIONS_PER_IP',
      ),
      connections: integer(env.LIMIT_CONNECTIONS, DEFAULT_LIMITS.connections, 'LIMIT_CONNECTIONS'),
    },
  };
}

export function databaseFile(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'wallet.db');
}

/** Where the server and the operator CLI find the database. */
export function databaseConfig(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'sqliteSynchronous'>): DatabaseConfig {
  return {
    databaseUrl: config.databaseUrl,
    sqliteFile: databaseFile(config),
    sqliteSynchronous: config.sqliteSynchronous,
  };
}

/** The database as a person reads it in a log line: never the password of a URL. */
export function describeDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>): string {
  if (!config.databaseUrl) return databaseFile(config);
  const url = new URL(config.databaseUrl);
  url.password = '';
  return `PostgreSQL ${url.toString()}`;
}

/**
 * Where the console is reached from outside, for the enrolment links mailed to operators: its own host
 * (CONSOLE_HOST, on PUBLIC_URL's scheme), else PUBLIC_URL's origin; '' when neither is set.
 */
export function consoleOrigin(config: Pick<Config, 'consoleHost' | 'publicUrl'>): string {
  const scheme = config.publicUrl?.startsWith('https:') ? 'https' : 'http';
  if (config.consoleHost) return `${scheme}://${config.consoleHost}`;
  return config.publicUrl ? new URL(config.publicUrl).origin : '';
}
