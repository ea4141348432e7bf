import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

// The system Chromium (Debian's packages): Playwright's own browser download does not work
// on this network. Chromium's headless shell (package chromium-headless-shell) when it is
// installed: the same Blink and V8 without the browser's user interface, which is what
// Playwright itself runs headless tests in. On the 2-core machine it runs the suite about a
// fifth faster and starts a test's page in half the time (docs/benchmarks.md). Otherwise the
// full browser. CHROME_PATH overrides either.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const executablePath =
  process.env.CHROME_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Each worker runs its own server and database (tests/e2e/fixtures.ts), so workers share
  // nothing. A worker waits part of the time (for a page, the server, a mail); on two cores
  // two workers alone left 17% of the machine idle, three left 6% and ran the suite a tenth
  // faster (docs/benchmarks.md).
  workers: 3,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // Generous: on a slower two-core machine with three workers, a test that takes 40 s alone
  // took over a minute in the full run. The tests that set their own time allow twice what
  // they need alone, for the same reason.
  timeout: 120_000,
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
        // On-demand calls (tests/e2e/connect-now.spec.ts): the camera and microphone are
        // Chromium's test pattern and tone, allowed without a prompt.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
    // A trace records every action's snapshot and a screencast, kept or not: a tenth of the
    // suite's time. A failure still leaves its screenshot and page snapshot; to get a trace,
    // run the failing test with `npx playwright test --trace retain-on-failure <file>`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
})
