import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{contract,server,app,sw,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 15_000,
  },
});
