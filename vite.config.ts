import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { build as bundle } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiServer = process.env.API_URL ?? 'http://127.0.0.1:8080';
const CUSTOMER_HTML = path.resolve('index.html');
const CONSOLE_HTML = path.resolve('console/index.html');
const SIGN_IN_PAGE = path.resolve('app/pages/login/login.tsx');
// index.html shows the name and logo before any script runs; app/lib/config.ts has the same defaults.
process.env.VITE_APP_NAME ||= 'USDT Wallet';
process.env.VITE_LOGO_URL ||= '/icons/favicon.svg';

/**
 * The web app manifest lives at the project root and must reach dist/ under its own name: Vite
 * would hash it into assets/ and break its icon, start_url and scope paths.
 */
function rootManifest(): Plugin {
  return {
    name: 'root-manifest',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: fs.readFileSync('manifest.webmanifest', 'utf8'),
      });
    },
  };
}

/**
 * Writes .br and .gz beside every text file of the build, once, so the server sends compressed
 * files without compressing on each request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const walk = (dir: string): string[] =>
          fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
            const full = path.join(dir, entry.name);
            return entry.isDirectory() ? walk(full) : [full];
          });
        for (const file of walk(outDir)) {
          if (!/\.(js|css|html|svg|webmanifest|json)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`))
            continue;
          const content = fs.readFileSync(file);
          if (content.length < 1024) continue;
          fs.writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

/**
 * Which modules each of the build's two documents reaches: statically (what runs at its start)
 * and in all (its lazy chunks too). Filled once the module graph is known (buildEnd), read by the
 * chunk groups and file names below, which rolldown evaluates after that.
 */
interface EntryReach {
  customerStart: Set<string>;
  /** What the sign-in page imports statically, its own module too. */
  signIn: Set<string>;
  consoleStart: Set<string>;
  customerAll: Set<string>;
  consoleAll: Set<string>;
}
const reach: EntryReach = {
  customerStart: new Set(),
  signIn: new Set(),
  consoleStart: new Set(),
  customerAll: new Set(),
  consoleAll: new Set(),
};

const isDocument = (id: string) => id.endsWith('.html');
/** Only the console reaches it: its chunk is named `console-…` and kept out of the precache. */
const consoleOnly = (id: string) => reach.consoleAll.has(id) && !reach.customerAll.has(id);

function entryReach(): Plugin {
  return {
    name: 'entry-reach',
    apply: 'build',
    buildEnd() {
      // The service worker's own build runs these plugins too; it has neither document.
      if (!this.getModuleInfo(CUSTOMER_HTML) || !this.getModuleInfo(CONSOLE_HTML)) return;
      const walk = (root: string, lazyToo: boolean) => {
        const seen = new Set<string>();
        const queue = [root];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          queue.push(...(info?.importedIds ?? []), ...(lazyToo ? (info?.dynamicallyImportedIds ?? []) : []));
        }
        return seen;
      };
      reach.customerStart = walk(CUSTOMER_HTML, false);
      reach.consoleStart = walk(CONSOLE_HTML, false);
      reach.signIn = walk(SIGN_IN_PAGE, false);
      reach.customerAll = walk(CUSTOMER_HTML, true);
      reach.consoleAll = walk(CONSOLE_HTML, true);
    },
    // bench/bundle.ts proves from this map that neither app's chunks hold the other's modules.
    generateBundle(_options, bundle) {
      if (!reach.consoleAll.size) return;
      const root = process.cwd();
      const modules = Object.fromEntries(
        Object.values(bundle)
          .filter((output) => output.type === 'chunk')
          .map((chunk) => [
            chunk.fileName,
            chunk.moduleIds.map((id) => path.relative(root, id).split(path.sep).join('/')),
          ]),
      );
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(modules, null, 1) });
    },
  };
}

/** `console-…` for the files only the console loads, so the precache and a reader can tell them apart. */
const consoleNamed =
  (pattern: string) =>
  (chunk: { moduleIds: string[] }): string =>
    chunk.moduleIds.length > 0 && chunk.moduleIds.every(consoleOnly)
      ? `assets/console-${pattern}`
      : `assets/${pattern}`;

/**
 * The boot script: app/boot/boot.ts compiled into one small classic script, first in <body>. It
 * blocks parsing for the moment it runs and paints the last Home screen right there, so that
 * screen is in the very first frame (a module runs only after parsing).
 * It also starts the downloads of the first screen: the entry's modules, and for a visitor who
 * is not signed in the login page and the English catalog. Those lists travel in data attributes
 * of its tag; Vite's own modulepreload links are left out of the HTML, since two dozen module
 * compilations during parsing would hold back that first frame.
 */
function bootScript(loginModules: string[]): Plugin {
  const fileName = 'boot.js';
  const compile = async () => {
    const result = await bundle({ input: 'app/boot/boot.ts', write: false, output: { format: 'iife', minify: true } });
    return result.output[0].code;
  };
  return {
    name: 'boot-script',
    configureServer(server) {
      server.middlewares.use(`/${fileName}`, (_request, response) => {
        void compile().then((code) => {
          response.setHeader('content-type', 'text/javascript');
          response.end(code);
        });
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: await compile() });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        // The customer's document only: the console has no boot script and no snapshot to paint.
        if (path.resolve(context.filename) !== CUSTOMER_HTML) return html;
        const chunks = Object.values(context.bundle ?? {}).filter((output) => output.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const withImports = (roots: string[]) => {
          const files = new Set<string>();
          const visit = (fileName: string) => {
            if (files.has(fileName)) return;
            files.add(fileName);
            for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
          };
          roots.forEach(visit);
          return files;
        };
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === CUSTOMER_HTML);
        const app = entry ? [...withImports(entry.imports)] : [];
        const loginRoots = loginModules.flatMap((module) =>
          chunks.filter((chunk) => chunk.facadeModuleId?.endsWith(module)).map((chunk) => chunk.fileName),
        );
        const login = [...withImports(loginRoots)].filter((file) => file !== entry?.fileName && !app.includes(file));
        const list = (files: string[]) => files.map((file) => `/${file}`).join(' ');
        return [
          {
            tag: 'script',
            attrs: { src: `/${fileName}`, 'data-app': list(app), 'data-login': list(login) },
            injectTo: 'body-prepend' as const,
          },
        ];
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui({ failOnMissing: command === 'build', failOnCompileError: true }),
    rootManifest(),
    entryReach(),
    bootScript(['app/pages/login/login.tsx', 'messages/en.po']),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The console is never cached for offline use: its document and its own files stay out.
        globIgnores: ['.vite/**', '**/*.br', '**/*.gz', 'console/**', 'assets/console-*'],
      },
    }),
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: { index: CUSTOMER_HTML, console: CONSOLE_HTML },
      output: {
        entryFileNames: consoleNamed('[name]-[hash].js'),
        chunkFileNames: consoleNamed('[name]-[hash].js'),
        assetFileNames: (asset) =>
          asset.originalFileNames.length > 0 && asset.originalFileNames.every((file) => consoleOnly(path.resolve(file)))
            ? 'assets/console-[name]-[hash][extname]'
            : 'assets/[name]-[hash][extname]',
        // Everything the customer entry imports statically goes into one chunk, `start`: two dozen
        // small shared chunks cost their own gzip overhead and requests on every start. What the
        // console's start needs too (React, Lingui, jotai, wouter, ky, contract/) goes first into
        // `shared`, so the console runs no customer module and the customer none of the console's.
        // What the sign-in page needs beyond `start` that only the customer's screens share (the
        // form, its checks, the guarded button, the sign-in calls) is one chunk, `sign-in`, rather
        // than five small ones that each cost their own gzip overhead on the first screen.
        // The console's own modules fall to the default chunking: its entry chunk and lazy catalogs.
        codeSplitting: {
          groups: [
            {
              name: 'shared',
              priority: 2,
              test: (id) => reach.customerStart.has(id) && reach.consoleStart.has(id) && !isDocument(id),
            },
            {
              name: 'start',
              priority: 1,
              test: (id) =>
                reach.customerStart.has(id) && !reach.consoleStart.has(id) && !/(\/app\/main\.tsx|\.html)$/.test(id),
            },
            {
              name: 'sign-in',
              priority: 1,
              test: (id) =>
                reach.signIn.has(id) &&
                id !== SIGN_IN_PAGE &&
                !reach.customerStart.has(id) &&
                !reach.consoleAll.has(id) &&
                !id.includes('/node_modules/'),
            },
          ],
        },
      },
    },
    // The boot script preloads the entry's modules itself (see bootScript); lazy pages keep theirs.
    // The console's document has no boot script: it keeps Vite's preload links.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'html' && path.resolve(hostId) === CUSTOMER_HTML ? [] : deps,
    },
    // bench/bundle.ts reads it to measure what each route loads first.
    manifest: true,
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      // The console's first, and with this page's Host kept: the server refuses a console call or
      // socket whose Origin is another site, and the '/api' shorthand below rewrites Host.
      '/api/console/live': { target: apiServer.replace(/^http/, 'ws'), ws: true, changeOrigin: false },
      '/api/console': { target: apiServer, changeOrigin: false },
      '/api': apiServer,
      '/uploads': apiServer,
      '/ws1': { target: apiServer.replace(/^http/, 'ws'), ws: true },
    },
  },
}));
