import { defineConfig } from 'vitest/config';
import { reactOnPreact } from './vite.config';

export default defineConfig({
  resolve: { alias: reactOnPreact },
  test: {
    include: ['{contract,server,app,sw,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 15_000,
  },
});
