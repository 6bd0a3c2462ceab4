import fs from 'node:fs';
import path from 'node:path';
import { escapeNotText } from '../../contract/rules';
import { consoleOrigin, databaseConfig, databaseFile, readConfig } from '../config';
import { openDatabase } from '../platform/database/database';
import { outboxMailer, smtpMailer } from '../platform/mail/mailer';
import { OpsError, runOps } from './ops';

const config = readConfig();
if (!config.databaseUrl && !fs.existsSync(databaseFile(config))) {
  process.stderr.write(`no database at ${databaseFile(config)}: start the server once, or set DATA_DIR\n`);
  process.exit(2);
}
const db = await openDatabase(databaseConfig(config));
try {
  await runOps(
    db,
    process.argv.slice(2),
    { out: (line) => process.stdout.write(`${line}\n`) },
    {
      rules: { secondApprovalAbove: config.secondApprovalAbove },
      limits: config.limits,
      consoleOrigin: consoleOrigin(config),
      // The server's own way of sending: SMTP, or the outbox folder in DATA_DIR.
      mailer: config.smtpUrl ? smtpMailer(config.smtpUrl) : outboxMailer(path.join(config.dataDir, 'outbox')),
      log: {
        warn: (details, message) =>
          process.stderr.write(`${escapeNotText(`${message} ${JSON.stringify(details)}`)}
`),
      },
    },
  );
} catch (error) {
  // Line by line for our own messages, so the usage text keeps its line breaks; anything else
  // is one line, escaped whole like everything runOps prints.
  const lines = error instanceof OpsError ? error.message.split('\n') : [String(error)];
  process.stderr.write(`${lines.map(escapeNotText).join('\n')}\n`);
  process.exitCode = 1;
} finally {
  await db.close();
}
