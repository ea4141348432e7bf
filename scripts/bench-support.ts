// A fresh database and runtime for the benchmark scripts that run the app in their own
// process (their report goes through bench-report.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startApp } from '../app/boot/start.server'
import { loadConfig } from '../app/platform/config.server'
import type { DatabaseTarget } from '../app/platform/db.server'
import { createPostgresTestDatabase } from '../tests/support/postgres-database'

/**
 * Starts the app's runtime, without its background workers, on a new embedded database
 * (or a new PostgreSQL database with `postgres`); `env` adds to the configuration.
 * `dispose` stops it and deletes the database and its folder.
 */
export async function startBenchRuntime(
  name: string,
  options: { postgres: boolean; env?: Record<string, string> },
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${name}-`))
  const postgres = options.postgres ? await createPostgresTestDatabase() : undefined
  const target: DatabaseTarget = postgres?.target ?? { kind: 'pglite', dataDir }
  const runtime = await startApp({
    config: loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'benchmark-session-secret-long-enough',
      ...options.env,
    }),
    database: target,
    startWorkers: false,
    announceSetup: false,
  })
  return {
    runtime,
    dataDir,
    async dispose() {
      await runtime.stop()
      await postgres?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
