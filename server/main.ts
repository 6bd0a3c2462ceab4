import { buildApp } from './app';
import { consoleOrigin, databaseConfig, describeDatabase, readConfig } from './config';
import { openDatabase } from './db/database';
import { DEMO_ACCOUNT, prepareDatabase } from './demo';

const config = readConfig();
const db = await openDatabase(databaseConfig(config));
const app = await buildApp({
  db,
  dataDir: config.dataDir,
  limits: config.limits,
  smtpUrl: config.smtpUrl,
  staticDir: config.staticDir,
  logLevel: config.logLevel,
  publicUrl: config.publicUrl,
  consoleHost: config.consoleHost,
  trustProxy: config.trustProxy,
  imageOrigins: config.imageOrigins,
  secondApprovalAbove: config.secondApprovalAbove,
  withdrawHoldHours: config.withdrawHoldHours,
  pushSubject: config.pushSubject,
  chainPollMs: config.chainPollMs,
  chainLeaseMs: config.chainLeaseSeconds * 1000,
  chainNodesToAgree: config.chainNodesToAgree,
  chainDustBelow: config.chainDustBelow,
  ...(config.metrics ? { metrics: config.metrics } : {}),
  ...(config.metricsToken ? { metricsToken: config.metricsToken } : {}),
});
const facts = await prepareDatabase(app.wallet, config.demo);

let closing = false;
/** SIGTERM (a service manager, a rolling restart) and Ctrl-C drain the node: no request is failed. */
async function shutDown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.drain({ noticeMs: config.drainNoticeSeconds * 1000, limitMs: config.drainSeconds * 1000 });
  await db.close();
  app.log.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutDown('SIGINT'));
process.on('SIGTERM', () => void shutDown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
const consoleUrl = `${consoleOrigin(config) || url}/console/`;
const lines = [
  '',
  `  USDT wallet is ready at ${url}`,
  `  Data folder:            ${config.dataDir}`,
  ...(config.databaseUrl ? [`  Database:               ${describeDatabase(config)}`] : []),
  `  Root invitation code:   ${facts.rootInviteCode}`,
  facts.demoSeeded
    ? `  Demo account:           ${DEMO_ACCOUNT.account} / ${DEMO_ACCOUNT.password}`
    : config.demo
      ? '  Demo data:              added to an empty database only (its accounts: see the README)'
      : '  Demo data:              off (set DEMO=1 for it)',
  config.smtpUrl ? '  E-mail:                 SMTP' : `  E-mail codes:           ${config.dataDir}/outbox/`,
  `  Operators' console:     ${consoleUrl}`,
  ...(facts.firstOperator
    ? [
        `  Console sign-in:        ${facts.firstOperator.name} / ${facts.firstOperator.password}` +
          ' (the first sign-in sets a new one)',
        `  Authenticator secret:   ${facts.firstOperator.totpSecret}`,
        `  Authenticator address:  ${facts.firstOperator.totpUri}`,
        '  (printed on this first start only: keep the secret in an authenticator app now)',
      ]
    : ['  Console accounts:       npm run ops -- operator add <name> --role admin']),
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);
