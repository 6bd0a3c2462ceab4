import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cents, formatMoney, parseMoney, parseRate, type Cents } from '../../contract/money';
import {
  CONTACT_CHANNEL_TYPES,
  INTERNAL_ID_PATTERN,
  escapeNotText,
  isReceivingAddress,
  imageAddress,
  isContactUrl,
  isVisibleText,
  type ContactChannelType,
} from '../../contract/rules';
import type { Domain } from '../platform/domain';
import { createQueries } from '../query-groups';
import type { Queries } from '../platform/database/queries';
import type { PendingItem } from '../review/queries';
import type { Db } from '../platform/database/sql';
import { MAX_VIP, setVipLevel } from '../customers/customers';
import { checkIntegrity } from '../ledger/integrity';
import {
  describeNetwork,
  holdingsCsv,
  NetworkError,
  rescanFrom,
  watchNetwork,
  type ChainSource,
  type WatchedNetworkInput,
} from '../deposits/chain/networks';
import { auditChain } from '../deposits/chain/audit';
import { checkProofs } from '../deposits/chain/proofs';
import {
  SettingsError,
  saveContactChannel,
  saveMerchant,
  saveOffer,
  saveProduct,
  saveReceivingAddress,
} from '../settings/service-settings';
import type { DecisionResult, OperatorRole } from '../../contract/console';
import { OPERATOR_ROLES } from '../../contract/console';
import {
  OperatorError,
  addOperator,
  disableOperator,
  enrolmentState,
  operatorByCode,
  setOperatorEmail,
} from '../staff/operators';
import { DEFAULT_LIMITS } from '../config';
import type { Limits } from '../platform/limits';
import {
  DEFAULT_SECOND_APPROVAL_ABOVE,
  FourEyesError,
  confirmOperator,
  countsFrom,
  type ReviewRules,
} from '../staff/four-eyes';
import type { Mailer } from '../platform/mail/mailer';
import { ReviewError, cliUser, decide, type Decision, type ReviewKind, type Reviewer } from '../review/review';
import { ROOT_INVITE_CODE_KEY } from '../auth/routes';
import type { MailLog, StaffMail } from '../staff/staff-notices';

export interface OpsIo {
  out: (line: string) => void;
}

export class OpsError extends Error {
  override readonly name = 'OpsError';
}

export const USAGE = `usage: npm run ops -- <command>
  pending [--json]                               what waits for review
  approve recharge|withdraw|sale <id> [--operator NAME --code CODE]
                                                 accept an order in review; one that needs two
                                                 approvals takes an operator's name and the current
                                                 code of their authenticator (good once)
  reject  recharge|withdraw|sale <id> [--remark TEXT] [--operator NAME --code CODE]
                                                 refuse it (a withdrawal or sale is refunded)
  backup <file>                                  a consistent copy of the SQLite database, taken while
                                                 the server writes, readable by you alone (0600); a
                                                 new file only, never over a file nor through a link
                                                 (restoring: docs/operations.md); on PostgreSQL it
                                                 says which tools to use
  invite-code                                    print the root invitation code
  user <account> [--json]                        a user, balance and ledger total
  user <account> --vip <level>                   set the VIP level shown on My (0 to 99; 0: Member)
  address set <TYPE> <ADDRESS>                   the receiving address of a network
  network add <TYPE> --kind tron|evm --rpc URL[,URL…] --contract ADDRESS --decimals N --min A
              --confirmations N --finalized yes|no --xpub XPUB [--from BLOCK]
              (--rpc-file FILE and --xpub-file FILE read those from a file instead, so they
              stay out of the process list and the shell's history)
                                                 watch a network: each customer gets an address of
                                                 their own (…/0/i of the account key XPUB) and a
                                                 transfer to it is credited by itself once N blocks
                                                 deep (and finalized, with yes); prints the address at
                                                 index 0 to compare with your wallet
  network check <TYPE> --kind tron|evm --rpc URL[,URL…] --contract ADDRESS --decimals N
              --confirmations N --finalized yes|no
                                                 keep TYPE's shared receiving address, and check on
                                                 the chain the transaction a recharge names: one that
                                                 matches (contract, address, amount, final) is
                                                 credited without an operator
  network list [--json]                          the watched networks and where their watchers stand
  network holdings <TYPE>                        CSV of the network's addresses USDT arrived at and
                                                 how much, for the treasury to sweep with its own keys
  network rescan <TYPE> --from BLOCK             start a network's scan again at BLOCK (after a
                                                 reorganisation deeper than its finality stopped it);
                                                 what was credited stays credited, once
  chain audit [--every-address]                  re-read from the chain every deposit and proof it
                                                 credited (final, in its block, the same transfer) and
                                                 compare each deposit address's total_arrived with the
                                                 token's balanceOf there (--every-address: every address
                                                 given out, one call each); prints every difference and
                                                 fails on any credit the chain does not bear out or an
                                                 address holding more than recorded; changes nothing
  merchant add --name N [--completion-rate R] [--avatar URL]
                                                 a merchant (R a percentage, default 100.00; URL an
                                                 https: address or a path under the image base URL)
  offer add --merchant <id> --price P --currency C --quantity Q --min A --max B
                                                 a merchant's demand to buy USDT
  product add --name N --rate R --days D --min A --max B
                                                 an interest product (R: annual %, simple interest)
  kefu add --name N --type telegram|whatsapp|email|link --url U
                                                 a customer-service contact (https: or mailto: only)
  check [--json]                                 prove balances, ledger, orders, offers and stored
                                                 answers agree; exits 1 naming each row that does not
  operator add <name> --role reviewer|admin --email ADDRESS [--json]
                                                 a console account: a one-time enrolment link (24 h),
                                                 where its operator sets password and authenticator,
                                                 is mailed to ADDRESS, their own, and never printed;
                                                 every administrator is mailed
  operator confirm <name> --operator ADMIN --code CODE
                                                 an administrator (not the one who added the account)
                                                 confirms that its approvals count toward four eyes
                                                 now, before its 24 hours have passed
  operator email <name> --email ADDRESS          set the address of an account from before addresses
                                                 were asked (audited)
  operator disable <name>                        close the account and end its sessions at once
  operator list [--json]                         the console accounts, their addresses, whether each
                                                 has enrolled (done, waiting for its link, or expired)
                                                 and from when its approvals count toward four eyes
  audit [--operator N] [--account A] [--kind K] [--limit L] [--json]
                                                 the audit log, newest first (L up to 1000, default 50)`;

const CLI_USER = process.env.USER ?? 'cli';
/** Who the audit log names for the CLI's changes: the machine's user, not a console operator. */
const OPERATOR = `operator:${CLI_USER}`;

/** A remark the customer reads on the order they were refused. */
const MAX_REMARK_LENGTH = 200;

type Flags = Map<string, string | true>;

const STRING_OPTIONS = [
  'remark',
  'vip',
  'name',
  'completion-rate',
  'avatar',
  'merchant',
  'price',
  'currency',
  'quantity',
  'min',
  'max',
  'rate',
  'days',
  'type',
  'url',
  'role',
  'operator',
  'account',
  'kind',
  'limit',
  'code',
  'rpc',
  'contract',
  'decimals',
  'confirmations',
  'finalized',
  'xpub',
  'xpub-file',
  'rpc-file',
  'from',
  'email',
] as const;

/** Positionals and --options, by node:util's parser: an unknown option or a missing value fails. */
function readArgs(argv: readonly string[]): { positional: string[]; flags: Flags } {
  try {
    const { positionals, values } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean' },
        'every-address': { type: 'boolean' },
        ...Object.fromEntries(STRING_OPTIONS.map((name) => [name, { type: 'string' as const }])),
      },
    });
    const flags: Flags = new Map();
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'string' || value === true) flags.set(name, value);
    }
    return { positional: positionals, flags };
  } catch (error) {
    throw new OpsError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

function moneyText(value: number): string {
  return formatMoney(cents(value));
}

async function showUser(queries: Queries, io: OpsIo, account: string | undefined, json: boolean): Promise<void> {
  if (!account) throw new OpsError('user needs an account name');
  const user = await queries.users.byAccount(account);
  if (!user) throw new OpsError(`no user with account ${JSON.stringify(account)}`);
  const ledgerTotal = await queries.ledger.totalOf(user.id);
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

async function setVip(domain: Domain, io: OpsIo, account: string | undefined, levelText: string): Promise<void> {
  if (!account) throw new OpsError('user needs an account name');
  if (!/^\d{1,2}$/.test(levelText)) throw new OpsError(`--vip must be a whole number from 0 to ${MAX_VIP}`);
  const user = await domain.queries.users.byAccount(account);
  if (!user) throw new OpsError(`no user with account ${JSON.stringify(account)}`);
  await setVipLevel(domain, user.id, Number(levelText), OPERATOR);
  io.out(`${account} VIP ${Number(levelText)}`);
}

const PENDING_PAGE = 500;

/** The whole queue, read a page at a time. */
async function everythingWaiting(queries: Queries): Promise<PendingItem[]> {
  const items: PendingItem[] = [];
  for (;;) {
    const last = items.at(-1);
    const page = await queries.review.pendingPage('', last ?? null, PENDING_PAGE);
    items.push(...page);
    if (page.length < PENDING_PAGE) return items;
  }
}

async function showPending(queries: Queries, io: OpsIo, json: boolean): Promise<void> {
  const items = (await everythingWaiting(queries)).map((item) => ({ ...item, amount: moneyText(item.amount) }));
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

/**
 * Who decides: the operator named by --operator, proven by --code (their authenticator's current
 * code, good once), or else the CLI's user, who may decide what needs one approval and refuse
 * anything. Nobody at the CLI can give two approvals without two operators' authenticators.
 */
async function reviewerOf(domain: Domain, options: Required<OpsOptions>, flags: Flags): Promise<Reviewer> {
  if (!flags.has('operator') && !flags.has('code')) return cliUser(CLI_USER);
  const name = text(flags, 'operator', 32);
  const code = text(flags, 'code', 6);
  if (!/^\d{6}$/.test(code)) throw new OpsError('--code is the 6 digits the operator’s authenticator shows now');
  const via = `CLI, unix user ${CLI_USER}`;
  try {
    const operator = await operatorByCode(domain, options.limits, { name, code, via });
    return { name: operator.name, proven: true, via };
  } catch (error) {
    if (error instanceof OperatorError) throw new OpsError(error.message);
    throw error;
  }
}

async function review(
  domain: Domain,
  options: Required<OpsOptions>,
  io: OpsIo,
  decision: Decision,
  kind: string | undefined,
  idText: string | undefined,
  flags: Flags,
  remark: string,
): Promise<void> {
  if (kind !== 'recharge' && kind !== 'withdraw' && kind !== 'sale') {
    throw new OpsError(`${decision} needs recharge, withdraw or sale, got ${JSON.stringify(kind)}`);
  }
  const id = internalId(idText, `${decision} ${kind}`);
  const reviewer = await reviewerOf(domain, options, flags);
  let outcome: DecisionResult['outcome'];
  try {
    ({ outcome } = await decide(domain, kind satisfies ReviewKind, decision, id, reviewer, remark, options.rules));
  } catch (error) {
    if (error instanceof ReviewError || error instanceof FourEyesError) throw new OpsError(error.message);
    throw error;
  }
  if (outcome === 'awaiting_second_approval') {
    io.out(`${kind} ${id} awaits a second approval: another operator must approve it`);
    return;
  }
  io.out(`${kind} ${id} ${decision === 'approve' ? 'approved' : 'rejected'}`);
}

const NETWORK_TYPE = /^[A-Z0-9]{2,16}$/;

async function setAddress(
  domain: Domain,
  io: OpsIo,
  type: string | undefined,
  address: string | undefined,
): Promise<void> {
  const network = type?.toUpperCase();
  if (!network || !NETWORK_TYPE.test(network)) throw new OpsError('address set needs a network type such as TRC20');
  if (!address || !isReceivingAddress(address)) {
    throw new OpsError('address set needs an address of up to 128 visible characters, without spaces');
  }
  await saveReceivingAddress(domain, { type: network, address, minAmount: null }, OPERATOR);
  io.out(`${network} ${address}`);
}

/**
 * An option that may be a secret, or link every customer's address (node URLs with their keys, the
 * account key): `--NAME-FILE path` reads it from a file (lines or commas between values), so it
 * never shows in the process list or the shell's history; `--NAME value` still works.
 */
function privateText(flags: Flags, name: string, maxLength: number): string {
  const file = flags.get(`${name}-file`);
  if (typeof file !== 'string') return text(flags, name, maxLength);
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch {
    throw new OpsError(`--${name}-file: cannot read ${file}`);
  }
  const value = content
    .split(/[\r\n,]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(',');
  return text(new Map([[name, value]]), name, maxLength);
}

/**
 * An option's value, trimmed, by the API's rule for free text (see isVisibleText): customers read
 * names, remarks and addresses, so what the API would refuse from them the CLI refuses too.
 */
function text(flags: Flags, name: string, maxLength = 80): string {
  const value = flags.get(name);
  if (typeof value !== 'string' || !value.trim()) throw new OpsError(`--${name} is required`);
  const trimmed = value.trim();
  if (trimmed.length > maxLength) throw new OpsError(`--${name} is longer than ${maxLength} characters`);
  if (!isVisibleText(trimmed)) {
    throw new OpsError(`--${name} must be visible text, without control, format or invisible characters`);
  }
  return trimmed;
}

/** An id as the API takes one: plain digits, so `1e1` or `0x0d` never reaches another order. */
function internalId(value: string | undefined, what: string): number {
  if (value === undefined || !INTERNAL_ID_PATTERN.test(value)) {
    throw new OpsError(`${what} needs a numeric id: plain digits such as 12`);
  }
  return Number(value);
}

function amount(flags: Flags, name: string): Cents {
  const value = parseMoney(text(flags, name));
  if (value === null || value <= 0) throw new OpsError(`--${name} must be a positive amount like 100 or 0.93`);
  return value;
}

/** Runs an `… add` command's change and prints the new id alone, as scripts expect. */
async function printId(io: OpsIo, adding: Promise<number>): Promise<void> {
  try {
    io.out(String(await adding));
  } catch (error) {
    if (error instanceof SettingsError) throw new OpsError(error.message);
    throw error;
  }
}

async function addMerchant(domain: Domain, io: OpsIo, flags: Flags): Promise<void> {
  const name = text(flags, 'name');
  const rate = flags.has('completion-rate') ? parseRate(text(flags, 'completion-rate')) : 10_000;
  if (rate === null || rate > 10_000) throw new OpsError('--completion-rate must be a percentage from 0 to 100');
  const avatar = flags.has('avatar') ? imageAddress(text(flags, 'avatar', 300)) : '';
  if (avatar === null) {
    throw new OpsError('--avatar must be an https: address or a path such as /merchants/acme.png');
  }
  await printId(io, saveMerchant(domain, { id: null, name, avatar, completionRate: rate }, OPERATOR));
}

async function addOffer(domain: Domain, io: OpsIo, flags: Flags): Promise<void> {
  const merchantId = internalId(text(flags, 'merchant'), '--merchant');
  if (!(await domain.queries.selling.merchantById(merchantId))) {
    throw new OpsError(`no merchant with id ${merchantId}`);
  }
  const currency = text(flags, 'currency').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new OpsError('--currency must be a three-letter code such as EUR');
  const price = amount(flags, 'price');
  const quantity = amount(flags, 'quantity');
  const min = amount(flags, 'min');
  const max = amount(flags, 'max');
  if (min > max) throw new OpsError('--min must not be above --max');
  await printId(
    io,
    saveOffer(
      domain,
      { id: null, merchantId, unitPrice: price, currency, quantity, minNumber: min, maxNumber: max },
      OPERATOR,
    ),
  );
}

async function addProduct(domain: Domain, io: OpsIo, flags: Flags): Promise<void> {
  const name = text(flags, 'name');
  const rate = parseRate(text(flags, 'rate'));
  if (rate === null || rate > 100_000) throw new OpsError('--rate must be an annual percentage such as 6 or 6.5');
  const daysText = text(flags, 'days');
  const days = Number(daysText);
  if (!/^\d{1,4}$/.test(daysText) || days < 1 || days > 3650) {
    throw new OpsError('--days must be a whole number of days from 1 to 3650');
  }
  const min = amount(flags, 'min');
  const max = amount(flags, 'max');
  if (min > max) throw new OpsError('--min must not be above --max');
  await printId(io, saveProduct(domain, { id: null, name, rate, days, minAmount: min, maxAmount: max }, OPERATOR));
}

function isContactChannelType(value: string): value is ContactChannelType {
  return (CONTACT_CHANNEL_TYPES as readonly string[]).includes(value);
}

async function addContactChannel(domain: Domain, io: OpsIo, flags: Flags): Promise<void> {
  const name = text(flags, 'name');
  const type = text(flags, 'type');
  if (!isContactChannelType(type)) throw new OpsError(`--type must be one of ${CONTACT_CHANNEL_TYPES.join(', ')}`);
  const url = text(flags, 'url', 300);
  if (!isContactUrl(url)) {
    throw new OpsError('--url must be an https: or mailto: address without a user name or password');
  }
  await printId(io, saveContactChannel(domain, { id: null, name, type, url }, OPERATOR));
}

/** A whole number from an option, within bounds. */
function wholeNumber(flags: Flags, name: string, min: number, max: number): number {
  const value = text(flags, name);
  if (!/^\d{1,12}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new OpsError(`--${name} must be a whole number from ${min} to ${max}`);
  }
  return Number(value);
}

/** The options naming where a network's transfers are read, for network add and network check. */
function chainSourceOf(command: string, type: string | undefined, flags: Flags): ChainSource & { type: string } {
  const network = type?.toUpperCase();
  if (!network || !NETWORK_TYPE.test(network)) throw new OpsError(`${command} needs a network type such as TRC20`);
  const kind = text(flags, 'kind');
  if (kind !== 'tron' && kind !== 'evm') throw new OpsError('--kind must be tron or evm');
  const finalized = text(flags, 'finalized');
  if (finalized !== 'yes' && finalized !== 'no') throw new OpsError('--finalized must be yes or no');
  return {
    type: network,
    kind,
    rpcUrls: privateText(flags, 'rpc', 2000)
      .split(',')
      .map((url) => url.trim())
      .filter((url) => url !== ''),
    contract: text(flags, 'contract'),
    decimals: wholeNumber(flags, 'decimals', 2, 36),
    confirmations: wholeNumber(flags, 'confirmations', 1, 10_000),
    finalizedTag: finalized === 'yes',
  };
}

async function addNetwork(domain: Domain, io: OpsIo, type: string | undefined, flags: Flags): Promise<void> {
  const input: WatchedNetworkInput = {
    ...chainSourceOf('network add', type, flags),
    minAmount: amount(flags, 'min'),
    xpub: privateText(flags, 'xpub', 200),
    ...(flags.has('from') ? { fromBlock: wholeNumber(flags, 'from', 0, Number.MAX_SAFE_INTEGER) } : {}),
  };
  try {
    const { network: watched, firstAddress } = await watchNetwork(domain, input, OPERATOR);
    io.out(describeNetwork(watched));
    io.out(`watching from block ${watched.scanned_block + 1}`);
    io.out(`address at index 0: ${firstAddress} (compare it with your wallet’s first receiving address)`);
  } catch (error) {
    if (error instanceof NetworkError) throw new OpsError(error.message);
    throw error;
  }
}

async function checkNetworkProofs(domain: Domain, io: OpsIo, type: string | undefined, flags: Flags): Promise<void> {
  try {
    const check = await checkProofs(domain, chainSourceOf('network check', type, flags), OPERATOR);
    io.out(`${check.type}: a recharge naming its transaction is checked on the chain from now on`);
  } catch (error) {
    if (error instanceof NetworkError) throw new OpsError(error.message);
    throw error;
  }
}

async function printHoldings(domain: Domain, io: OpsIo, type: string | undefined): Promise<void> {
  const network = await domain.queries.chain.network(type?.toUpperCase() ?? '');
  if (!network) throw new OpsError(`no watched network ${JSON.stringify(type ?? '')}`);
  for (const line of (await holdingsCsv(domain, network)).trimEnd().split('\n')) io.out(line);
}

/** Every credit read from the chain, re-read; differences are printed and fail the command, nothing is changed. */
async function auditTheChain(domain: Domain, io: OpsIo, everyAddress: boolean): Promise<void> {
  const { lines, differences } = await auditChain(domain, { everyAddress });
  for (const line of lines) io.out(line);
  if (differences > 0) throw new OpsError(`chain audit: ${differences} differences, listed above`);
  io.out('chain audit: every credit is on the chain as it was credited');
}

async function rescanNetwork(domain: Domain, io: OpsIo, type: string | undefined, flags: Flags): Promise<void> {
  const network = await domain.queries.chain.network(type?.toUpperCase() ?? '');
  if (!network) throw new OpsError(`no watched network ${JSON.stringify(type ?? '')}`);
  const from = wholeNumber(flags, 'from', 0, Number.MAX_SAFE_INTEGER);
  // Going forward would leave the blocks in between unread, and their transfers uncredited.
  if (from > network.scanned_block + 1) {
    throw new OpsError(`${network.type} is scanned to block ${network.scanned_block}: a rescan can only go back`);
  }
  await rescanFrom(domain, network, Math.max(0, from - 1), OPERATOR);
  io.out(`${network.type} scans again from block ${from}`);
}

async function listNetworks(domain: Domain, io: OpsIo, json: boolean): Promise<void> {
  const networks = await domain.queries.chain.networks();
  const rows = networks.map((network) => ({
    type: network.type,
    description: describeNetwork(network),
    scanned_block: network.scanned_block,
    head_block: network.head_block,
    final_block: network.final_block,
    checked_at: network.checked_at,
    node: network.rpc_in_use,
    last_error: network.last_error,
  }));
  if (json) {
    io.out(JSON.stringify(rows));
    return;
  }
  if (rows.length === 0) io.out('no watched networks');
  for (const row of rows) {
    io.out(row.description);
    io.out(
      `  scanned to ${row.scanned_block}, final ${row.final_block ?? '?'}, head ${row.head_block ?? '?'}` +
        `${row.checked_at ? `, checked ${row.checked_at}` : ''}${row.node ? ` via ${row.node}` : ''}` +
        `${row.last_error ? `; last error: ${row.last_error}` : ''}`,
    );
  }
}

/**
 * The whole-database integrity check: an all-clear with what was looked at, or one line per
 * problem and a failure (exit 1) that sums them up. With --json, one document either way.
 */
async function check(domain: Domain, io: OpsIo, json: boolean): Promise<void> {
  const problems = await checkIntegrity(domain);
  const checked = await domain.queries.integrity.counts();
  if (json) io.out(JSON.stringify({ ok: problems.length === 0, checked, problems }));
  else for (const { table, row, problem } of problems) io.out(`${table} ${row}: ${problem}`);
  if (problems.length > 0) {
    throw new OpsError(`check found ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  }
  if (!json) {
    io.out(
      `ok: ${checked.users} balances, ${checked.ledger} ledger rows, ${checked.orders} orders, ` +
        `${checked.offers} offers and ${checked.idempotency} stored answers agree`,
    );
  }
}

function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** What mails staff from the CLI, as the server would: its mailer (SMTP, or the outbox folder). */
function staffMail(domain: Domain, options: Required<OpsOptions>): Domain & StaffMail {
  if (!options.mailer) throw new OpsError('this command sends e-mail, and no mailer was given');
  return { ...domain, mailer: options.mailer, consoleOrigin: options.consoleOrigin, log: options.log };
}

async function operatorCommand(
  domain: Domain,
  options: Required<OpsOptions>,
  io: OpsIo,
  [action, name]: string[],
  flags: Flags,
  json: boolean,
): Promise<void> {
  try {
    if (action === 'add' && name) {
      const role = text(flags, 'role');
      if (!isOperatorRole(role)) throw new OpsError(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
      const email = text(flags, 'email', 254);
      const added = await addOperator(staffMail(domain, options), { name, role, email, lang: 'en', actor: OPERATOR });
      const report = { name: added.name, role: added.role, email: added.email, expires_at: added.expiresAt };
      if (json) io.out(JSON.stringify(report));
      else {
        for (const [key, value] of Object.entries(report)) io.out(`${key.padEnd(11)} ${value}`);
        io.out(
          `The enrolment link went to ${added.email} alone: there ${added.name} chooses a password and sets up ` +
            'an authenticator. It works once. Their approvals count toward four eyes 24 hours after they enrol, ' +
            'or once an administrator confirms them (operator confirm).',
        );
      }
      return;
    }
    if (action === 'confirm' && name) {
      const reviewer = await reviewerOf(domain, options, flags);
      if (!reviewer.proven) {
        throw new OpsError('operator confirm takes an administrator: --operator NAME and their current --code');
      }
      await confirmOperator(staffMail(domain, options), name, reviewer.name);
      io.out(`${name.toLowerCase()} counts toward four eyes from now on (confirmed by ${reviewer.name})`);
      return;
    }
    if (action === 'email' && name) {
      const email = text(flags, 'email', 254);
      await setOperatorEmail(domain, name, email, OPERATOR);
      io.out(`${name.toLowerCase()}: ${email}`);
      return;
    }
    if (action === 'disable' && name) {
      await disableOperator(staffMail(domain, options), name, OPERATOR);
      io.out(`${name.toLowerCase()} disabled; its sessions have ended`);
      return;
    }
    if (action === 'list') {
      const now = options.now().toISOString();
      const operators = (await domain.queries.operators.all()).map((row) => ({
        name: row.name,
        role: row.role,
        status: row.status,
        enrolment: enrolmentState(row, now),
        email: row.email,
        counts_from: countsFrom(row),
        added_by: row.added_by,
        created_at: row.created_at,
      }));
      if (json) io.out(JSON.stringify(operators));
      else
        for (const row of operators)
          io.out(
            [
              row.name.padEnd(32),
              row.role.padEnd(8),
              row.status.padEnd(8),
              row.enrolment.padEnd(7),
              (row.email ?? '-').padEnd(32),
              `counts from ${row.counts_from ?? '-'}`,
              row.created_at,
            ].join('  '),
          );
      return;
    }
  } catch (error) {
    if (error instanceof OperatorError || error instanceof FourEyesError) throw new OpsError(error.message);
    throw error;
  }
  throw new OpsError(
    'usage: operator add <name> --role reviewer|admin --email ADDRESS [--json] | operator confirm <name> ' +
      '--operator ADMIN --code CODE | operator email <name> --email ADDRESS | operator disable <name> | operator list',
  );
}

const AUDIT_LIMIT_MAX = 1000;

async function showAudit(queries: Queries, io: OpsIo, flags: Flags, json: boolean): Promise<void> {
  const optional = (name: string) => (flags.has(name) ? text(flags, name) : '');
  const limitText = optional('limit') || '50';
  const limit = Number(limitText);
  if (!/^\d{1,4}$/.test(limitText) || limit < 1 || limit > AUDIT_LIMIT_MAX) {
    throw new OpsError(`--limit must be a whole number from 1 to ${AUDIT_LIMIT_MAX}`);
  }
  const rows = await queries.audit.list({
    actor: optional('operator'),
    account: optional('account'),
    action: optional('kind'),
    beforeId: null,
    limit,
  });
  const entries = rows.map((row) => ({
    id: row.id,
    at: row.created_at,
    actor: row.actor,
    action: row.action,
    target: row.target_id === null ? row.target_type : `${row.target_type} ${row.target_id}`,
    account: row.account,
    before: row.before_value,
    after: row.after_value,
    detail: row.detail,
  }));
  if (json) {
    io.out(JSON.stringify(entries));
    return;
  }
  if (entries.length === 0) io.out('no audit entries match');
  for (const entry of entries) {
    const change = entry.before || entry.after ? `${entry.before} → ${entry.after}` : '';
    io.out(
      [
        entry.at,
        entry.actor.padEnd(20),
        entry.action.padEnd(16),
        entry.target.padEnd(16),
        entry.account ?? '-',
        change,
        entry.detail,
      ]
        .filter((part) => part !== '')
        .join('  '),
    );
  }
}

export interface OpsOptions {
  now?: () => Date;
  /** Where the operator commands' mail goes (SMTP or the outbox, as the server's); none: those commands refuse. */
  mailer?: Mailer | null;
  /** Where a mail that could not be sent is reported. */
  log?: MailLog;
  /** The second-approval limit until an admin sets one (REVIEW_SECOND_APPROVAL_ABOVE). */
  rules?: ReviewRules;
  /** How many wrong authenticator codes hold an operator's name, and for how long. */
  limits?: Pick<Limits, 'loginFailures' | 'untrustedLoginFailures' | 'loginWindowSeconds'>;
  /** The console's origin for the enrolment links mailed (`https://console.example.com`); '' mails paths. */
  consoleOrigin?: string;
}

/** Runs one operator command against the database; throws OpsError with a one-line reason. */
/**
 * A consistent copy of the SQLite database while the server goes on writing. PostgreSQL has its
 * own tools for that; this says which, and how to check what they restore.
 */
async function backUp(db: Db, io: OpsIo, file: string | undefined): Promise<void> {
  if (!db.backup) {
    throw new OpsError(
      'the database is PostgreSQL: back it up with pg_dump -Fc (or pgBackRest for point-in-time recovery), ' +
        'restore it with pg_restore, then run `npm run ops -- check` with DATABASE_URL set to the restored copy',
    );
  }
  if (!file) throw new OpsError('usage: backup <file>');
  const target = path.resolve(file);
  const started = Date.now();
  await db.backup(target);
  const { size } = fs.statSync(target);
  io.out(`backed up to ${target} (${size} bytes, ${Date.now() - started} ms); checked: ok`);
}

export async function runOps(db: Db, argv: readonly string[], output: OpsIo, given: OpsOptions = {}): Promise<void> {
  const options: Required<OpsOptions> = {
    now: given.now ?? (() => new Date()),
    rules: given.rules ?? { secondApprovalAbove: DEFAULT_SECOND_APPROVAL_ABOVE },
    limits: given.limits ?? DEFAULT_LIMITS,
    consoleOrigin: given.consoleOrigin ?? '',
    mailer: given.mailer ?? null,
    log: given.log ?? { warn: (details, message) => output.out(`warning: ${message} ${JSON.stringify(details)}`) },
  };
  const { now } = options;
  // Customers wrote much of what is printed (names, e-mails, proofs): none of it may reach the
  // operator's terminal as a control sequence.
  const io: OpsIo = { out: (line) => output.out(escapeNotText(line)) };
  const { positional, flags } = readArgs(argv);
  const queries = createQueries(db);
  const domain: Domain = { db, queries, now };
  const json = flags.has('json');
  const remark = flags.has('remark') ? text(flags, 'remark', MAX_REMARK_LENGTH) : '';
  const [command, ...rest] = positional;
  switch (command) {
    case 'invite-code': {
      const code = await queries.settings.get(ROOT_INVITE_CODE_KEY);
      if (!code) throw new OpsError('no root invitation code yet: start the server once');
      io.out(code);
      return;
    }
    case 'user':
      if (flags.has('vip')) await setVip(domain, io, rest[0], text(flags, 'vip'));
      else await showUser(queries, io, rest[0], json);
      return;
    case 'pending':
      await showPending(queries, io, json);
      return;
    case 'approve':
    case 'reject':
      await review(domain, options, io, command, rest[0], rest[1], flags, remark);
      return;
    case 'merchant':
      if (rest[0] !== 'add') throw new OpsError('usage: merchant add --name N [--completion-rate R] [--avatar URL]');
      await addMerchant(domain, io, flags);
      return;
    case 'offer':
      if (rest[0] !== 'add')
        throw new OpsError('usage: offer add --merchant <id> --price P --currency C --quantity Q --min A --max B');
      await addOffer(domain, io, flags);
      return;
    case 'product':
      if (rest[0] !== 'add') throw new OpsError('usage: product add --name N --rate R --days D --min A --max B');
      await addProduct(domain, io, flags);
      return;
    case 'kefu':
      if (rest[0] !== 'add') throw new OpsError('usage: kefu add --name N --type T --url U');
      await addContactChannel(domain, io, flags);
      return;
    case 'check':
      await check(domain, io, json);
      return;
    case 'backup':
      await backUp(db, io, rest[0]);
      return;
    case 'operator':
      await operatorCommand(domain, options, io, rest, flags, json);
      return;
    case 'audit':
      await showAudit(queries, io, flags, json);
      return;
    case 'network':
      if (rest[0] === 'add') await addNetwork(domain, io, rest[1], flags);
      else if (rest[0] === 'check') await checkNetworkProofs(domain, io, rest[1], flags);
      else if (rest[0] === 'list') await listNetworks(domain, io, json);
      else if (rest[0] === 'rescan') await rescanNetwork(domain, io, rest[1], flags);
      else if (rest[0] === 'holdings') await printHoldings(domain, io, rest[1]);
      else
        throw new OpsError(
          'usage: network add <TYPE> … | check <TYPE> … | list [--json] | holdings <TYPE> | rescan <TYPE> --from BLOCK',
        );
      return;
    case 'chain':
      if (rest[0] !== 'audit') throw new OpsError('usage: chain audit [--every-address]');
      await auditTheChain(domain, io, flags.has('every-address'));
      return;
    case 'address':
      if (rest[0] !== 'set') throw new OpsError(`usage: address set <TYPE> <ADDRESS>`);
      await setAddress(domain, io, rest[1], rest[2]);
      return;
    default:
      throw new OpsError(command ? `unknown command ${JSON.stringify(command)}\n${USAGE}` : USAGE);
  }
}
