import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { openDatabase } from '../../app/platform/db.server'
import { projectPath } from '../../app/platform/project-path.server'

/**
 * A migrated, empty embedded database as a tarball, cached under .tmp/ and rebuilt when
 * the migrations change.
 */
export async function createMigratedPgliteDump(): Promise<string> {
  const migrations = projectPath('db/migrations')
  const hash = createHash('sha256')
  for (const file of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    const full = path.join(migrations, file)
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(full))
  }
  const dir = projectPath('.tmp')
  mkdirSync(dir, { recursive: true })
  const dumpFile = path.join(dir, `pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`)
  if (existsSync(dumpFile)) return dumpFile
  const handle = await openDatabase({ kind: 'pglite-memory' })
  const blob = await handle.dumpDataDir!()
  writeFileSync(dumpFile, Buffer.from(await blob.arrayBuffer()))
  await handle.close()
  return dumpFile
}
