// What the benchmark scripts that run the app in their own process share: a fresh database
// and runtime, and a dated section appended to docs/benchmarks.md with the machine it ran on.
import { execFileSync } from 'node:child_process'
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs'
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

/**
 * Appends a dated section to docs/benchmarks.md. `describe` gets the machine and the load
 * average to mention (other work on the machine, other sessions or CI, shows in the load).
 */
export function appendBenchmarkSection(
  heading: string,
  describe: (machine: { machine: string; load: string }) => string,
) {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU'
  const machine = `${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`
  const date = new Date().toISOString().replace('T', ' ').slice(0, 16)
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(', ')
  appendFileSync(
    'docs/benchmarks.md',
    `\n## ${date} UTC, ${heading}\n\n${describe({ machine, load })}`,
  )
  // Keep the file as Prettier (and `npm run lint`) wants it.
  execFileSync('npx', ['prettier', '--write', 'docs/benchmarks.md'], { stdio: 'ignore' })
}
