import { buildApp } from './app';
import { consoleOrigin, databaseConfig, describeDatabase, readConfig } from './config';
import { tightenDataFolder, type Tightened } from './platform/data-folder';
import { openDatabase } from './platform/database/database';
import { DEMO_ACCOUNT, prepareDatabase } from './demo/demo-data';

const config = readConfig();
// Before the database opens, so that the -wal and -shm files it makes take the tightened mode.
const tightened = tightenDataFolder(config.dataDir);
const db = await openDatabase(databaseConfig(config), (line) => process.stderr.write(`${line}\n`));
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
logTightened(tightened);
const facts = await prepareDatabase(app.wallet, config.demo);

/** What the start took group and other permissions off (a data folder from before), and what it could not. */
function logTightened(entries: Tightened[]): void {
  const changed = entries.filter((entry) => entry.to !== undefined);
  const failed = entries.filter((entry) => entry.to === undefined);
  const octal = (mode: number | undefined) => mode?.toString(8) ?? '?';
  if (changed.length) {
    app.log.warn(
      {
        tightened: changed.length,
        examples: changed.slice(0, 10).map((entry) => `${entry.path} ${octal(entry.from)} → ${octal(entry.to)}`),
      },
      'took group and other permissions off the data folder and its files (only the server user may read them)',
    );
  }
  for (const entry of failed) {
    app.log.error({ path: entry.path, error: entry.error }, 'could not make a file of the data folder private');
  }
}

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
