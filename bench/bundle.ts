import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The two documents of the build, as the manifest keys them. */
export const CUSTOMER_ENTRY = 'index.html';
export const CONSOLE_ENTRY = 'console/index.html';

export interface BundleReport {
  /** Customer sign-in, customer Home, console sign-in. */
  firstLoad: { route: string; js: number; files: number }[];
  pages: { page: string; js: number }[];
  css: number;
  consoleCss: number;
  /** What the customer's service worker precaches, as its manifest lists it. */
  precached: string[];
}

function gzipSize(file: string): number {
  return gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Everything a chunk pulls in statically, itself included; with `lazyToo`, dynamically as well. */
function closure(manifest: Manifest, key: string, into = new Set<string>(), lazyToo = false): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  const chunk = manifest[key];
  for (const imported of [...(chunk?.imports ?? []), ...(lazyToo ? (chunk?.dynamicImports ?? []) : [])]) {
    closure(manifest, imported, into, lazyToo);
  }
  return into;
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The precache list vite-plugin-pwa wrote into the service worker (`{"revision":…,"url":"…"}`). */
export function readPrecache(dist: string): string[] {
  const worker = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
  return [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? '');
}

/**
 * Gzip sizes from a production build: JS a route loads at start (for the customer: the boot
 * script, the entry, the page and its static imports, the English catalog, the worker set-up; for
 * the console: its entry, its static imports and its English catalog), each customer page's own
 * chunk, and the CSS of each app.
 */
export function measureBundle(dist = 'dist'): BundleReport {
  const manifest = readManifest(dist);
  if (!manifest[CUSTOMER_ENTRY]?.isEntry) throw new Error(`no ${CUSTOMER_ENTRY} entry in the manifest`);
  const entry = CUSTOMER_ENTRY;
  const size = (keys: Iterable<string>) => {
    let total = 0;
    for (const key of keys) {
      const chunk = manifest[key];
      if (chunk?.file.endsWith('.js')) total += gzipSize(path.join(dist, chunk.file));
    }
    return total;
  };
  // The classic script index.html runs first (see bootScript in vite.config.ts).
  const bootScript = gzipSize(path.join(dist, 'boot.js'));
  const pageKeys = Object.keys(manifest).filter((key) => key.startsWith('app/pages/'));
  // Loaded at every start besides the page: the English catalog and the service-worker set-up.
  const startup = ['messages/en.po', 'app/api/worker.ts'];
  const firstLoad = ['app/pages/login/login.tsx', 'app/pages/home/home.tsx'].map((page) => {
    const keys = closure(manifest, entry);
    closure(manifest, page, keys);
    // Signed-in pages also wait for their part of the catalog.
    const catalogs = page.includes('/login/') ? startup : [...startup, 'messages/pages/en.po'];
    for (const key of catalogs) if (manifest[key]) closure(manifest, key, keys);
    return { route: page, js: size(keys) + bootScript, files: keys.size + 1 };
  });
  if (manifest[CONSOLE_ENTRY]) {
    // The console's sign-in is part of its entry chunk; it waits for its catalog only.
    const keys = closure(manifest, CONSOLE_ENTRY);
    if (manifest['messages/console/en.po']) closure(manifest, 'messages/console/en.po', keys);
    firstLoad.push({ route: 'console (sign-in)', js: size(keys), files: keys.size });
  }
  const pages = pageKeys
    .filter((key) => (manifest[entry]?.dynamicImports ?? []).includes(key) || key.endsWith('.tsx'))
    .map((key) => ({ page: key, js: size([key]) }))
    .sort((a, b) => b.js - a.js);
  const cssOf = (root: string) => {
    const files = new Set([...closure(manifest, root, new Set(), true)].flatMap((key) => manifest[key]?.css ?? []));
    let total = 0;
    for (const file of files) total += gzipSize(path.join(dist, file));
    return total;
  };
  return {
    firstLoad,
    pages,
    css: cssOf(CUSTOMER_ENTRY),
    consoleCss: manifest[CONSOLE_ENTRY] ? cssOf(CONSOLE_ENTRY) : 0,
    precached: readPrecache(dist),
  };
}

/** What the separation check reads: the manifest, which modules each chunk holds, the precache. */
export interface BuildFacts {
  manifest: Manifest;
  /** `.vite/modules.json`, written by the entry-reach plugin in vite.config.ts: file → module ids. */
  modules: Record<string, string[]>;
  precache: string[];
  customerHtml: string;
  consoleHtml: string;
}

export function readBuildFacts(dist = 'dist'): BuildFacts {
  return {
    manifest: readManifest(dist),
    modules: JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'modules.json'), 'utf8')) as Record<string, string[]>,
    precache: readPrecache(dist),
    customerHtml: fs.readFileSync(path.join(dist, 'index.html'), 'utf8'),
    consoleHtml: fs.readFileSync(path.join(dist, 'console', 'index.html'), 'utf8'),
  };
}

const isConsoleModule = (id: string) => id.startsWith('console/') || id.startsWith('messages/console/');
/**
 * The customer app's own code and catalogs, and the service worker's client (node_modules and
 * contract/ are shared by design): the console is never installed or cached for offline use.
 */
const isCustomerModule = (id: string) =>
  id.startsWith('app/') ||
  id.startsWith('sw/') ||
  id.includes('node_modules/workbox-') ||
  (id.startsWith('messages/') && !id.startsWith('messages/console/'));

/** Every file a document can load: its static imports and every lazy chunk below them. */
function filesOf(manifest: Manifest, entry: string): Set<string> {
  return new Set([...closure(manifest, entry, new Set(), true)].flatMap((key) => manifest[key]?.file ?? []));
}

/**
 * The rules that keep the two apps apart, as a list of what breaks them (empty when none does):
 * no chunk the customer can load holds a console module, no chunk the console can load holds a
 * customer module, the service worker precaches nothing that only the console loads, and the
 * console's document carries neither the customer's boot script nor anything inline.
 */
export function separationProblems(facts: BuildFacts): string[] {
  const problems: string[] = [];
  const { manifest, modules } = facts;
  // A missing entry is one problem; the rest is still checked with what is there.
  for (const entry of [CUSTOMER_ENTRY, CONSOLE_ENTRY]) {
    if (!manifest[entry]?.isEntry) problems.push(`${entry} is not an entry of the build`);
  }
  const customerFiles = filesOf(manifest, CUSTOMER_ENTRY);
  const consoleFiles = filesOf(manifest, CONSOLE_ENTRY);
  for (const [files, owner, foreign, isForeign] of [
    [customerFiles, 'customer', 'console', isConsoleModule],
    [consoleFiles, 'console', 'customer', isCustomerModule],
  ] as const) {
    for (const file of files) {
      if (!file.endsWith('.js')) continue;
      const held = modules[file];
      if (!held) {
        problems.push(`${file} (loaded by the ${owner}) is missing from modules.json`);
        continue;
      }
      const strays = held.filter(isForeign);
      if (strays.length)
        problems.push(`${file} (loaded by the ${owner}) holds ${foreign} modules: ${strays.join(', ')}`);
    }
  }
  for (const file of customerFiles) {
    if (path.posix.basename(file).startsWith('console-')) problems.push(`the customer app loads ${file}`);
  }
  if (facts.precache.length === 0) problems.push('no precache list found in sw.js');
  const consoleOnly = (file: string) =>
    file.startsWith('console/') ||
    path.posix.basename(file).startsWith('console-') ||
    (consoleFiles.has(file) && !customerFiles.has(file));
  for (const file of facts.precache.filter(consoleOnly)) problems.push(`the service worker precaches ${file}`);
  if (!facts.customerHtml.includes('/boot.js')) problems.push('index.html lost its boot script');
  if (facts.consoleHtml.includes('boot.js')) problems.push('console/index.html carries the boot script');
  // The documents' CSP allows scripts and styles from this site only.
  if (/<script(?![^>]*\bsrc=)[^>]*>/i.test(facts.consoleHtml)) problems.push('console/index.html has an inline script');
  if (/<style\b|\sstyle=/i.test(facts.consoleHtml)) problems.push('console/index.html has an inline style');
  if (/serviceWorker|registerSW|workbox/i.test(facts.consoleHtml)) {
    problems.push('console/index.html registers a service worker');
  }
  return problems;
}
