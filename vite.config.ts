import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineConfig, type Alias, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiServer = process.env.API_URL ?? 'http://127.0.0.1:8080';
// index.html shows the name before any script runs; app/lib/config.ts has the same default.
process.env.VITE_APP_NAME ||= 'USDT Wallet';

/**
 * The app is written against React's API and types, and runs on Preact's compatibility layer: a
 * tenth of React DOM's weight, which is what lets a phone reopen the app offline to its balance
 * within a second (see README → Budgets). Vitest uses the same mapping.
 */
export const reactOnPreact: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

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
 * A fresh visitor lands on login in English: its page and catalog are fetched alongside the main
 * script instead of after it. (Returning visitors load everything from the service worker.)
 */
function preloadFirstScreen(modules: string[]): Plugin {
  return {
    name: 'preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle ?? {};
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((candidate) => candidate.fileName === fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        for (const module of modules) {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(module));
          if (chunk) visit(chunk.fileName);
        }
        const entry = chunks.find((candidate) => candidate.isEntry);
        const alreadyLoaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        return [...files]
          .filter((file) => !alreadyLoaded.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui({ failOnMissing: command === 'build', failOnCompileError: true }),
    rootManifest(),
    preloadFirstScreen(['app/pages/login/login.tsx', 'messages/en.po']),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['.vite/**', '**/*.br', '**/*.gz'],
      },
    }),
    precompress(),
  ],
  resolve: { alias: reactOnPreact },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    // bench/bundle.ts reads it to measure what each route loads first.
    manifest: true,
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': apiServer,
      '/uploads': apiServer,
      '/ws1': { target: apiServer.replace(/^http/, 'ws'), ws: true },
    },
  },
}));
