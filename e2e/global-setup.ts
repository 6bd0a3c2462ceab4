import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunch, headlessShellLaunch, systemChromium, systemHeadlessShell, webkitGtkDriver } from './browser';
import { ROOT, startServer } from './server';
import { webkitGtkVersion } from './webkitgtk/webkit';

/** Says which browsers this run uses, so a red run names them. */
async function printBrowser(): Promise<void> {
  for (const [launch, executable, what] of [
    [chromiumLaunch, systemChromium, 'the full browser'],
    [headlessShellLaunch, systemHeadlessShell, 'the headless shell'],
  ] as const) {
    const browser = await chromium.launch(launch);
    console.log(`e2e: Chromium ${browser.version()}, ${what} (${executable ?? "Playwright's own build"})`);
    await browser.close();
  }
  if (webkitGtkDriver) console.log(`e2e: ${webkitGtkVersion()} (MiniBrowser through ${webkitGtkDriver})`);
}

/** Builds the app if needed, names the browser and starts the server every test talks to. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await printBrowser();
  if (!fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  // The log lives beside the data (Playwright empties test-results/ when a run starts); a failed
  // test copies what the server logged while it ran into its own folder (see fixtures.ts).
  const logFile = path.join(os.tmpdir(), `wallet-e2e-server-${process.pid}.log`);
  const server = await startServer({ logFile, env: { LOG_LEVEL: 'info' } });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_SERVER_LOG = logFile;
  return async () => {
    await server.stop();
    fs.rmSync(logFile, { force: true });
  };
}
