import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    globalSetup: ['tests/support/vitest-global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    // Two cores: more workers only fight over them (each may hold an embedded database).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
