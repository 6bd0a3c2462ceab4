import { cents, formatMoney } from '../../contract/money';
import { createQueries, type Queries } from '../db';
import type { Db } from '../db/database';
import { ROOT_INVITE_CODE_KEY } from '../routes/auth';

export interface OpsIo {
  out: (line: string) => void;
}

export class OpsError extends Error {
  override readonly name = 'OpsError';
}

export const USAGE = `usage: npm run ops -- <command>
  pending [--json]                 what waits for review
  invite-code                      print the root invitation code
  user <account> [--json]          a user, balance and ledger total`;

interface Parsed {
  positional: string[];
  flags: Map<string, string | true>;
}

function parseArgs(argv: readonly string[]): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg.startsWith('--')) {
      const next = argv[index + 1];
      if (next !== undefined && !next.startsWith('--') && arg !== '--json') {
        flags.set(arg.slice(2), next);
        index += 1;
      } else {
        flags.set(arg.slice(2), true);
      }
    } else {
      positional.push(arg);
    }
  }
  return { positional, flags };
}

function moneyText(value: number): string {
  return formatMoney(cents(value));
}

function showUser(queries: Queries, io: OpsIo, account: string | undefined, json: boolean): void {
  if (!account) throw new OpsError('user needs an account name');
  const user = queries.users.byAccount(account);
  if (!user) throw new OpsError(`no user with account ${JSON.stringify(account)}`);
  const ledgerTotal = queries.ledger.totalOf(user.id);
  const report = {
    id: user.id,
    account: user.account,
    email: user.email,
    nickname: user.nickname,
    status: user.status,
    vip: user.vip,
    invite_code: user.invite_code,
    balance: moneyText(user.balance),
    ledger_total: moneyText(ledgerTotal),
    balanced: ledgerTotal === user.balance,
    created_at: user.created_at,
  };
  if (json) {
    io.out(JSON.stringify(report));
    return;
  }
  for (const [key, value] of Object.entries(report)) io.out(`${key.padEnd(13)} ${String(value)}`);
}

function showPending(queries: Queries, io: OpsIo, json: boolean): void {
  const items = queries.review.pending().map((item) => ({ ...item, amount: moneyText(item.amount) }));
  if (json) {
    io.out(JSON.stringify(items));
    return;
  }
  if (items.length === 0) {
    io.out('nothing waits for review');
    return;
  }
  for (const item of items) {
    io.out(
      [
        item.kind.padEnd(8),
        String(item.id).padStart(6),
        item.account.padEnd(20),
        item.amount.padStart(14),
        item.created_at,
        item.detail,
      ].join('  '),
    );
  }
}

/** Runs one operator command against the database; throws OpsError with a one-line reason. */
export function runOps(db: Db, argv: readonly string[], io: OpsIo): void {
  const { positional, flags } = parseArgs(argv);
  const queries = createQueries(db);
  const json = flags.has('json');
  const [command, ...rest] = positional;
  switch (command) {
    case 'invite-code': {
      const code = queries.settings.get(ROOT_INVITE_CODE_KEY);
      if (!code) throw new OpsError('no root invitation code yet: start the server once');
      io.out(code);
      return;
    }
    case 'user':
      showUser(queries, io, rest[0], json);
      return;
    case 'pending':
      showPending(queries, io, json);
      return;
    default:
      throw new OpsError(command ? `unknown command ${JSON.stringify(command)}\n${USAGE}` : USAGE);
  }
}
