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
      handler(_html, context) {
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
        const entry = chunks.find((chunk) => chunk.isEntry);
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
    bootScript(['app/pages/login/login.tsx', 'messages/en.po']),
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
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    // Everything the entry imports statically goes into one chunk: two dozen small shared chunks
    // cost their own gzip overhead and requests on every start.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'start', tags: ['$initial'], test: (id) => !/(\/app\/main\.tsx|index\.html)$/.test(id) }],
        },
      },
    },
    // The boot script preloads the entry's modules itself (see bootScript); lazy pages keep theirs.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
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
