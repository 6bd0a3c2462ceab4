import path from 'node:path';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Cents } from '../contract/money';
import { passkeyRoutes } from './auth/passkeys';
import { authRoutes, authenticate } from './auth/routes';
import { securityRoutes } from './auth/security-centre';
import { createCallRegistry, type Authenticate } from './auth/calls';
import { limitHashesAtOnce } from './auth/passwords';
import { createSessionCache } from './auth/session-cache';
import { DEFAULT_LIMITS, DEFAULT_WITHDRAW_HOLD_HOURS, consoleOrigin } from './config';
import { assetsRoutes } from './customers/assets-routes';
import { customerRoutes } from './customers/console-routes';
import { userinfoRoutes } from './customers/userinfo-routes';
import { DEFAULT_NODES_TO_AGREE } from './deposits/chain/reading';
import { DEFAULT_CHAIN_POLL_MS, nodeName, startChainWatchers } from './deposits/chain/runner';
import { depositRoutes } from './deposits/console-routes';
import { rechargeRoutes } from './deposits/routes';
import { interestWalletRoutes } from './interest-wallet/routes';
import { createLiveHub } from './live/hub';
import { liveRoutes } from './live/socket-route';
import { startMaintenance } from './maintenance/maintenance';
import { countAnswers, publicMetricsRoute } from './metrics/http';
import { createMetrics, serveMetrics, timedDatabase } from './metrics/metrics';
import type { ServerContext } from './platform/context';
import type { Db } from './platform/database/sql';
import { healthRoutes, notReady, type Lifecycle } from './platform/health';
import { answerErrors } from './platform/http/error-handling';
import { securityHeaders } from './platform/http/headers';
import type { TrustProxy } from './platform/http/request-ids';
import { createHttpServer, nameEachRequest, readFormsAndUploads, type LogStream } from './platform/http/server';
import { serveTheBuild } from './platform/http/static-files';
import type { Limits } from './platform/limits';
import { outboxMailer, smtpMailer, type Mailer } from './platform/mail/mailer';
import {
  CONNECTION_TIMEOUTS,
  type ConnectionTimeouts,
  connectionCap,
  limitConnections,
  limitConnectionsPerIp,
  openFileLimit,
} from './platform/security/connection-limits';
import { limitRequests } from './platform/security/shared-rate-limits';
import { publicPushServices, type PushEndpointPolicy } from './push/endpoints';
import { announcesOutcome } from './push/notices';
import { pushRoutes } from './push/routes';
import { createPushSender, defaultPushSubject, ensureVapidKeys } from './push/sender';
import { createQueries } from './query-groups';
import { reviewConsoleRoutes } from './review/console-routes';
import { sellingRoutes } from './selling/routes';
import { settingsRoutes } from './settings/console-routes';
import { createConsoleCalls } from './staff/calls';
import { DEFAULT_SECOND_APPROVAL_ABOVE } from './staff/four-eyes';
import { keepConsoleOnItsHost } from './staff/host';
import { consoleLiveRoutes } from './staff/live';
import { operatorRoutes, staffSignInRoutes } from './staff/routes';
import { teamRoutes } from './team/routes';
import { attachRoutes } from './uploads/routes';
import { bankRoutes } from './withdrawals/payout-accounts';
import { withdrawRoutes } from './withdrawals/routes';

export type { LogStream };

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

export interface DrainTiming {
  /** How long /readyz says 503 while requests are still served, for the balancer to notice. */
  noticeMs: number;
  /** The longest wait after that for requests in flight; then their connections are cut. */
  limitMs: number;
}

/**
 * One node of the service: the HTTP server and its plumbing, then each capability's calls, the
 * live sockets, the work a node does by itself, and the built app. What a registration needs of
 * the others it finds in the context composed first.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = createHttpServer({
    logLevel: options.logLevel ?? 'info',
    logStream: options.logStream,
    trustProxy: options.trustProxy ?? false,
    timeouts: { ...CONNECTION_TIMEOUTS, ...options.connectionTimeouts },
  });
  const limits = options.limits ?? DEFAULT_LIMITS;
  limitConnectionsPerIp(app.server, limits.connectionsPerIp, app.log);
  limitConnections(app.server, connectionCap(limits.connections, openFileLimit()), app.log);
  limitHashesAtOnce(limits.hashesAtOnce);
  const lifecycle: Lifecycle = { draining: false };
  const context = await composeContext(app, options, limits, lifecycle);
  app.decorate('wallet', context);

  nameEachRequest(app, lifecycle);
  healthRoutes(app, options.db, lifecycle);
  countAnswers(app, context.metrics);
  if (options.metricsToken !== undefined) publicMetricsRoute(app, context.metrics, options.metricsToken);
  const stopMetrics = options.metrics
    ? await serveMetrics(context.metrics, options.metrics, app.log)
    : async () => undefined;
  securityHeaders(app, options.imageOrigins ?? []);
  if (options.consoleHost) keepConsoleOnItsHost(app, options.consoleHost);
  await limitRequests(app, context, limits.requestsPerMinute);
  await readFormsAndUploads(app);
  answerErrors(app, context.metrics);

  const signedIn: Authenticate = (token, ip) => authenticate(context, token, ip);
  customerCalls(app, context, signedIn);
  consoleCalls(app, context);
  await liveSockets(app, context, signedIn);
  const stopBackground = await startBackgroundWork(context, options);
  closeAndDrain(app, context, lifecycle, stopBackground, stopMetrics);
  await serveTheBuild(app, options.staticDir);
  return app;
}

/** Everything the registrations share: the database and its queries, mail, live sockets, push, metrics. */
async function composeContext(
  app: FastifyInstance,
  options: AppOptions,
  limits: Limits,
  lifecycle: Lifecycle,
): Promise<ServerContext> {
  const queries = createQueries(options.db);
  const sessions = createSessionCache();
  const now = options.now ?? (() => new Date());
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
  // A committed decision, made on any node or by the CLI, sends its notices at once.
  context.live.onEvent((payload) => {
    if (announcesOutcome(payload)) push.nudge();
  });
  context.live.onCatchUp(() => push.nudge());
  return context;
}

/** The customer app's calls, capability by capability. */
function customerCalls(app: FastifyInstance, context: ServerContext, signedIn: Authenticate): void {
  const calls = createCallRegistry(app, signedIn);
  for (const register of [
    authRoutes,
    userinfoRoutes,
    rechargeRoutes,
    bankRoutes,
    securityRoutes,
    passkeyRoutes,
    withdrawRoutes,
    assetsRoutes,
    sellingRoutes,
    interestWalletRoutes,
    teamRoutes,
    pushRoutes,
  ]) {
    register(calls, context);
  }
  attachRoutes(calls, app, context);
}

/** The operators' console's calls, capability by capability. */
function consoleCalls(app: FastifyInstance, context: ServerContext): void {
  const calls = createConsoleCalls(app, context);
  for (const register of [
    staffSignInRoutes,
    operatorRoutes,
    reviewConsoleRoutes,
    customerRoutes,
    settingsRoutes,
    depositRoutes,
  ]) {
    register(calls, context);
  }
}

/** The customers' and the console's live sockets. */
async function liveSockets(app: FastifyInstance, context: ServerContext, signedIn: Authenticate): Promise<void> {
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
}

/** The work this node does by itself; stopping it hands its leases (push, chain watchers) to another node. */
async function startBackgroundWork(context: ServerContext, options: AppOptions): Promise<() => Promise<void>> {
  const stopMaintenance = await startMaintenance(context);
  const stopPush = context.push.start();
  const stopChainWatchers =
    options.chainPollMs === false
      ? async () => undefined
      : startChainWatchers(context, {
          holder: nodeName(),
          pollMs: options.chainPollMs ?? DEFAULT_CHAIN_POLL_MS,
          ...(options.chainLeaseMs === undefined ? {} : { leaseMs: options.chainLeaseMs }),
          ...(options.chainDustBelow === undefined ? {} : { dustBelow: options.chainDustBelow }),
        });
  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= (async () => {
      stopMaintenance();
      await stopChainWatchers();
      await stopPush();
    })());
}

/** How a node stops: at once on close, or handing its work and sockets to the others first (drain). */
function closeAndDrain(
  app: FastifyInstance,
  context: ServerContext,
  lifecycle: Lifecycle,
  stopBackground: () => Promise<void>,
  stopMetrics: () => Promise<void>,
): void {
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
}
