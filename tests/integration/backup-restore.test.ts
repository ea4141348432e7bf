import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseTarget } from '../../app/platform/db.server'
import { projectPath } from '../../app/platform/project-path.server'
import { countRows } from '../../scripts/backup-archive'
import { distinctClient, submitApplication, submitContact } from '../support/http-client'
import {
  createPostgresTestDatabase,
  postgresAdminUrl,
  postgresAvailable,
  type TestDatabase,
} from '../support/postgres-database'
import { startServerProcess, waitUntilReady } from '../support/server-process'

const run = promisify(execFile)
const hasPostgres = await postgresAvailable()

const dirs: string[] = []
function tempDir(name: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `backup-${name}-`))
  dirs.push(dir)
  return dir
}
const databases: TestDatabase[] = []
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  for (const database of databases) await database.drop()
})

/** Runs `npm run backup` / `npm run restore` (their tsx scripts) with this environment. */
function npmScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return run(projectPath('node_modules/.bin/tsx'), [`scripts/${script}.ts`, ...args], {
    cwd: projectPath(),
    env: {
      PATH: process.env.PATH ?? '',
      SESSION_SECRET: 'backup-test-secret-that-is-long-enough',
      ...env,
    },
    timeout: 120_000,
  })
}

/** Storage key → SHA-256 of every file under DATA_DIR/uploads. */
function uploadChecksums(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'uploads')
  if (!existsSync(root)) return {}
  const sums: Record<string, string> = {}
  for (const entry of readdirSync(root, { recursive: true }).map(String).sort()) {
    const file = path.join(root, entry)
    if (!statSync(file).isFile()) continue
    sums[entry.split(path.sep).join('/')] = createHash('sha256')
      .update(readFileSync(file))
      .digest('hex')
  }
  return sums
}

async function rowCountsOf(target: DatabaseTarget) {
  const handle = await openDatabase(target)
  try {
    return await countRows(handle.db)
  } finally {
    await handle.close()
  }
}

/** Some applications with resumes and some contact requests, through the real server. */
async function addData(env: Record<string, string>) {
  const server = await startServerProcess({ ...env, TRUST_PROXY: 'true' })
  try {
    await waitUntilReady(server)
    for (let i = 0; i < 3; i++) {
      const sent = await submitApplication(server.url, `backup-${i}@example.org`, {
        headers: distinctClient(),
      })
      expect(sent.confirmed).toBe(true)
      expect((await submitContact(server.url, `Backup Visitor ${i}`)).status).toBe(200)
    }
  } finally {
    expect(await server.stop()).toBe(0)
  }
}

describe('npm run backup and npm run restore', () => {
  it('restore the embedded database and the uploads into an empty data directory', async () => {
    const source = tempDir('source')
    await addData({ DATA_DIR: source })
    const archive = path.join(tempDir('archive'), 'backup.tar.gz')
    const backup = await npmScript('backup', ['--output', archive], { DATA_DIR: source })
    expect(backup.stdout).toContain('Backup written to')

    const restored = path.join(tempDir('restored'), 'data')
    const restore = await npmScript('restore', [archive], { DATA_DIR: restored })
    expect(restore.stdout).toContain('all checked against the manifest')

    const before = await rowCountsOf({ kind: 'pglite', dataDir: source })
    const after = await rowCountsOf({ kind: 'pglite', dataDir: restored })
    expect(after).toEqual(before)
    expect(before['public.interpreter_applications']).toBe(3)
    expect(before['public.leads']).toBe(3)
    const sums = uploadChecksums(source)
    expect(Object.keys(sums)).toHaveLength(3)
    expect(uploadChecksums(restored)).toEqual(sums)

    // Never over an existing installation.
    await expect(npmScript('restore', [archive], { DATA_DIR: restored })).rejects.toMatchObject({
      stderr: expect.stringMatching(/is not empty|already holds a database/),
    })
    // And the restored site runs.
    const server = await startServerProcess({ DATA_DIR: restored })
    try {
      await waitUntilReady(server)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  }, 180_000)

  it.skipIf(!hasPostgres)(
    'restore a PostgreSQL database (pg_dump) and the uploads into an empty database',
    async () => {
      const source = await createPostgresTestDatabase(postgresAdminUrl())
      const empty = await createPostgresTestDatabase(postgresAdminUrl())
      databases.push(source, empty)
      if (source.target.kind !== 'postgres' || empty.target.kind !== 'postgres')
        throw new Error('expected PostgreSQL')
      const sourceDir = tempDir('pg-source')
      await addData({ DATA_DIR: sourceDir, DATABASE_URL: source.target.url })
      const archive = path.join(tempDir('pg-archive'), 'backup.tar.gz')
      await npmScript('backup', ['--output', archive], {
        DATA_DIR: sourceDir,
        DATABASE_URL: source.target.url,
      })
      const restoredDir = tempDir('pg-restored')
      const restore = await npmScript('restore', [archive], {
        DATA_DIR: restoredDir,
        DATABASE_URL: empty.target.url,
      })
      expect(restore.stdout).toContain('all checked against the manifest')
      expect(await rowCountsOf(empty.target)).toEqual(await rowCountsOf(source.target))
      expect(uploadChecksums(restoredDir)).toEqual(uploadChecksums(sourceDir))
    },
    180_000,
  )
})
