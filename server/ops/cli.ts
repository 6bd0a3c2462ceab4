import fs from 'node:fs';
import { databaseFile, readConfig } from '../config';
import { openDatabase } from '../db/database';
import { OpsError, runOps } from './ops';

const config = readConfig();
const file = databaseFile(config);
if (!fs.existsSync(file)) {
  process.stderr.write(`no database at ${file}: start the server once, or set DATA_DIR\n`);
  process.exit(2);
}
const db = openDatabase(file);
try {
  runOps(db, process.argv.slice(2), { out: (line) => process.stdout.write(`${line}\n`) });
} catch (error) {
  process.stderr.write(`${error instanceof OpsError ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  db.close();
}
