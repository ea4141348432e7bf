import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { loadConfig } from '../../app/platform/config.server'
import type { Database } from '../../app/platform/db.server'
import type { MailTransport } from '../../app/platform/mail/transport.server'
import type { FileStorage } from '../../app/platform/storage/file-storage.server'
import { startApp } from '../../app/boot/start.server'
import type { Runtime } from '../../app/platform/runtime.server'
import { createTestDatabase, type TestDatabaseKind } from './test-database'

export interface TestRuntime {
  runtime: Runtime
  db: Database
  dataDir: string
  stop(): Promise<void>
}

/**
 * A runtime on a fresh database of the given kind, with its own DATA_DIR, quiet logs and
 * the mail worker's loop off (tests drive it with `runOnce`).
 */
export async function startTestRuntime(
  kind: TestDatabaseKind,
  options: {
    env?: Record<string, string>
    mailTransport?: MailTransport
    storage?: FileStorage
  } = {},
): Promise<TestRuntime> {
  const database = await createTestDatabase(kind)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'language-services-test-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-the-schema',
    ...options.env,
  })
  const runtime = await startApp({
    config,
    database: database.target,
    mailTransport: options.mailTransport,
    storage: options.storage,
    startWorkers: false,
    announceSetup: false,
  })
  return {
    runtime,
    db: runtime.database.db,
    dataDir,
    async stop() {
      await runtime.stop()
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The runtime of a `describe` block: started before its first test and stopped after its
 * last, on the block's database kind. Its fields can be read once the block's tests run.
 */
export function testRuntimeFor(
  kind: TestDatabaseKind,
  options: Parameters<typeof startTestRuntime>[1] = {},
): TestRuntime {
  let started: TestRuntime | undefined
  beforeAll(async () => {
    started = await startTestRuntime(kind, options)
  })
  afterAll(() => started?.stop())
  const current = () => {
    if (!started) throw new Error('The test runtime is read before its block started it.')
    return started
  }
  return {
    get runtime() {
      return current().runtime
    },
    get db() {
      return current().db
    },
    get dataDir() {
      return current().dataDir
    },
    stop: () => current().stop(),
  }
}
