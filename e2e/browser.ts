import fs from 'node:fs';
import path from 'node:path';
import { chromium, type LaunchOptions } from '@playwright/test';

/**
 * The tag of a test in a viewport spec whose outcome does not depend on the screen size: it runs
 * on the Pixel only, while the rest of its spec runs on both phones.
 */
export const ONE_PHONE = '@one-phone';

/**
 * The tag of a check that runs on the narrower phone only (the iPhone): axe, whose findings
 * (contrast, names, target sizes) a wider screen of the same engine does not change but for
 * layout, which the narrower one strains more.
 */
export const NARROW_PHONE = '@narrow-phone';

/**
 * The tag of a test that needs the full browser, not the headless shell: push (the shell has no
 * PushManager), and the network coming back under a page. The latter passed on the shell alone
 * (40 of 40) but failed in a full run, its reads answered from the worker's cache after the
 * network was back; on the full browser it has passed in every run.
 */
export const FULL_BROWSER = '@full-browser';

function installed(path: () => string): boolean {
  try {
    return fs.existsSync(path());
  } catch {
    return false;
  }
}

/** The first executable `command` on PATH, as the shell would find it. */
function onPath(command: string): string | undefined {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(folder, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/**
 * WebKitGTK's WebDriver (Debian's webkit2gtk-driver), which drives its MiniBrowser: the one WebKit
 * this build machine can install, since Playwright's own WebKit cannot be downloaded here.
 */
export const webkitGtkDriver = onPath('WebKitWebDriver');

export { installed, onPath };

const playwrightsChromium = installed(() => chromium.executablePath());

/**
 * Where Playwright's own Chromium is missing (this build machine cannot download it), Debian's
 * /usr/bin/chromium, or $CHROME_PATH, stands in — with the flags it needs as root and on a
 * closed network.
 */
export const systemChromium = process.env.CHROME_PATH || (playwrightsChromium ? undefined : '/usr/bin/chromium');

/** Debian's package of the headless shell (chromium-headless-shell). */
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Chromium's headless shell: the same engine without the browser around it, which Playwright's
 * own installation uses for every headless run. Here Debian's stands in for it where it is
 * installed (else the full browser above does): four specs of flows, three tests at a time on two
 * cores, took 106-110 s and 207-214 s of the machine's CPU on it, 148-168 s and 290-303 s on the
 * full browser.
 */
export const systemHeadlessShell =
  process.env.CHROME_PATH ||
  (playwrightsChromium ? undefined : installed(() => DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : systemChromium);

export const CHROMIUM_FLAGS = [
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The full browser, for what the headless shell does not have (push and notifications; the
 * network's coming back, as a page sees it) and for what measures or shows the app as a
 * customer's browser runs it. Playwright's own is its `chromium` channel.
 */
export const chromiumLaunch: LaunchOptions = {
  ...(systemChromium ? { executablePath: systemChromium } : { channel: 'chromium' }),
  args: CHROMIUM_FLAGS,
};

/** The headless shell, for the flows: what they check does not need the browser around the page. */
export const headlessShellLaunch: LaunchOptions = {
  ...(systemHeadlessShell ? { executablePath: systemHeadlessShell } : {}),
  args: CHROMIUM_FLAGS,
};
