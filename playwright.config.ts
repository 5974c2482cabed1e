import { defineConfig, devices } from '@playwright/test';

// E2E_PORT and WEB_DIST let several suites run side by side.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Browser tests run against the built app served by the real server on a throwaway PGlite database. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `tsx e2e/serve.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // A graceful stop lets the server stop its database process and remove the run's data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: { PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: process.env.WEB_DIST ?? 'dist/web' },
  },
});
