import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { ResultCode, type Envelope } from '../contract/envelope';
import type { AuthResult } from '../contract/responses';
import type { WireLanguage } from '../contract/rules';
import { PATHS } from '../app/lib/paths';
import { STORAGE_KEYS } from '../app/state/storage-keys';
import type { Theme } from '../app/state/theme';
import { chromiumLaunch } from '../e2e/browser';
import { ROOT } from '../e2e/server';
import { buildApp } from '../server/app';
import { DEFAULT_LIMITS } from '../server/config';
import { openDatabase } from '../server/platform/database/database';
import { DEMO_ACCOUNT, prepareDatabase } from '../server/demo/demo-data';

/**
 * `npm run shots`: a PNG of every screen of the built app on both phones of the browser suite, in
 * both colour schemes and in English and German, signed in as the demo account (the sign-in
 * screens signed out), under a fixed clock; plus shots/index.html, one contact sheet of them all.
 * One server with fresh demo data, one browser; both go away at the end, failure or not.
 */

const OUT_DIR = path.join(ROOT, 'shots');
/**
 * The browser's clock for every page, and the server's when it starts (its clock then runs on, so
 * that sessions and time windows behave): the same dates and countdowns on every run.
 */
const FIXED_NOW = new Date('2026-06-15T09:30:00Z');
/** A whole run takes about two and a half minutes; past this, the remaining shots are skipped, not waited on. */
const RUN_BUDGET_MS = 10 * 60_000;
/** One navigation, settle or click; a screen that takes longer is reported as failed. */
const STEP_TIMEOUT_MS = 15_000;
/** Long lists would make very tall pictures; a few screens' worth shows the layout. */
const MAX_SCREENS_TALL = 3;
/** What the app shows while it waits for data (the boot snapshot included): none may be left. */
const STILL_LOADING = '.spinner, [aria-busy="true"], .skeleton, #home-snapshot';
/** Longer than a frame or two, so that a read started by a click or a resize has shown its spinner. */
const REACTION_MS = 300;

/**
 * Variants shot at the same time, each in its own page: most of a shot is waiting for the network
 * to go quiet, so two at once nearly halve the run on this two-core machine.
 */
const PARALLEL_VARIANTS = 2;

/** The two projects of playwright.config.ts, same names and devices (both on Chromium there too). */
const VIEWPORTS = [
  { name: 'pixel', device: devices['Pixel 7'] },
  { name: 'iphone', device: devices['iPhone 14'] },
] as const;

/** Both schemes are dark (app/styles/base.css); they swap the primary and accent colours. */
const THEMES: readonly { theme: Theme; label: string }[] = [
  { theme: 'subject1', label: 'subject1 (blue primary)' },
  { theme: 'subject2', label: 'subject2 (red primary)' },
];

/** The stored choice picks the language; the browser's locale matches it, as on a real phone. */
const LANGUAGES: readonly { wire: WireLanguage; browserLocale: string }[] = [
  { wire: 'en', browserLocale: 'en-US' },
  { wire: 'de', browserLocale: 'de-DE' },
];

type RouteName = keyof typeof PATHS;
const SIGNED_OUT_ROUTES: readonly RouteName[] = ['login', 'register', 'forgotPassword'];

interface Screen {
  name: string;
  hashPath: string;
  signedIn: boolean;
  /** Only what the phone's screen shows, not the whole page: a modal sheet sits on the screen. */
  screenOnly?: boolean;
  /** Brings up what the shot should show after the page has settled, e.g. a sheet. */
  prepare?: (page: Page) => Promise<void>;
}

const SCREENS: readonly Screen[] = [
  ...(Object.entries(PATHS) as [RouteName, string][]).map(([name, hashPath]) => ({
    name,
    hashPath,
    signedIn: !SIGNED_OUT_ROUTES.includes(name),
  })),
  // Home has no sheet of its own; the language sheet is the app-wide one, opened from My.
  {
    name: 'my+languageSheet',
    hashPath: PATHS.my,
    signedIn: true,
    screenOnly: true,
    prepare: async (page) => {
      await page.getByTestId('language-menu').click();
      await page.getByTestId('language-sheet').waitFor({ state: 'visible' });
    },
  },
];

interface Variant {
  viewport: (typeof VIEWPORTS)[number];
  theme: (typeof THEMES)[number];
  language: (typeof LANGUAGES)[number];
}

interface Shot {
  screen: Screen;
  variant: Variant;
  file: string;
  /** Why there is no picture, when there is none. */
  problem?: string;
}

function variants(): Variant[] {
  return VIEWPORTS.flatMap((viewport) =>
    THEMES.flatMap((theme) => LANGUAGES.map((language) => ({ viewport, theme, language }))),
  );
}

function fileName(screen: Screen, variant: Variant): string {
  const slug = screen.name.replace(/[^A-Za-z0-9]+/g, '-');
  return `${slug}--${variant.viewport.name}--${variant.theme.theme}--${variant.language.wire}.png`;
}

interface ShotsServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The real server in this process, on fresh demo data, with its clock set to FIXED_NOW (which
 * e2e/server.ts's separate process cannot be given), serving the built app.
 */
async function startShotsServer(): Promise<ShotsServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-shots-'));
  const db = await openDatabase({ databaseUrl: undefined, sqliteFile: path.join(dataDir, 'wallet.db') });
  const startedAt = Date.now();
  const app = await buildApp({
    db,
    dataDir,
    staticDir: path.join(ROOT, 'dist'),
    logLevel: 'warn',
    limits: { ...DEFAULT_LIMITS, requestsPerMinute: 100_000 },
    now: () => new Date(FIXED_NOW.getTime() + (Date.now() - startedAt)),
  });
  await prepareDatabase(app.wallet, true);
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl,
    async stop() {
      await app.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs the demo account in through the API, as the login screen does. */
async function signInDemo(baseUrl: string): Promise<AuthResult> {
  const response = await fetch(`${baseUrl}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: DEMO_ACCOUNT.account, password: DEMO_ACCOUNT.password }),
  });
  const reply = (await response.json()) as Envelope<AuthResult>;
  if (reply.code !== ResultCode.ok) throw new Error(`demo sign-in failed: ${reply.code} ${reply.msg}`);
  return reply.data;
}

/**
 * A context whose storage already holds the theme, the language and (when signed in) the session
 * the way the app stores them (see e2e/fixtures.ts openSignedIn), so the first paint is the right one.
 */
function contextOptions(baseUrl: string, variant: Variant, session: AuthResult | null): BrowserContextOptions {
  // Not a context option: the suite runs both phones on Chromium too.
  const { defaultBrowserType: _browserType, ...device } = variant.viewport.device;
  const localStorage = [
    { name: STORAGE_KEYS.theme, value: variant.theme.theme },
    { name: STORAGE_KEYS.language, value: variant.language.wire },
    ...(session
      ? [{ name: STORAGE_KEYS.session, value: JSON.stringify({ ...session.user, token: session.token }) }]
      : []),
  ];
  return {
    ...device,
    baseURL: baseUrl,
    locale: variant.language.browserLocale,
    timezoneId: 'UTC',
    // With the screenshot's own `animations: 'disabled'`: nothing is caught halfway through a transition.
    reducedMotion: 'reduce',
    // A worker installing in the background keeps the network busy and may offer an update.
    serviceWorkers: 'block',
    storageState: { cookies: [], origins: [{ origin: baseUrl, localStorage }] },
  };
}

/** Nothing on the page says it is still loading, and its fonts are in. */
async function loaded(page: Page): Promise<void> {
  await page.waitForFunction((selector) => document.querySelector(selector) === null, STILL_LOADING);
  await page.evaluate(() => document.fonts.ready);
}

/** A freshly opened screen: its code and first reads are done (what e2e/shell.spec.ts waits on). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('main#main').waitFor({ state: 'visible' });
  await loaded(page);
}

/** After a change on a settled page: a read it starts shows its spinner at once, so wait a little first. */
async function settleAfterChange(page: Page): Promise<void> {
  await page.waitForTimeout(REACTION_MS);
  await loaded(page);
}

async function takeShot(page: Page, shot: Shot): Promise<void> {
  // A fresh document each time, so the wait for the network to settle waits for this screen.
  await page.goto('about:blank');
  await page.goto(`/#${shot.screen.hashPath}`);
  await settle(page);
  const landedOn = new URL(page.url()).hash.replace(/^#/, '');
  if (landedOn !== shot.screen.hashPath) throw new Error(`redirected to ${landedOn}`);
  await shot.screen.prepare?.(page);
  const phone = shot.variant.viewport.device.viewport;
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  const shotHeight = shot.screen.screenOnly ? phone.height : Math.min(pageHeight, phone.height * MAX_SCREENS_TALL);
  // A taller screen rather than Playwright's full-page capture: that one leaves the fixed tab bar
  // where the phone's screen ends, over the middle of a long page.
  await page.setViewportSize({ width: phone.width, height: shotHeight });
  try {
    // The extra height may bring an endless list's end into view, which loads its next page.
    await settleAfterChange(page);
    await page.screenshot({
      path: path.join(OUT_DIR, shot.file),
      animations: 'disabled',
      caret: 'hide',
      // One picture pixel per CSS pixel: the layout is what is under review, and 170 pictures at
      // 3x would make the folder and the contact sheet heavy.
      scale: 'css',
    });
  } finally {
    await page.setViewportSize(phone);
  }
}

/** Every shot of one variant, signed-out screens in one context and signed-in ones in another. */
async function shootVariant(
  browser: Browser,
  server: ShotsServer,
  session: AuthResult,
  variant: Variant,
  deadline: number,
): Promise<Shot[]> {
  const shots: Shot[] = [];
  for (const signedIn of [false, true]) {
    const context = await browser.newContext(contextOptions(server.baseUrl, variant, signedIn ? session : null));
    try {
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      await context.clock.setFixedTime(FIXED_NOW);
      const page = await context.newPage();
      for (const screen of SCREENS.filter((candidate) => candidate.signedIn === signedIn)) {
        const shot: Shot = { screen, variant, file: fileName(screen, variant) };
        shots.push(shot);
        if (Date.now() > deadline) {
          shot.problem = 'skipped: the run went over its time budget';
          continue;
        }
        try {
          await takeShot(page, shot);
        } catch (error) {
          shot.problem = error instanceof Error ? error.message.split('\n')[0] : String(error);
          console.error(`  ${shot.file}: ${shot.problem}`);
        }
      }
    } finally {
      await context.close();
    }
  }
  return shots;
}

/** `work` on every item, at most `limit` at a time; results in the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  const queue = items.map((item, index) => ({ item, index }));
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) results[job.index] = await work(job.item);
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** One row per screen, one picture per variant, each with its caption; pictures by relative path. */
function contactSheet(shots: readonly Shot[]): string {
  const rows = SCREENS.map((screen) => {
    const figures = shots
      .filter((shot) => shot.screen === screen)
      .map((shot) => {
        const { viewport, theme, language } = shot.variant;
        const caption = `${screen.name} · ${viewport.name} · ${theme.label} · ${language.wire}`;
        const picture = shot.problem
          ? `<div class="missing">${escapeHtml(shot.problem)}</div>`
          : `<a href="${shot.file}"><img src="${shot.file}" alt="${escapeHtml(caption)}" loading="lazy"></a>`;
        return `<figure>${picture}<figcaption>${escapeHtml(caption)}</figcaption></figure>`;
      });
    return `<section><h2>${escapeHtml(screen.name)} <code>#${escapeHtml(screen.hashPath)}</code></h2><div class="grid">${figures.join('')}</div></section>`;
  });
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Screens of the USDT wallet</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 16px; background: #ddd; color: #111; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 12px; align-items: start; }
  figure { margin: 0; background: #fff; padding: 6px; border-radius: 6px; }
  img { width: 100%; display: block; }
  figcaption { font-size: 12px; margin-top: 4px; }
  .missing { color: #a00; padding: 24px 8px; }
  h2 { font-size: 16px; margin: 24px 0 8px; }
</style>
<h1>Screens of the USDT wallet</h1>
<p>Demo data; the clock starts at ${FIXED_NOW.toISOString()} (browser and server). ${shots.length} shots.</p>
${rows.join('\n')}
</html>
`;
}

async function main(): Promise<number> {
  const started = Date.now();
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  fs.mkdirSync(OUT_DIR, { recursive: true });

  let server: ShotsServer | undefined;
  let browser: Browser | undefined;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
  };
  // Ctrl-C should still stop the server and delete its temporary data folder.
  const onSignal = (signal: NodeJS.Signals) => void cleanUp().finally(() => process.kill(process.pid, signal));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    server = await startShotsServer();
    const session = await signInDemo(server.baseUrl);
    browser = await chromium.launch(chromiumLaunch);
    // For the closures below: TypeScript does not narrow a `let` inside them.
    const [openBrowser, runningServer] = [browser, server];
    const shots = (
      await mapLimited(variants(), PARALLEL_VARIANTS, (variant) =>
        shootVariant(openBrowser, runningServer, session, variant, started + RUN_BUDGET_MS),
      )
    ).flat();
    fs.writeFileSync(path.join(OUT_DIR, 'index.html'), contactSheet(shots));
    const failed = shots.filter((shot) => shot.problem);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(
      `${shots.length - failed.length} of ${shots.length} shots in ${seconds} s: ${path.relative(process.cwd(), OUT_DIR)}/index.html`,
    );
    return failed.length === 0 ? 0 : 1;
  } finally {
    await cleanUp();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

process.exitCode = await main();
