import { defineConfig } from 'vitest/config';

// The API suite runs on embedded PGlite always, and again on real PostgreSQL when TEST_DATABASE_URL is set.
const api = (name: string, db: string) => ({
  test: {
    name,
    root: './apps/api',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { FM_TEST_DB: db },
  },
});

export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/web',
      api('api', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [api('api-pg', 'postgres')] : []),
    ],
  },
});
