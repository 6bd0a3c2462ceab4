import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { Envelope } from '../contract/envelope';
import type { AuthResult } from '../contract/responses';

export { expect };

export const DEMO = { account: 'demo', password: 'Demo12345' } as const;

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

/** The newest code mailed to `email`, read from the server's outbox folder. */
export async function codeFromOutbox(email: string): Promise<string> {
  const outbox = path.join(dataDir(), 'outbox');
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(outbox, file), 'utf8');
      if (text.startsWith(`To: ${email}\n`)) {
        const code = text.match(/\b\d{6}\b/)?.[0];
        if (code) return code;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code in the outbox for ${email}`);
}

let rootCode: string | undefined;

/** The root invitation code, asked of the operator CLI as an operator would. */
export async function rootInviteCode(): Promise<string> {
  if (rootCode) return rootCode;
  const { execFileSync } = await import('node:child_process');
  rootCode = execFileSync(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', 'invite-code'], {
    env: { ...process.env, DATA_DIR: dataDir() },
    encoding: 'utf8',
  }).trim();
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

/** Puts a session in the app's storage the way a sign-in does, then opens `hashPath`. */
export async function openSignedIn(page: Page, customer: AuthResult, hashPath = '/'): Promise<void> {
  await page.goto('/#/pages/login/login');
  await page.evaluate((session) => localStorage.setItem('userInfo', JSON.stringify(session)), {
    ...customer.user,
    token: customer.token,
  });
  // A new document, so the app starts with the stored session (a hash change alone would not).
  await page.goto('about:blank');
  await page.goto(`/#${hashPath}`);
}

export function hashOf(page: Page): string {
  return new URL(page.url()).hash;
}

/** axe on the current screen: no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
});
