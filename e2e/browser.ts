import fs from 'node:fs';
import { chromium, type LaunchOptions } from '@playwright/test';

function installed(path: () => string): boolean {
  try {
    return fs.existsSync(path());
  } catch {
    return false;
  }
}

export { installed };

/**
 * Where Playwright's own Chromium is missing (this build machine cannot download it), Debian's
 * /usr/bin/chromium, or $CHROME_PATH, stands in — with the flags it needs as root and on a
 * closed network.
 */
export const systemChromium =
  process.env.CHROME_PATH || (installed(() => chromium.executablePath()) ? undefined : '/usr/bin/chromium');

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

export const chromiumLaunch: LaunchOptions = {
  ...(systemChromium ? { executablePath: systemChromium } : {}),
  args: CHROMIUM_FLAGS,
};
