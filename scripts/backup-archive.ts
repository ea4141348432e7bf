// The archive behind `npm run backup` and `npm run restore`: one .tar.gz with the database
// (a PGlite data directory dump, or a pg_dump custom-format file) and every stored upload,
// plus a manifest with the row count of each table and the SHA-256 of each file, which the
// restore checks. See docs/decisions/030-backup-archive.md.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import type { Config } from '../app/platform/config.server'
import { acquireDataDirLock } from '../app/platform/data-dir-lock.server'
import { openDatabase, queryRows, type Database } from '../app/platform/db.server'
import { databaseTargetFor as targetOf, fileStorageFor } from '../app/platform/runtime.server'
import type { FileStorage } from '../app/platform/storage/file-storage.server'

const run = promisify(execFile)

/** The configured database: a PGlite directory or a PostgreSQL server. */
function databaseTargetFor(config: Config) {
  const target = targetOf(config)
  if (target.kind === 'pglite-memory') throw new Error('An in-memory database has no backup.')
  return target
}

export interface BackupManifest {
  format: 'language-services-backup'
  version: 1
  createdAt: string
  database: 'pglite' | 'postgres'
  /** Rows per table, schema-qualified (`public.users`). */
  rowCounts: Record<string, number>
  /** Storage key → SHA-256 and size of every stored upload. */
  files: Record<string, { sha256: string; size: number }>
}

const MANIFEST = 'manifest.json'
const PGLITE_DUMP = 'database/pgdata.tar.gz'
const PG_DUMP = 'database/postgres.dump'
const UPLOADS = 'uploads'

/** Rows in every table of the app's schemas (public and drizzle's migration journal). */
export async function countRows(db: Database): Promise<Record<string, number>> {
  const tables = await queryRows<{ schema: string; name: string }>(
    db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
        order by 1, 2`,
  )
  const counts: Record<string, number> = {}
  for (const table of tables) {
    const [row] = await queryRows<{ count: number | string }>(
      db,
      sql.raw(`select count(*) as count from "${table.schema}"."${table.name}"`),
    )
    counts[`${table.schema}.${table.name}`] = Number(row?.count ?? 0)
  }
  return counts
}

async function readObject(storage: FileStorage, key: string): Promise<Buffer> {
  const stream = await storage.get(key)
  if (!stream) throw new Error(`The stored file ${key} disappeared during the backup.`)
  const chunks: Uint8Array[] = []
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * Writes the archive. On the embedded database the server must be stopped (its lock file
 * says so); on PostgreSQL pg_dump takes a consistent snapshot while the site runs.
 */
export async function createBackup(config: Config, archive: string): Promise<BackupManifest> {
  const staging = mkdtempSync(path.join(os.tmpdir(), 'backup-'))
  const storage = await fileStorageFor(config)
  try {
    mkdirSync(path.join(staging, 'database'))
    const target = databaseTargetFor(config)
    let rowCounts: Record<string, number>
    if (target.kind === 'pglite') {
      // Opening takes the data directory's lock: a running server makes this fail clearly.
      const handle = await openDatabase(target)
      try {
        rowCounts = await countRows(handle.db)
        const dump = await handle.dumpDataDir!()
        await writeFile(path.join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()))
      } finally {
        await handle.close()
      }
    } else {
      const handle = await openDatabase(target)
      try {
        rowCounts = await countRows(handle.db)
      } finally {
        await handle.close()
      }
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(staging, PG_DUMP)}`,
        `--dbname=${target.url}`,
      ]).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT')
          throw new Error('pg_dump was not found: install the PostgreSQL client tools.')
        throw error
      })
    }

    const files: BackupManifest['files'] = {}
    for await (const object of storage.list('')) {
      // Half-written temporary files are not uploads.
      if (object.key.endsWith('.partial')) continue
      const bytes = await readObject(storage, object.key)
      const file = path.join(staging, UPLOADS, ...object.key.split('/'))
      mkdirSync(path.dirname(file), { recursive: true })
      await writeFile(file, bytes)
      files[object.key] = { sha256: sha256(bytes), size: bytes.length }
    }

    const manifest: BackupManifest = {
      format: 'language-services-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: target.kind === 'pglite' ? 'pglite' : 'postgres',
      rowCounts,
      files,
    }
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2))
    mkdirSync(path.dirname(path.resolve(archive)), { recursive: true })
    await run('tar', ['-czf', path.resolve(archive), '-C', staging, '.'])
    return manifest
  } finally {
    storage.close?.()
    rmSync(staging, { recursive: true, force: true })
  }
}

export class RestoreError extends Error {
  override name = 'RestoreError'
}

/**
 * Brings an archive back into an empty installation: an empty DATA_DIR (or a PostgreSQL
 * database without tables) and empty file storage. Refuses to overwrite anything, then
 * checks row counts and checksums against the manifest.
 */
export async function restoreBackup(config: Config, archive: string): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new RestoreError(`No such archive: ${archive}`)
  const staging = mkdtempSync(path.join(os.tmpdir(), 'restore-'))
  const storage = await fileStorageFor(config)
  try {
    await run('tar', ['-xzf', path.resolve(archive), '-C', staging])
    const manifest = JSON.parse(
      await readFile(path.join(staging, MANIFEST), 'utf8'),
    ) as BackupManifest
    if (manifest.format !== 'language-services-backup' || manifest.version !== 1)
      throw new RestoreError('This is not a backup made by `npm run backup`.')

    for await (const object of storage.list('')) {
      throw new RestoreError(
        `The file storage (${storage.describe}) is not empty (${object.key}); restore into an empty one.`,
      )
    }

    const target = databaseTargetFor(config)
    if (target.kind === 'pglite') {
      if (manifest.database !== 'pglite')
        throw new RestoreError(
          'The archive holds a PostgreSQL dump: set DATABASE_URL to restore it.',
        )
      const pgdata = path.join(config.dataDir, 'pgdata')
      if (existsSync(pgdata) && readdirSync(pgdata).length > 0)
        throw new RestoreError(
          `${pgdata} already holds a database; restore into an empty DATA_DIR.`,
        )
      mkdirSync(config.dataDir, { recursive: true })
      const release = acquireDataDirLock(config.dataDir)
      try {
        const dump = await readFile(path.join(staging, PGLITE_DUMP))
        const client = await PGlite.create(pgdata, {
          extensions: { citext, pg_trgm },
          loadDataDir: new Blob([new Uint8Array(dump)]),
        })
        await client.close()
      } finally {
        release()
      }
    } else {
      if (manifest.database !== 'postgres')
        throw new RestoreError(
          'The archive holds an embedded database: unset DATABASE_URL to restore it.',
        )
      const probe = await pgTableCount(target.url)
      if (probe > 0)
        throw new RestoreError('The PostgreSQL database is not empty; restore into a new one.')
      await run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${target.url}`,
        path.join(staging, PG_DUMP),
      ])
    }

    for (const [key, expected] of Object.entries(manifest.files)) {
      const bytes = await readFile(path.join(staging, UPLOADS, ...key.split('/')))
      if (sha256(bytes) !== expected.sha256)
        throw new RestoreError(`The archive's copy of ${key} is damaged.`)
      await storage.put(key, bytes, { contentType: contentTypeOf(key) })
    }

    // Check what is now in place against the manifest.
    const handle = await openDatabase(target)
    try {
      const counts = await countRows(handle.db)
      for (const [table, count] of Object.entries(manifest.rowCounts))
        if (counts[table] !== count)
          throw new RestoreError(`${table}: ${counts[table]} rows restored, ${count} expected.`)
    } finally {
      await handle.close()
    }
    for (const [key, expected] of Object.entries(manifest.files)) {
      const bytes = await readObject(storage, key)
      if (sha256(bytes) !== expected.sha256)
        throw new RestoreError(`${key} does not match its checksum after the restore.`)
    }
    return manifest
  } finally {
    storage.close?.()
    rmSync(staging, { recursive: true, force: true })
  }
}

const contentTypes: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

function contentTypeOf(key: string): string {
  return contentTypes[key.split('.').pop() ?? ''] ?? 'application/octet-stream'
}

async function pgTableCount(url: string): Promise<number> {
  const pg = (await import('pg')).default
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const result = await client.query<{ count: string }>(
      "select count(*) as count from information_schema.tables where table_schema in ('public', 'drizzle')",
    )
    return Number(result.rows[0]?.count ?? 0)
  } finally {
    await client.end()
  }
}
