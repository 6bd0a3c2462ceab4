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
type Manifest = Record<string, ManifestChunk>;

export interface BundleReport {
  firstLoad: { route: string; js: number; files: number }[];
  pages: { page: string; js: number }[];
  css: number;
}

function gzipSize(file: string): number {
  return gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Everything a chunk pulls in statically, itself included. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * Gzip sizes from a production build: JS a route loads at start (the boot script, the entry, the
 * page and its static imports, the English catalog, the worker set-up), each page's own chunk, and the CSS.
 */
export function measureBundle(dist = 'dist'): BundleReport {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
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
  const pages = pageKeys
    .filter((key) => (manifest[entry]?.dynamicImports ?? []).includes(key) || key.endsWith('.tsx'))
    .map((key) => ({ page: key, js: size([key]) }))
    .sort((a, b) => b.js - a.js);
  const cssFiles = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
  let css = 0;
  for (const file of cssFiles) css += gzipSize(path.join(dist, file));
  return { firstLoad, pages, css };
}
