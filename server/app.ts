import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { ResultCode } from '../contract/envelope';
import type { Cents } from '../contract/money';
import { CONSOLE_API_PREFIX } from '../contract/console';
import { LIVE_PATH } from '../contract/live';
import { API_PREFIX, UPLOAD_MAX_BYTES } from '../contract/rules';
import { createCallRegistry, envelope, langOf, sendApiError } from './auth/calls';
import { DEFAULT_LIMITS, DEFAULT_WITHDRAW_HOLD_HOURS, consoleOrigin } from './config';
import type { TrustProxy } from './platform/http/request-ids';
import type { Limits } from './platform/limits';
import type { ServerContext } from './platform/context';
import { createQueries } from './query-groups';
import type { Db } from './platform/database/sql';
import { ApiError, tooManyRequests } from './platform/http/errors';
import { translate } from './platform/i18n';
import { consoleRoutes } from './staff/routes';
import { consoleLiveRoutes } from './staff/live';
import { keepConsoleOnItsHost } from './staff/host';
import { healthRoutes, notReady, type Lifecycle } from './platform/health';
import { createLiveHub } from './live/hub';
import { createMetrics, serveMetrics, timedDatabase, type Metrics } from './metrics/metrics';
import { requestIdOf, requestLogFields, trustedPeers, withinRequest } from './platform/http/request-ids';
import { publicPushServices, type PushEndpointPolicy } from './push/endpoints';
import { announcesOutcome } from './push/notices';
import { createPushSender, defaultPushSubject, ensureVapidKeys } from './push/sender';
import { DEFAULT_SECOND_APPROVAL_ABOVE } from './staff/four-eyes';
import { createSessionCache } from './auth/session-cache';
import { startMaintenance } from './maintenance/maintenance';
import { DEFAULT_NODES_TO_AGREE } from './deposits/chain/reading';
import { DEFAULT_CHAIN_POLL_MS, nodeName, startChainWatchers } from './deposits/chain/runner';
import { outboxMailer, smtpMailer, type Mailer } from './platform/mail/mailer';
import { assetsRoutes } from './customers/assets-routes';
import { attachRoutes } from './uploads/routes';
import { passkeyRoutes } from './auth/passkeys';
import { authRoutes, authenticate } from './auth/routes';
import { securityRoutes } from './auth/security-centre';
import { bankRoutes } from './withdrawals/payout-accounts';
import { rechargeRoutes } from './deposits/routes';
import { interestWalletRoutes } from './interest-wallet/routes';
import { sellingRoutes } from './selling/routes';
import { teamRoutes } from './team/routes';
import { userinfoRoutes } from './customers/userinfo-routes';
import { withdrawRoutes } from './withdrawals/routes';
import { pushRoutes } from './push/routes';
import { liveRoutes } from './live/socket-route';
import {
  CONNECTION_TIMEOUTS,
  type ConnectionTimeouts,
  connectionCap,
  limitConnections,
  limitConnectionsPerIp,
  openFileLimit,
} from './platform/security/connection-limits';
import { limitHashesAtOnce } from './auth/passwords';
import { databaseRateLimitStore } from './platform/security/shared-rate-limits';

export interface AppOptions {
  db: Db;
  dataDir: string;
  limits?: Limits;
  smtpUrl?: string | undefined;
  /** Serve the built PWA from here when the folder exists. */
  staticDir?: string | undefined;
  logLevel?: string;
  publicUrl?: string | undefined;
  trustProxy?: TrustProxy;
  /** Where log lines go; standard output unless given (tests read them). */
  logStream?: LogStream;
  /** Serve /metrics on a listener of its own (METRICS_PORT); none unless given. */
  metrics?: { host: string; port: number };
  /** Serve /metrics on the public port too, to a bearer of this token (METRICS_TOKEN). */
  metricsToken?: string;
  /** Other origins the app's images come from (see Config.imageOrigins). */
  imageOrigins?: readonly string[];
  now?: () => Date;
  mailer?: Mailer;
  /** Withdrawals above this need two operators (default DEFAULT_SECOND_APPROVAL_ABOVE). */
  secondApprovalAbove?: Cents;
  /** Hours a new or changed payout account waits (default DEFAULT_WITHDRAW_HOLD_HOURS). */
  withdrawHoldHours?: number;
  /** Shorter connection time-outs, so that a test can watch one run out in a second. */
  connectionTimeouts?: Partial<ConnectionTimeouts>;
  /** The console's own host name (CONSOLE_HOST): the console is served there and nowhere else. */
  consoleHost?: string | undefined;
  /** The contact in the VAPID tokens (PUSH_SUBJECT); by default one at PUBLIC_URL's domain. */
  pushSubject?: string | undefined;
  /**
   * Which push-service URLs the server will send to, and at which addresses: public https at
   * global unicast addresses only, unless a test, which runs its push service on 127.0.0.1, says
   * otherwise. Never read from the environment, so no setting can open it in production.
   */
  pushEndpoints?: PushEndpointPolicy;
  /**
   * How often the chain watchers look at their networks (CHAIN_POLL_MS), or false for no
   * watchers on this node (tests drive them themselves).
   */
  chainPollMs?: number | false;
  /** How long a node's lease on a watched network lasts unless renewed (CHAIN_LEASE_SECONDS). */
  chainLeaseMs?: number;
  /** How many of a network's node URLs must each confirm a transfer (CHAIN_NODES_TO_AGREE). */
  chainNodesToAgree?: number;
  /** Transfers below this are counted as dust per address (CHAIN_DUST_BELOW). */
  chainDustBelow?: Cents;
}

declare module 'fastify' {
  interface FastifyInstance {
    wallet: ServerContext;
    /** Leaves the service without failing a request (see drain in server/app.ts). */
    drain(timing: DrainTiming): Promise<void>;
  }
}

/** A destination for log lines, one JSON object per write. */
export interface LogStream {
  write(line: string): void;
}

export interface DrainTiming {
  /** How long /readyz says 503 while requests are still served, for the balancer to notice. */
  noticeMs: number;
  /** The longest wait after that for requests in flight; then their connections are cut. */
  limitMs: number;
}

const FORM_BODY_LIMIT = 64 * 1024;

/** API answers are never cached, never sniffed, never framed and never run as a document. */
const API_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/** Headers for the static PWA: hashed assets forever, everything else revalidated. */
function staticCacheHeaders(reply: { header(name: string, value: string): unknown }, file: string): void {
  const hashed = file.includes(`${path.sep}assets${path.sep}`);
  reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

function fastifyErrorAsApiError(error: FastifyError): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new ApiError(ResultCode.tooLarge, 'bad_request');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(ResultCode.unsupportedMedia, 'bad_request');
    default:
      return error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
        ? new ApiError(ResultCode.invalid, 'bad_request')
        : undefined;
  }
}

/** A request's call as the metrics name it: its route (never what the caller typed), its kind for the rest. */
function callOf(route: string | undefined): string {
  if (route === undefined) return 'unmatched';
  if (route.startsWith(CONSOLE_API_PREFIX)) return `console ${route.slice(CONSOLE_API_PREFIX.length)}`;
  if (route.startsWith(API_PREFIX)) return route.slice(API_PREFIX.length);
  return route === '/healthz' || route === '/readyz' || route === '/metrics' || route === LIVE_PATH ? route : 'static';
}

/** /metrics on the public port, only to a bearer of the configured token (compared in constant time). */
function publicMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  const expected = createHash('sha256').update(token).digest();
  app.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(createHash('sha256').update(given).digest(), expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send();
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}

function isOutOfDescriptors(error: FastifyError): boolean {
  return error.code === 'EMFILE' || error.code === 'ENFILE';
}

/** PostgreSQL's "data exception" class (22…): a NUL byte in text, a number out of range. */
function isValueRefusedByDatabase(error: FastifyError): boolean {
  return typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const timeouts = { ...CONNECTION_TIMEOUTS, ...options.connectionTimeouts };
  const trustsPeer = trustedPeers(options.trustProxy ?? false);
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      redact: ['req.headers["access-token"]', 'req.headers.authorization', 'req.headers.cookie'],
      mixin: requestLogFields,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: (raw) => requestIdOf(raw, trustsPeer),
    requestIdHeader: false,
    // One line per request only when debugging; errors are always logged.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(options.logLevel ?? 'info'),
    }),
    bodyLimit: FORM_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    // One logger for every request instead of a child each: a measurable share of a read call's
    // cost. Every line still names its request: the logger's mixin reads it from the request's scope.
    childLoggerFactory: (logger) => logger,
  });

  const limits = options.limits ?? DEFAULT_LIMITS;
  limitConnectionsPerIp(app.server, limits.connectionsPerIp, app.log);
  limitConnections(app.server, connectionCap(limits.connections, openFileLimit()), app.log);
  limitHashesAtOnce(limits.hashesAtOnce);

  const queries = createQueries(options.db);
  const sessions = createSessionCache();
  const now = options.now ?? (() => new Date());
  const lifecycle: Lifecycle = { draining: false };
  const live = await createLiveHub({ db: options.db, queries, sessions, log: app.log });
  const metrics = createMetrics(
    {
      db: options.db,
      queries,
      now,
      liveSockets: () => live.allSockets(),
      ready: async () => (await notReady(options.db, lifecycle)) === null,
    },
    { processMetrics: options.metrics !== undefined || options.metricsToken !== undefined },
  );
  const push = createPushSender({
    db: options.db,
    queries,
    now,
    log: app.log,
    onFailed: () => metrics.pushFailed(),
    keys: await ensureVapidKeys({ db: options.db, queries, now }),
    subject: options.pushSubject ?? defaultPushSubject(options.publicUrl),
    endpoints: options.pushEndpoints ?? publicPushServices,
  });
  const context: ServerContext = {
    live,
    metrics,
    db: timedDatabase(options.db, metrics),
    queries,
    mailer:
      options.mailer ??
      (options.smtpUrl ? smtpMailer(options.smtpUrl) : outboxMailer(path.join(options.dataDir, 'outbox'), app.log)),
    limits,
    log: app.log,
    now,
    uploadsDir: path.join(options.dataDir, 'uploads'),
    sessions,
    publicUrl: options.publicUrl?.replace(/\/+$/, ''),
    consoleOrigin: consoleOrigin({ consoleHost: options.consoleHost, publicUrl: options.publicUrl }),
    reviewRules: { secondApprovalAbove: options.secondApprovalAbove ?? DEFAULT_SECOND_APPROVAL_ABOVE },
    withdrawHoldHours: options.withdrawHoldHours ?? DEFAULT_WITHDRAW_HOLD_HOURS,
    push,
    chainTrust: {
      nodesToAgree: options.chainNodesToAgree ?? DEFAULT_NODES_TO_AGREE,
      untrusted(where, reason, detail) {
        metrics.chainAnswerRefused(where, reason);
        app.log.error({ network: where, reason, detail }, 'a chain node answered what is not believed');
      },
    },
  };
  app.decorate('wallet', context);
  // First of all: every reply names its request, and everything logged while it runs does too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (lifecycle.draining) {
      // Kept-alive connections end with this reply, so the balancer opens its next on another node.
      reply.header('connection', 'close');
      if (request.headers.upgrade?.toLowerCase() === 'websocket') {
        // An upgrade's socket is no longer the HTTP server's to close: end it with the refusal.
        reply.raw.once('finish', () => request.raw.socket.destroy());
        reply.code(503).header('retry-after', '1').send();
        return;
      }
    }
    withinRequest(request.id, done);
  });
  healthRoutes(app, options.db, lifecycle);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.answered(callOf(request.routeOptions.url), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (options.metricsToken !== undefined) publicMetricsRoute(app, metrics, options.metricsToken);
  const stopMetrics = options.metrics ? await serveMetrics(metrics, options.metrics, app.log) : async () => undefined;
  // A committed decision, made on any node or by the CLI, sends its notices at once.
  context.live.onEvent((payload) => {
    if (announcesOutcome(payload)) push.nudge();
  });
  context.live.onCatchUp(() => push.nudge());

  // Security headers. Built once: @fastify/helmet rebuilds its middleware on every request,
  // which cost a visible share of the API's throughput. Documents get the full set with a strict
  // CSP; API answers (JSON, never rendered) a short fixed set.
  const documentHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith(API_PREFIX) || request.url.startsWith(CONSOLE_API_PREFIX)) {
      reply.headers(API_HEADERS);
      done();
    } else {
      documentHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    }
  });
  if (options.consoleHost) keepConsoleOnItsHost(app, options.consoleHost);
  await app.register(rateLimit, {
    // Several nodes on one PostgreSQL count together; one SQLite node keeps its counters in memory
    // (README → Running several nodes tells why).
    ...(options.db.dialect === 'postgres' ? { store: databaseRateLimitStore(queries, context.now) } : {}),
    global: true,
    max: context.limits.requestsPerMinute,
    timeWindow: 60_000,
    // After the body is parsed, so a refusal can speak the caller's language.
    hook: 'preHandler',
    errorResponseBuilder: (_request, limit) => tooManyRequests(limit.ttl / 1000),
    // The counters stay private until a caller is refused (then retry-after tells the wait).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
  // The contract is form-encoded (and multipart for the upload) only: Fastify's JSON and text
  // parsers would accept bodies that no client of ours sends.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 256, parts: 6 },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const where = { method: request.method, url: request.url };
    if (reply.raw.headersSent) {
      // A reply already under way (a static file that failed halfway) cannot become an envelope:
      // the connection is cut, so the client sees a broken reply instead of a wrong one.
      request.log.warn({ ...where, reason: error.message }, 'reply failed after it began');
      reply.raw.destroy();
      return;
    }
    const lang = langOf(request);
    if (error instanceof ApiError && error.code === ResultCode.tooManyRequests) metrics.refused();
    if (error instanceof ApiError) return sendApiError(reply, error, lang);
    const expected = fastifyErrorAsApiError(error);
    if (expected) return sendApiError(reply, expected, lang);
    if (isOutOfDescriptors(error)) {
      request.log.warn({ ...where, reason: error.message }, 'out of file descriptors');
      metrics.internalError();
      return reply
        .code(503)
        .header('retry-after', '1')
        .send(envelope(ResultCode.internal, translate(lang, 'internal'), {}));
    }
    if (isValueRefusedByDatabase(error)) {
      // Every input is validated before it reaches the database; this is the last line behind it.
      request.log.warn({ ...where, reason: error.message }, 'the database refused a value');
      return sendApiError(reply, new ApiError(ResultCode.invalid, 'bad_request'), lang);
    }
    request.log.error({ err: error, ...where }, 'unhandled error');
    metrics.internalError();
    return reply.code(200).send(envelope(ResultCode.internal, translate(lang, 'internal'), {}));
  });

  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const lang = langOf(request);
    return reply.code(404).send(envelope(ResultCode.notFound, translate(lang, 'not_found'), {}));
  });

  const signedIn = (token: string, ip: string) => authenticate(context, token, ip);
  const calls = createCallRegistry(app, signedIn);
  authRoutes(calls, context);
  userinfoRoutes(calls, context);
  rechargeRoutes(calls, context);
  bankRoutes(calls, context);
  securityRoutes(calls, context);
  passkeyRoutes(calls, context);
  withdrawRoutes(calls, context);
  assetsRoutes(calls, context);
  sellingRoutes(calls, context);
  interestWalletRoutes(calls, context);
  teamRoutes(calls, context);
  attachRoutes(calls, app, context);
  pushRoutes(calls, context);
  consoleRoutes(app, context);

  // In a context of its own: the websocket plugin wraps every route it sees, and the API's
  // routes need none of that on their hot path.
  await app.register(async (live) => {
    await live.register(websocket, {
      options: { maxPayload: 4096 },
      // A client's bad frame (oversized, malformed) is the client's fault: a warning without a
      // stack, not an error per connection.
      errorHandler: (error, socket, request) => {
        request.log.warn({ reason: error.message, ip: request.ip }, 'live socket closed on a bad frame');
        socket.terminate();
      },
    });
    liveRoutes(live, context.live, signedIn);
    consoleLiveRoutes(live, context);
  });
  const stopMaintenance = await startMaintenance(context);
  const stopPush = push.start();
  const stopChainWatchers =
    options.chainPollMs === false
      ? async () => undefined
      : startChainWatchers(context, {
          holder: nodeName(),
          pollMs: options.chainPollMs ?? DEFAULT_CHAIN_POLL_MS,
          ...(options.chainLeaseMs === undefined ? {} : { leaseMs: options.chainLeaseMs }),
          ...(options.chainDustBelow === undefined ? {} : { dustBelow: options.chainDustBelow }),
        });
  /** The work this node does by itself; stopping it hands its leases (push, chain watchers) to another node. */
  let stoppingBackground: Promise<void> | undefined;
  const stopBackground = () =>
    (stoppingBackground ??= (async () => {
      stopMaintenance();
      await stopChainWatchers();
      await stopPush();
    })());
  app.addHook('onClose', async () => {
    await stopBackground();
    await context.live.close();
    await stopMetrics();
  });
  /**
   * On SIGTERM: /readyz turns 503 at once and new live sockets are refused; this node's leases go
   * to another at once. Requests are still served for `noticeMs`, while the balancer notices. Then
   * the live sockets close with 1012 (the app connects again, through the balancer, to another
   * node), the listener closes, and requests in flight finish, for `limitMs` at most.
   */
  app.decorate('drain', async (timing: DrainTiming) => {
    lifecycle.draining = true;
    app.log.info({ noticeMs: timing.noticeMs, limitMs: timing.limitMs }, 'draining');
    await stopBackground();
    await new Promise((resolve) => setTimeout(resolve, timing.noticeMs));
    context.live.reconnectAll();
    const cut = setTimeout(() => app.server.closeAllConnections(), timing.limitMs);
    try {
      await app.close();
    } finally {
      clearTimeout(cut);
    }
  });

  if (options.staticDir && fs.existsSync(path.join(options.staticDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      wildcard: false,
      // Serves the .br/.gz files the build wrote beside each text file.
      preCompressed: true,
      cacheControl: false,
      setHeaders: staticCacheHeaders,
    });
    // The console's relative asset paths need the trailing slash.
    app.get('/console', (_request, reply) => reply.redirect('/console/', 301));
  }

  return app;
}
