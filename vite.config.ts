import fs from 'node:fs';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiServer = process.env.API_URL ?? 'http://127.0.0.1:8080';

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

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui({ failOnMissing: command === 'build', failOnCompileError: true }),
    rootManifest(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['.vite/**'],
      },
    }),
  ],
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
