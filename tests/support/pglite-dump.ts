import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../../app/platform/db.server'
import { projectPath } from '../../app/platform/project-path.server'

/** A name for the migrations as they are now: what is cached under .tmp/ is rebuilt when they change. */
function migrationsHash(): string {
  const migrations = projectPath('db/migrations')
  const hash = createHash('sha256')
  for (const file of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    const full = path.join(migrations, file)
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(full))
  }
  return hash.digest('hex').slice(0, 16)
}

function cacheDir(): string {
  const dir = projectPath('.tmp')
  mkdirSync(dir, { recursive: true })
  return dir
}

/**
 * A migrated, empty embedded database as a tarball, cached under .tmp/ and rebuilt when
 * the migrations change.
 */
export async function createMigratedPgliteDump(): Promise<string> {
  const dumpFile = path.join(cacheDir(), `pglite-${migrationsHash()}.tar.gz`)
  if (existsSync(dumpFile)) return dumpFile
  const handle = await openDatabase({ kind: 'pglite-memory' })
  const blob = await handle.dumpDataDir!()
  writeFileSync(dumpFile, Buffer.from(await blob.arrayBuffer()))
  await handle.close()
  return dumpFile
}

/**
 * A migrated, empty embedded database directory (the server's DATA_DIR/pgdata), cached under
 * .tmp/. Built in a directory of its own and renamed into place, so that two test files
 * building it at once each end up with a whole one.
 */
async function migratedPgliteTemplate(): Promise<string> {
  const template = path.join(cacheDir(), `pgdata-${migrationsHash()}`)
  if (existsSync(template)) return template
  const building = mkdtempSync(path.join(cacheDir(), 'pgdata-building-'))
  const handle = await openDatabase({ kind: 'pglite', dataDir: building })
  await handle.close()
  try {
    renameSync(path.join(building, 'pgdata'), template)
  } catch (error) {
    if (!existsSync(template)) throw error
  } finally {
    rmSync(building, { recursive: true, force: true })
  }
  return template
}

/**
 * A new DATA_DIR whose embedded database is already initialised and migrated: a server
 * process started on it skips initdb and the migrations, which cost a few seconds of CPU
 * each. Tests of a first start on an empty DATA_DIR make their own directory.
 */
export async function newMigratedDataDir(prefix: string): Promise<string> {
  const template = await migratedPgliteTemplate()
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
  cpSync(template, path.join(dir, 'pgdata'), { recursive: true })
  return dir
}
