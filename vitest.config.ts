import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '@content': fileURLToPath(new URL('./content', import.meta.url)),
    },
  },
  test: {
    include: ['{app,content,server,scripts,tests}/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    // Every JSON answer of a route declared with route() is checked against its schema (decision 0094).
    env: { CHECK_RESPONSES: '1' },
    // 60 s: several tests walk every public route in three locales or seed the whole demo; on a loaded
    // two-core machine they took more than 30 s (a hang still fails, a minute later).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
