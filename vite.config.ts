import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui({ failOnMissing: command === 'build', failOnCompileError: true }),
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
