import { defineConfig } from '@playwright/test';

/**
 * End-to-end flows in Debian's Chromium against the built app served by the API
 * (global-setup starts it on a free port with a fresh database). Run: npm run e2e -w apps/web
 */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  globalSetup: './global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // FM_E2E_OUTPUT keeps a run's artifacts apart when several runs share this machine.
  outputDir: process.env.FM_E2E_OUTPUT ?? '../test-results',
  use: {
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    // the app then switches antd's animations off: a loaded CI machine once left a closing dropdown and a closing
    // modal half-animated for more than 10 s
    reducedMotion: 'reduce',
    viewport: { width: 1366, height: 850 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
});
