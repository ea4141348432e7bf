import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * The files that start server processes, worker threads or child processes and spend most of
 * their time waiting for them (to start, to be killed, to time out). `npm test` runs them in
 * their own project beside the Playwright tests, where their waiting costs nothing
 * (scripts/test.mjs).
 */
const processTestFiles = [
  'app/platform/pglite-worker-client.server.test.ts',
  'tests/integration/attacks.test.ts',
  'tests/integration/backup-restore.test.ts',
  'tests/integration/database-faults.test.ts',
  'tests/integration/faults.test.ts',
  'tests/integration/launcher-signals.test.ts',
  'tests/integration/portal-limits.test.ts',
  'tests/integration/scale-out.test.ts',
  'tests/integration/server-process.test.ts',
  'tests/integration/uploads.test.ts',
]

export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  test: {
    globalSetup: ['tests/support/vitest-global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    // Two cores: more workers only fight over them (each may hold an embedded database).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'in-process',
          include: [
            'app/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'tests/integration/**/*.test.ts',
          ],
          exclude: processTestFiles,
        },
      },
      { extends: true, test: { name: 'processes', include: processTestFiles } },
    ],
  },
})
