/**
 * What a dashboard and alerts need to see of a node, in Prometheus's text format (prom-client):
 * requests by call and status with their latency, database transactions and waits, live sockets,
 * the review queue, push notices, sign-in failures and refusals by a limit, the event loop, the
 * process, and how far each chain watcher is behind. Served on METRICS_PORT (loopback) and, with a
 * bearer token, on the public port.
 */
import http from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Queries } from '../platform/database/queries';
import type { RefusedAnswer } from '../deposits/chain/reading';
import type { ChainNetworkRow } from '../deposits/chain/queries';
import type { Db } from '../platform/database/sql';

export interface MetricSources {
  db: Db;
  queries: Queries;
  now: () => Date;
  /** Open live sockets: customers' and operators'. */
  liveSockets: () => number;
  /** Whether /readyz would say 200 now. */
  ready: () => Promise<boolean>;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Latency buckets, in seconds: a read takes about a millisecond, a slow write a few hundred. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * A node's metrics. `processMetrics` adds the process's own (memory, CPU, handles, garbage
 * collection, event-loop delay): on for a running server, off for the many apps a test run
 * builds in one process.
 */
export function createMetrics(sources: MetricSources, options: { processMetrics: boolean }) {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  /** The watched networks, read once for the three watcher gauges a scrape collects together. */
  let networksRead: { at: number; rows: Promise<ChainNetworkRow[]> } | undefined;
  const watchedNetworks = () => {
    const now = Date.now();
    if (!networksRead || now - networksRead.at > 1000) {
      networksRead = { at: now, rows: sources.queries.chain.networks() };
    }
    return networksRead.rows;
  };

  const requests = new Counter({
    name: 'wallet_http_requests_total',
    help: 'HTTP requests answered, by call (route) and status',
    labelNames: ['call', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'wallet_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by call',
    labelNames: ['call'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'wallet_ready',
    help: 'Whether the node takes traffic (1) or /readyz answers 503 (0)',
    registers: [registry],
    async collect() {
      this.set((await sources.ready()) ? 1 : 0);
    },
  });
  const internalErrors = new Counter({
    name: 'wallet_internal_errors_total',
    help: "Requests answered with an internal error (the API's envelope code 500 travels with HTTP 200)",
    registers: [registry],
  });
  const transactions = new Histogram({
    name: 'wallet_db_transaction_duration_seconds',
    help: 'Database transactions from asking to commit or rollback, waits included',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'wallet_db_waiting',
    help: 'Work waiting for the database: transactions queued for the one SQLite writer, or callers waiting for a PostgreSQL pool connection',
    registers: [registry],
    collect() {
      this.set(sources.db.waiting?.() ?? 0);
    },
  });
  let statementsCounted = 0;
  new Counter({
    name: 'wallet_db_statements_total',
    help: 'Statements this node sent to the database (BEGIN and COMMIT aside)',
    registers: [registry],
    collect() {
      const sent = sources.db.statementsSent?.() ?? 0;
      this.inc(sent - statementsCounted);
      statementsCounted = sent;
    },
  });
  new Gauge({
    name: 'wallet_live_sockets',
    help: 'Open live sockets on this node (customers and operators)',
    registers: [registry],
    collect() {
      this.set(sources.liveSockets());
    },
  });
  new Gauge({
    name: 'wallet_review_queue_length',
    help: 'Orders waiting for an operator, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      for (const [kind, n] of Object.entries(await sources.queries.review.pendingCounts())) this.set({ kind }, n);
    },
  });
  new Gauge({
    name: 'wallet_push_deliveries_due',
    help: 'Push notices due to be sent now or before',
    registers: [registry],
    async collect() {
      this.set(await sources.queries.push.dueCount(sources.now().toISOString()));
    },
  });
  const pushFailures = new Counter({
    name: 'wallet_push_deliveries_failed_total',
    help: 'Push notices given up (after their last try) or refused by the push service',
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'wallet_sign_in_failures_total',
    help: 'Customer sign-ins refused for a wrong account name or password',
    registers: [registry],
  });
  const chainRefusals = new Counter({
    name: 'wallet_chain_answers_refused_total',
    help: "Chain node answers not believed, by network and why: a node of another chain, transfers the other nodes do not confirm, or logs its block's bloom shows it left out",
    labelNames: ['network', 'reason'] as const,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'wallet_rate_limit_refusals_total',
    help: 'Requests refused by a limit (answered with code 429)',
    registers: [registry],
  });
  new Gauge({
    name: 'wallet_chain_watcher_lag_blocks',
    help: 'Final blocks a chain watcher has not scanned yet, by network',
    labelNames: ['network'] as const,
    registers: [registry],
    async collect() {
      for (const network of await watchedNetworks()) {
        if (network.final_block !== null) {
          this.set({ network: network.type }, Math.max(0, network.final_block - network.scanned_block));
        }
      }
    },
  });
  new Gauge({
    name: 'wallet_chain_watcher_stuck_seconds',
    help: 'Seconds since a chain watcher last moved its scan, by network (0 while it has nothing final to scan)',
    labelNames: ['network'] as const,
    registers: [registry],
    async collect() {
      const now = sources.now().getTime();
      for (const network of await watchedNetworks()) {
        const behind = network.final_block !== null && network.final_block > network.scanned_block;
        const moved = Date.parse(network.advanced_at ?? network.created_at);
        this.set({ network: network.type }, behind ? Math.max(0, (now - moved) / 1000) : 0);
      }
    },
  });
  new Gauge({
    name: 'wallet_chain_watcher_idle_seconds',
    help: 'Seconds since a chain watcher last checked its nodes, by network',
    labelNames: ['network'] as const,
    registers: [registry],
    async collect() {
      const now = sources.now().getTime();
      for (const network of await watchedNetworks()) {
        const checked = Date.parse(network.checked_at ?? network.created_at);
        this.set({ network: network.type }, Math.max(0, (now - checked) / 1000));
      }
    },
  });

  return {
    registry,
    /** One answered request: `call` is its route, never the URL a caller typed. */
    answered(call: string, status: number, seconds: number): void {
      requests.inc({ call, status: String(status) });
      latency.observe({ call }, seconds);
    },
    /** A request answered with an internal error. */
    internalError(): void {
      internalErrors.inc();
    },
    /** A request refused by a limit (the envelope's 429; the HTTP status is 200 on the API). */
    refused(): void {
      refusals.inc();
    },
    transaction(seconds: number): void {
      transactions.observe(seconds);
    },
    signInFailed(): void {
      signInFailures.inc();
    },
    pushFailed(): void {
      pushFailures.inc();
    },
    /** A chain node's answer not believed (see ChainTrust). */
    chainAnswerRefused(network: string, reason: RefusedAnswer): void {
      chainRefusals.inc({ network, reason });
    },
    /** The text Prometheus scrapes. */
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

/** The database with every transaction timed into `metrics`. */
export function timedDatabase(db: Db, metrics: Pick<Metrics, 'transaction'>): Db {
  const timed: Db = Object.create(db) as Db;
  timed.transaction = async (work) => {
    const started = process.hrtime.bigint();
    try {
      return await db.transaction(work);
    } finally {
      metrics.transaction(Number(process.hrtime.bigint() - started) / 1e9);
    }
  };
  return timed;
}

/**
 * The metrics on a listener of their own (METRICS_PORT, on loopback by default), where Prometheus
 * scrapes them and nobody outside reaches them. Resolves once it listens, or once it has said why
 * it cannot: failing to listen is never fatal, as the node serves customers without its metrics
 * rather than not at all. A port already taken (the default one, by another program on a
 * developer's machine) is one warning line that says which setting to change.
 */
export async function serveMetrics(
  metrics: Metrics,
  where: { host: string; port: number },
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500).end();
      },
    );
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') {
      log.warn(`metrics not served: ${where.host}:${where.port} is taken; set METRICS_PORT to a free port, or to off`);
    } else {
      log.error({ err: error, ...where }, 'metrics listener failed; serving without it');
    }
  });
  await new Promise<void>((resolve) => {
    server.once('listening', resolve);
    server.once('error', () => resolve());
    server.listen(where.port, where.host);
  });
  return () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

declare module '../platform/context' {
  interface ServerContext {
    /** What /metrics shows of this node. */
    metrics: Metrics;
  }
}
