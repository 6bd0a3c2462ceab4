import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Envelope } from '../contract/envelope';
import type { AuthResult } from '../contract/responses';
import { cents, parseMoney } from '../contract/money';
import { createQueries } from '../server/query-groups';
import { openDatabase } from '../server/platform/database/database';
import type { Db } from '../server/platform/database/sql';
import { totpCode } from '../server/staff/totp';
import { DEMO_ADMIN } from '../server/demo/demo-data';
import { confirmOperator } from '../server/staff/four-eyes';
import { outboxMailer, type Mailer } from '../server/platform/mail/mailer';
import { runOps } from '../server/ops/ops';
import { saveOffer } from '../server/settings/service-settings';
import { TINY_PNG, uniquePng } from '../server/testing/tiny-png';

export { TINY_PNG, uniquePng };

export { expect };
export { FULL_BROWSER, NARROW_PHONE, ONE_PHONE } from './browser';

/** The demo data's customers (server/demo/demo-data.ts): one with 1,000.00, and the one it invited ("Friend"). */
export { DEMO_ACCOUNT as DEMO, DEMO_FRIEND_ACCOUNT as DEMO_FRIEND } from '../server/demo/demo-data';

function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
  return url;
}

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  return dir;
}

/** Calls the API the way the app does (form POST), for set-up and checks behind the UI. */
export async function api<T>(
  callPath: string,
  fields: Record<string, string> = {},
  token?: string,
): Promise<Envelope<T>> {
  const response = await fetch(`${baseUrl()}/api/v1/${callPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { 'access-token': token } : {}),
    },
    body: new URLSearchParams(fields),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Envelope<T>;
}

/** The mails to `email` in a server's outbox folder (the suite's own server unless told), oldest first. */
function mailsTo(email: string, dir = dataDir()): string[] {
  const outbox = path.join(dir, 'outbox');
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
  return files
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .filter((text) => text.startsWith(`To: ${email}\n`));
}

/** How many e-mails `email` has had so far: hand it to `codeFromOutbox` to wait for a newer one. */
export function mailCount(email: string): number {
  return mailsTo(email).length;
}

/**
 * The code in the newest e-mail to `email`, once it has more than `mailsBefore` e-mails. The server
 * answers before its mail is written, so a test that asks for a second code must say how many
 * it had, or it may read the first one.
 */
export async function codeFromOutbox(email: string, mailsBefore = 0): Promise<string> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const mails = mailsTo(email);
    const code = mails.length > mailsBefore ? mails.at(-1)?.match(/\b\d{6}\b/)?.[0] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no new code in the outbox for ${email}`);
}

let operatorDb: Promise<Db> | undefined;

/** A second connection to the test server's database file, as the operator CLI opens one. */
function operatorDatabase(): Promise<Db> {
  operatorDb ??= openDatabase({ sqliteFile: path.join(dataDir(), 'wallet.db') });
  return operatorDb;
}

/** Where the CLI's mail goes without SMTP, as `npm run ops` sends it: the server's outbox folder. */
function outboxOf(dir: string): Mailer {
  return outboxMailer(path.join(dir, 'outbox'));
}

/**
 * Runs an operator command against the test server's database, as `npm run ops` does (the same
 * commands, the same second connection to the file, mail to the same outbox), in this process: a
 * Node process started for each command cost a few seconds every time.
 */
export async function ops(...args: string[]): Promise<string> {
  const lines: string[] = [];
  await runOps(await operatorDatabase(), args, { out: (line) => lines.push(line) }, { mailer: outboxOf(dataDir()) });
  return lines.join('\n');
}

/** A server a spec started for itself (not the suite's shared one), by its address and data folder. */
export interface OtherServer {
  baseUrl: string;
  dataDir: string;
}

/** An operator command against another server's database, on a connection of its own. */
export async function opsOn(server: OtherServer, ...args: string[]): Promise<string> {
  const db = await openDatabase({ sqliteFile: path.join(server.dataDir, 'wallet.db') });
  try {
    const lines: string[] = [];
    await runOps(db, args, { out: (line) => lines.push(line) }, { mailer: outboxOf(server.dataDir) });
    return lines.join('\n');
  } finally {
    await db.close();
  }
}

/**
 * Gives an offer a new price the way an administrator does in the console's hall (the same
 * function, on the same second connection the operator CLI uses), its other terms unchanged.
 */
export async function repriceOffer(offerId: string, price: string): Promise<void> {
  const db = await operatorDatabase();
  const queries = createQueries(db);
  const offer = await queries.selling.offerById(Number(offerId));
  const unitPrice = parseMoney(price);
  if (!offer || unitPrice === null) throw new Error(`cannot reprice offer ${offerId} to ${price}`);
  await saveOffer(
    { db, queries, now: () => new Date() },
    {
      id: offer.id,
      merchantId: offer.merchant_id,
      unitPrice,
      currency: offer.currency,
      quantity: cents(offer.quantity),
      minNumber: cents(offer.min_number),
      maxNumber: cents(offer.max_number),
    },
    'operator:e2e',
  );
}

/** The id of the newest order of `kind` waiting for review from `account`. */
export async function pendingId(kind: 'recharge' | 'withdraw' | 'sale', account: string): Promise<number> {
  const items = JSON.parse(await ops('pending', '--json')) as { kind: string; id: number; account: string }[];
  const mine = items.filter((item) => item.kind === kind && item.account === account);
  const last = mine.at(-1);
  if (!last) throw new Error(`no pending ${kind} of ${account}`);
  return last.id;
}

/** A recharge of `amount` with a fresh proof, as the app sends one; it waits for review. Its id. */
export async function pendingRecharge(customer: AuthResult, amount: string): Promise<number> {
  const form = new FormData();
  form.set('lang', 'en');
  form.set('file', new Blob([await uniquePng()], { type: 'image/png' }), 'proof.png');
  const uploaded = (await (
    await fetch(`${baseUrl()}/api/v1/attach/upload`, {
      method: 'POST',
      headers: { 'access-token': customer.token },
      body: form,
    })
  ).json()) as Envelope<{ url: string }>;
  expect(uploaded.code).toBe(200);
  const address = await api<{ type: string; address: string }>('recharge/shoukuan-address', {}, customer.token);
  const created = await api<{ id: number }>(
    'recharge/create',
    {
      type: address.data.type,
      category: 'USDT',
      address: address.data.address,
      amount,
      credentials: uploaded.data.url,
    },
    customer.token,
  );
  expect(created.code).toBe(200);
  return created.data.id;
}

/** Calls the operators' console as a browser on its page would (form POST, cookie, CSRF header). */
async function consoleApi<T>(
  callPath: string,
  fields: Record<string, string>,
  session?: { cookie: string; csrf: string },
  base = baseUrl(),
): Promise<{ envelope: Envelope<T>; cookie: string }> {
  const response = await fetch(`${base}/api/console/${callPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
    },
    body: new URLSearchParams(fields),
  });
  expect(response.status).toBe(200);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { envelope: (await response.json()) as Envelope<T>, cookie };
}

/**
 * The token of the enrolment link mailed to `email` (the CLI waits for its mail, so it is in the
 * outbox already): the only place a link ever goes.
 */
export function enrolmentTokenMailedTo(email: string, dir = dataDir()): string {
  const link = mailsTo(email, dir).findLast((text) => text.includes('#/enrol?token='));
  const token = link?.match(/#\/enrol\?token=([\w-]{43})/)?.[1];
  if (!token) throw new Error(`no enrolment link was mailed to ${email}`);
  return token;
}

/**
 * Lets a new operator's approvals count toward four eyes at once: the first administrator, who
 * did not add them, confirms them as a second administrator would (the same function, on a
 * connection of the operator CLI's kind), rather than the suite waiting 24 hours.
 */
async function confirmAsFirstAdministrator(name: string, on?: OtherServer): Promise<void> {
  const dir = on?.dataDir ?? dataDir();
  const db = on ? await openDatabase({ sqliteFile: path.join(dir, 'wallet.db') }) : await operatorDatabase();
  try {
    const staff = {
      db,
      queries: createQueries(db),
      now: () => new Date(),
      mailer: outboxOf(dir),
      consoleOrigin: '',
      log: { warn: (details: Record<string, unknown>, message: string) => console.warn(message, details) },
    };
    await confirmOperator(staff, name, DEMO_ADMIN.name);
  } finally {
    if (on) await db.close();
  }
}

/**
 * A new operator, added by the CLI and enrolled through the link mailed to them as they would in
 * the browser (the secret made for them, a password, the current code), then counted toward four
 * eyes (see confirmAsFirstAdministrator): the session enrolment opened.
 */
export async function enrolledOperator(
  role: 'reviewer' | 'admin' = 'reviewer',
  on?: OtherServer,
): Promise<{ name: string; cookie: string; csrf: string }> {
  const name = uniqueAccount(role === 'admin' ? 'ad' : 'rv').toLowerCase();
  const email = `${name}@operators.example`;
  const args = ['operator', 'add', name, '--role', role, '--email', email];
  await (on ? opsOn(on, ...args) : ops(...args));
  const token = enrolmentTokenMailedTo(email, on?.dataDir);
  const opened = await consoleApi<{ totp_secret: string }>('enrol/start', { token }, undefined, on?.baseUrl);
  expect(opened.envelope.code).toBe(200);
  const finished = await consoleApi<{ csrf: string }>(
    'enrol/finish',
    { token, new_password: 'Operator12345', code: totpCode(opened.envelope.data.totp_secret, new Date()) },
    undefined,
    on?.baseUrl,
  );
  expect(finished.envelope.code).toBe(200);
  await confirmAsFirstAdministrator(name, on);
  return { name, cookie: finished.cookie, csrf: finished.envelope.data.csrf };
}

/**
 * Gives a customer a balance the way production does: recharge with proof, operator approval;
 * one above the second-approval limit is approved by two operators in the console.
 */
export async function fundCustomer(customer: AuthResult, amount: string): Promise<void> {
  const id = String(await pendingRecharge(customer, amount));
  try {
    await ops('approve', 'recharge', id);
  } catch (error) {
    if (!String(error).includes('needs the approvals of two operators')) throw error;
    for (const reviewer of [await enrolledOperator(), await enrolledOperator()]) {
      const decided = await consoleApi('review/decide', { kind: 'recharge', id, decision: 'approve' }, reviewer);
      expect(decided.envelope.code).toBe(200);
    }
  }
}

/** The password hash the server stored for `account`, read on the operator CLI's connection. */
export async function storedPasswordHash(account: string): Promise<string | undefined> {
  return (await createQueries(await operatorDatabase()).users.byAccount(account))?.password_hash;
}

/** Long enough ago for any wait or hold to be over. */
const LONG_AGO = '2000-01-01T00:00:00.000Z';

/** Lets `email` have another code at once, as if its last one were sent long ago. */
export async function waiveCodeWait(email: string): Promise<void> {
  await (await operatorDatabase()).run('UPDATE email_codes SET created_at = ? WHERE email = ?', [LONG_AGO, email]);
}

/**
 * Binds a bank card to the customer's account as the app does (with the code mailed for it; the
 * wait since their last code is waived), then ends the hold on it; its id.
 */
export async function bindCard(customer: AuthResult): Promise<number> {
  const { email } = customer.user;
  await waiveCodeWait(email);
  const mailsBefore = mailCount(email);
  expect((await api('sms/send-code', { email, scene: 'bind' })).code).toBe(200);
  const card = await api<{ bk_id: number }>(
    'bankinfo/create',
    {
      type: 'bank',
      full_name: 'Test Person',
      telephone: '13800138000',
      email: 'test@example.com',
      iban: 'DE89370400440532013000',
      bank_name: 'Bank',
      area: 'Area',
      country: 'DE',
      swift: 'COBADEFF',
      code: await codeFromOutbox(email, mailsBefore),
    },
    customer.token,
  );
  expect(card.code).toBe(200);
  await (
    await operatorDatabase()
  ).run('UPDATE bank_accounts SET changed_at = ? WHERE id = ?', [LONG_AGO, card.data.bk_id]);
  return card.data.bk_id;
}

let rootCode: string | undefined;

/** The root invitation code, asked of the operator CLI as an operator would. */
export async function rootInviteCode(): Promise<string> {
  rootCode ??= await ops('invite-code');
  return rootCode;
}

let counter = 0;

export function uniqueAccount(prefix = 'qa'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${counter}`.slice(0, 20);
}

export interface Customer extends AuthResult {
  password: string;
}

/** A fresh customer, registered through the public calls. */
export async function registerCustomer(): Promise<Customer> {
  const account = uniqueAccount();
  const email = `${account}@example.com`;
  const password = 'Secret123';
  const sent = await api('sms/send-code', { email });
  expect(sent.code).toBe(200);
  const reply = await api<AuthResult>('user/register', {
    account,
    email,
    code: await codeFromOutbox(email),
    password,
    repassword: password,
    invite_code: await rootInviteCode(),
  });
  expect(reply.code).toBe(200);
  return { ...reply.data, password };
}

/**
 * Puts a session in the app's storage the way a sign-in does, then opens `hashPath`: the app
 * starts once, with the session already there.
 *
 * The storage is written from a static file of the same origin (the manifest), not from the app:
 * starting the app for its login page and then again (through about:blank) cost two more renderer
 * processes and a start of the app per test, 8% of the machine's CPU in the flows (12 tests on
 * one worker: 46-47 s against 50-52 s).
 */
export async function openSignedIn(page: Page, customer: AuthResult, hashPath = '/'): Promise<void> {
  await page.goto('/manifest.webmanifest');
  await page.evaluate((session) => localStorage.setItem('userInfo', JSON.stringify(session)), {
    ...customer.user,
    token: customer.token,
  });
  await page.goto(`/#${hashPath}`);
}

/**
 * Waits until the app's live connection has sent its token, so an operator action from now on
 * reaches this page. (The app opens it once the first screen is idle.)
 */
export async function liveConnected(page: Page): Promise<void> {
  const socket = await page.waitForEvent('websocket', { predicate: (ws) => ws.url().endsWith('/ws1') });
  await socket.waitForEvent('framesent', { predicate: (frame) => String(frame.payload).includes('"auth"') });
  // The server relays new events every half second; give it one round to register the socket.
  await page.waitForTimeout(600);
}

/**
 * Pages through an endless list until `item` is in it, since other tests (and repeated runs) add
 * merchants and offers that may rank ahead of this test's own.
 */
export async function loadUntilListed(page: Page, item: Locator): Promise<void> {
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await expect(async () => {
    // The button turns into a spinner as soon as its end of the list scrolls into view, so a
    // click may find it gone; toPass then simply tries again.
    if ((await item.count()) === 0 && (await loadMore.isVisible())) await loadMore.click({ timeout: 1000 });
    await expect(item).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * The statistics answers the worker keeps for this token, as language and path
 * ("en/api/v1/userinfo/get-money-info"). It runs in the page (hand it to `page.evaluate`, or to
 * WebDriver's script call), so it may use nothing from this module.
 */
export async function cachedReads(token: string): Promise<string[]> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hash = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const prefix = `${location.origin}/__wallet-cache__/${hash}/`;
  const cache = await caches.open('wallet-reads-v1');
  return (await cache.keys())
    .filter((request) => request.url.startsWith(prefix))
    .map((request) => request.url.slice(prefix.length));
}

export function hashOf(page: Page): string {
  return new URL(page.url()).hash;
}

/** axe-core's minified build, read once per worker: what a walk puts into a page that has none. */
let axeSource: string | undefined;
function axeScript(): string {
  axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

type AxeInPage = { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

/**
 * What axe finds serious or critical on the page, one line per rule and the elements it names.
 *
 * axe runs in the page itself and sends back its violations alone (`resultTypes`), as
 * @axe-core/playwright's "legacy" mode did, with the same rules. That package sent axe's unminified
 * source (1.5 MB) into the page twice on every walk, where it was compiled twice and written twice
 * into the trace; here the minified build goes in once, and only into a page that does not hold it
 * yet, so the walks over one page's screens share it (12 walks on 6 pages: 12 s of the machine's
 * CPU against 18.5 s). The app has no frames, which that package would also have walked.
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeScript());
  const violations = await page.evaluate(
    async (options) => (await (window as unknown as AxeInPage).axe.run(document, options)).violations,
    { resultTypes: ['violations'] } satisfies RunOptions,
  );
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** axe on the current screen: no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await accessibilityProblems(page)).toEqual([]);
}

export const test = base.extend<{ serverLog: void }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
  /**
   * A failed test's folder under test-results/ gets, beside its trace and screenshot, what the
   * server logged while it ran (the server is shared, so lines of tests running beside it too).
   */
  serverLog: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
    async ({}, use, testInfo) => {
      const file = process.env.E2E_SERVER_LOG;
      const from = file && fs.existsSync(file) ? fs.statSync(file).size : 0;
      await use();
      if (file && testInfo.status !== testInfo.expectedStatus && fs.existsSync(file)) {
        fs.writeFileSync(testInfo.outputPath('server.log'), fs.readFileSync(file).subarray(from));
      }
    },
    { auto: true },
  ],
});
