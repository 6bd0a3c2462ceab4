import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Builder, By, Capabilities, type Locator, type WebDriver, type WebElement } from 'selenium-webdriver';
import type { AuthResult } from '../../contract/responses';
import { freePort } from '../../server/testing/free-port';
import { onPath, webkitGtkDriver } from '../browser';
import { cachedReads } from '../fixtures';

/** The screen of the iPhone project's phone (an iPhone 14), as the installed app fills it. */
const PHONE = { width: 390, height: 844 } as const;

/**
 * WebKitGTK's MiniBrowser: Debian and Ubuntu put it under /usr/lib/<triplet>, Fedora under
 * /usr/libexec. The GTK 3 build (Debian's webkit2gtk-driver) first: that is the one tried here.
 */
export function findMiniBrowser(): string | undefined {
  const triplets = fs.existsSync('/usr/lib')
    ? fs.readdirSync('/usr/lib').map((name) => path.join('/usr/lib', name))
    : [];
  return ['/usr/libexec', ...triplets]
    .flatMap((folder) => ['webkit2gtk-4.1', 'webkitgtk-6.0'].map((api) => path.join(folder, api, 'MiniBrowser')))
    .find((candidate) => fs.existsSync(candidate));
}

/** "WebKitGTK 2.50.6": MiniBrowser says it, given a display. */
export function webkitGtkVersion(): string {
  const miniBrowser = findMiniBrowser();
  if (!miniBrowser) throw new Error('MiniBrowser is missing: apt-get install webkit2gtk-driver');
  return execFileSync('xvfb-run', ['-a', miniBrowser, '--version'], { encoding: 'utf8' }).trim();
}

/**
 * MiniBrowser's toolbar keeps its window at least 447 px wide, wider than a phone. This theme
 * shrinks the toolbar to nothing so the window, and with it the page, can be 390 px wide; it
 * styles GTK's own widgets only, never the page (WebKit draws the page's form controls itself).
 */
const NARROW_TOOLBAR_CSS = '* { font-size: 1px; min-height: 0; min-width: 0; margin: 0; padding: 0; border: 0; }\n';
const THEME = 'wallet-narrow-toolbar';

function writeTheme(dataHome: string): void {
  for (const gtk of ['gtk-3.0', 'gtk-4.0']) {
    const folder = path.join(dataHome, 'themes', THEME, gtk);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'gtk.css'), NARROW_TOOLBAR_CSS);
  }
}

function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // the whole group has already gone
  }
}

/** Until the driver says it is ready; fails early, with its log, if it could not start or died. */
async function waitUntilReady(url: string, gone: () => Error | undefined, logFile: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && !gone()) {
    try {
      const status = (await (await fetch(`${url}/status`)).json()) as { value?: { ready?: boolean } };
      if (status.value?.ready) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const why = gone()?.message ?? 'no answer within 15 s';
  throw new Error(`WebKitWebDriver did not start (${why}):\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
}

/** Whatever one quit may take, the session is given this long before its processes are killed. */
const QUIT_MS = 5000;

export interface WebKitSession {
  driver: WebDriver;
  /** What the driver and MiniBrowser wrote (not the page's console: WebDriver cannot reach it here). */
  logFile: string;
  /** Ends the session and every process of it; safe to call after a failure. */
  close(): Promise<void>;
}

/**
 * One WebKitWebDriver on a free port inside its own virtual display, and one MiniBrowser session
 * of it (the driver serves one session at a time). Everything runs in one process group, with its
 * profile, theme and X authority in one temporary folder, and goes when the session closes.
 */
export async function startWebKit(): Promise<WebKitSession> {
  const miniBrowser = findMiniBrowser();
  if (!webkitGtkDriver || !miniBrowser)
    throw new Error('WebKitGTK is not installed: apt-get install webkit2gtk-driver');
  if (!onPath('xvfb-run'))
    throw new Error('MiniBrowser needs a display, and xvfb-run is missing: apt-get install xvfb');
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-webkitgtk-'));
  writeTheme(path.join(home, 'data'));
  const logFile = path.join(home, 'webkit.log');
  const log = fs.openSync(logFile, 'a');
  const port = await freePort();
  const child = spawn(
    'xvfb-run',
    ['-a', '-f', path.join(home, 'Xauthority'), '-s', '-screen 0 1280x1024x24', webkitGtkDriver, `--port=${port}`],
    {
      detached: true,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        // The locale and time zone of the Chromium projects (playwright.config.ts).
        LANG: 'en_US.UTF-8',
        TZ: 'UTC',
        GTK_THEME: THEME,
        XDG_DATA_HOME: path.join(home, 'data'),
        XDG_CONFIG_HOME: path.join(home, 'config'),
        XDG_CACHE_HOME: path.join(home, 'cache'),
        // GStreamer's list of its plugins, which it scans anew (a process of its own) wherever it
        // finds none: one for every session, not one for every fresh cache folder.
        GST_REGISTRY: path.join(os.tmpdir(), 'wallet-webkitgtk-gstreamer-registry.bin'),
        // This machine has no GPU: WebKitGTK's GPU path would paint through Mesa's software GL.
        // Its CPU path paints the same pages for less (the eight tests: 91-93 s of the machine's
        // CPU against 101-102 s).
        WEBKIT_SKIA_ENABLE_CPU_RENDERING: '1',
      },
    },
  );
  fs.closeSync(log);
  let failure: Error | undefined;
  child.once('error', (error) => (failure = error));
  child.once('exit', (code, signal) => (failure ??= new Error(`it exited (${signal ?? code})`)));
  const stopProcesses = async () => {
    signalGroup(child, 'SIGTERM');
    if (!(await exited(child, QUIT_MS))) signalGroup(child, 'SIGKILL');
    fs.rmSync(home, { recursive: true, force: true });
  };
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitUntilReady(url, () => failure, logFile);
    const driver = await new Builder()
      .usingServer(url)
      .withCapabilities(
        new Capabilities({
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': {
            binary: miniBrowser,
            args: ['--automation'],
          },
        }),
      )
      .build();
    await driver.manage().setTimeouts({ script: 10_000, pageLoad: 15_000 });
    await sizeLikePhone(driver);
    return {
      driver,
      logFile,
      async close() {
        await Promise.race([
          driver.quit().catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, QUIT_MS)),
        ]);
        await stopProcesses();
      },
    };
  } catch (error) {
    const logged = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
    await stopProcesses();
    throw new Error(`${String(error)}\n${logged}`);
  }
}

/** The window is the page plus MiniBrowser's (shrunk) toolbar: make the page itself phone-sized. */
async function sizeLikePhone(driver: WebDriver): Promise<void> {
  await driver
    .manage()
    .window()
    .setRect({ x: 0, y: 0, ...PHONE });
  const toolbar = await driver.executeScript<number>('return outerHeight - innerHeight');
  if (toolbar > 0)
    await driver
      .manage()
      .window()
      .setRect({ x: 0, y: 0, ...PHONE, height: PHONE.height + toolbar });
}

/** An XPath string literal for `text` (XPath 1.0 has no escapes). */
function literal(text: string): string {
  if (!text.includes('"')) return `"${text}"`;
  if (!text.includes("'")) return `'${text}'`;
  throw new Error(`no XPath literal for ${text}`);
}

export const byTestId = (id: string): Locator => By.css(`[data-testid=${literal(id)}]`);
export const button = (name: string): Locator =>
  By.xpath(`//button[normalize-space(.)=${literal(name)} or @aria-label=${literal(name)}]`);
export const heading = (name: string): Locator =>
  By.xpath(`//*[self::h1 or self::h2][normalize-space(.)=${literal(name)}]`);
/** A link of the tab bar, by its label. */
export const tab = (name: string): Locator =>
  By.xpath(`//*[@data-testid="tab-bar"]//a[normalize-space(.)=${literal(name)}]`);
/** The input whose <label> says `label`. */
export const field = (label: string): Locator =>
  By.xpath(`//input[@id=//label[normalize-space(.)=${literal(label)}]/@for]`);

/** The worker's cached answers of the balance (Home and My) and of the profile (My), in English. */
export const MONEY_READ = 'en/api/v1/userinfo/get-money-info';
export const PROFILE_READ = 'en/api/v1/userinfo/get-info';

/** Runs in the page: whatever it returns comes back through WebDriver. */
type PageFunction<A extends unknown[], R> = (...args: A) => R | Promise<R>;

/**
 * The app in one MiniBrowser session, at one origin (the shared server's, or a test's own), with
 * the few things the tests do: open, read, click, type and run a function in the page. Reads
 * answer at once, null when the element is not there (yet), so tests wait with `expect.poll`.
 */
export class WebKitApp {
  constructor(
    readonly driver: WebDriver,
    readonly origin: string,
  ) {}

  /** The same browser, pointed at another server. */
  at(origin: string): WebKitApp {
    return new WebKitApp(this.driver, origin);
  }

  /** A new document at `hashPath`, as when the app is opened from its icon. */
  async open(hashPath = '/'): Promise<void> {
    await this.driver.get('about:blank');
    await this.driver.get(`${this.origin}/#${hashPath}`);
  }

  /** Moves to `hashPath` inside the open document, as the app's own links do. */
  async go(hashPath: string): Promise<void> {
    await this.evaluate((hash: string) => {
      location.hash = hash;
    }, `#${hashPath}`);
  }

  /**
   * Puts a session in the app's storage as a sign-in does, then opens `hashPath`: like
   * e2e/fixtures.ts openSignedIn, from the manifest, so that the app starts once.
   */
  async openSignedIn(customer: AuthResult, hashPath = '/'): Promise<void> {
    await this.driver.get(`${this.origin}/manifest.webmanifest`);
    await this.evaluate(
      (session: string) => localStorage.setItem('userInfo', session),
      JSON.stringify({ ...customer.user, token: customer.token }),
    );
    await this.open(hashPath);
  }

  /** Signs in through the login form, as a customer does, and waits for the balance. */
  async signIn(account: string, password: string): Promise<void> {
    await this.open('/pages/login/login');
    await this.submitLogin(account, password);
  }

  /**
   * Signs in on a device where the app has been opened before, so the worker controls the page
   * from the first read on and keeps what the screens read, without waiting for the reads the
   * app makes again when a worker first takes control.
   */
  async signInWithWorker(account: string, password: string): Promise<void> {
    await this.open('/pages/login/login');
    await this.driver.wait(() => this.workerControls(), 10_000, 'the service worker never took control');
    await this.submitLogin(account, password);
  }

  /** Fills and sends the login form on screen, in this document. */
  async submitLogin(account: string, password: string): Promise<void> {
    await this.fill('Account', account);
    await this.fill('Password', password);
    await this.click(button('Log in'));
    await this.driver.wait(
      async () => (await this.text(byTestId('balance'))) !== null,
      10_000,
      'no balance after sign-in',
    );
  }

  async reload(): Promise<void> {
    await this.driver.navigate().refresh();
  }

  evaluate<A extends unknown[], R>(fn: PageFunction<A, R>, ...args: A): Promise<R> {
    return this.driver.executeScript<R>(fn, ...args);
  }

  hash(): Promise<string> {
    return this.evaluate(() => location.hash);
  }

  private async displayed(locator: Locator): Promise<WebElement | null> {
    for (const element of await this.driver.findElements(locator)) {
      try {
        if (await element.isDisplayed()) return element;
      } catch {
        // replaced by a re-render between finding and asking
      }
    }
    return null;
  }

  async isVisible(locator: Locator): Promise<boolean> {
    return (await this.displayed(locator)) !== null;
  }

  /** The rendered text of the first visible match, or null. */
  async text(locator: Locator): Promise<string | null> {
    try {
      return (await (await this.displayed(locator))?.getText()) ?? null;
    } catch {
      return null;
    }
  }

  async attribute(locator: Locator, name: string): Promise<string | null> {
    try {
      return (await (await this.displayed(locator))?.getAttribute(name)) ?? null;
    } catch {
      return null;
    }
  }

  /** Everything the screen shows in words, for what must never be among it. */
  async screenText(): Promise<string> {
    return this.evaluate(() => document.body.innerText);
  }

  /** Clicks the first visible match once there is one (re-renders and covering toasts are retried). */
  async click(locator: Locator, timeout = 7000): Promise<void> {
    await this.withElement(locator, timeout, async (element) => {
      // WebDriver scrolls an element only until it is inside the viewport, where the fixed tab bar
      // may cover it; a customer would scroll it clear of the bar.
      await this.driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', element);
      await element.click();
    });
  }

  async fill(label: string, value: string, timeout = 7000): Promise<void> {
    await this.withElement(field(label), timeout, (element) => element.sendKeys(value));
  }

  private async withElement(locator: Locator, timeout: number, act: (element: WebElement) => Promise<void>) {
    const deadline = Date.now() + timeout;
    let lastError: unknown = new Error(`nothing visible matches ${String(locator)}`);
    while (Date.now() < deadline) {
      try {
        const element = await this.displayed(locator);
        if (element) {
          await act(element);
          return;
        }
      } catch (error) {
        lastError = error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw lastError;
  }

  /** What is on screen once the DOM as it is now has been painted. */
  async screenshot(): Promise<Buffer> {
    // WebKitGTK hands WebDriver the last frame it composited, which may be older than the DOM
    // the test just read (an empty screen right after the balance arrived); two animation frames
    // later the current DOM has been drawn.
    await this.evaluate(
      () => new Promise<void>((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn()))),
    );
    return Buffer.from(await this.driver.takeScreenshot(), 'base64');
  }

  /** The access token of whoever is signed in on this device. */
  token(): Promise<string> {
    return this.evaluate(
      () => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token ?? '',
    );
  }

  workerControls(): Promise<boolean> {
    return this.evaluate(() => Boolean(navigator.serviceWorker?.controller));
  }

  /** What the worker keeps for whoever is signed in now (see cachedReads in e2e/fixtures.ts). */
  async cachedReads(token?: string): Promise<string[]> {
    return this.evaluate(cachedReads, token ?? (await this.token()));
  }
}
