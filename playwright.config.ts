import { defineConfig, devices } from '@playwright/test'

// The system Chromium (Debian's package): Playwright's own browser download does not work
// on this network. CHROME_PATH overrides the location.
const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium'

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Each worker runs its own server and database; two cores fit one worker best.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
