import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterEach, expect } from 'vitest'
import { projectPath } from '../../app/platform/project-path.server'

/**
 * Databases that stand at an earlier migration, filled with rows as they were then, to see
 * what a migration does to them. Each migrates a new in-memory database from the first
 * migration: several seconds, so a test using one needs a long timeout.
 */

const migrationsFolder = projectPath('db/migrations')
const journalFile = (folder: string) => path.join(folder, 'meta', '_journal.json')
const folders: string[] = []

function journalTags(folder: string): string[] {
  const journal = JSON.parse(readFileSync(journalFile(folder), 'utf8')) as {
    entries: { tag: string }[]
  }
  return journal.entries.map((entry) => entry.tag)
}

/** The tag of the migration applied just before `tag` (whatever number others took meanwhile). */
export function migrationBefore(tag: string): string {
  const tags = journalTags(migrationsFolder)
  const index = tags.indexOf(tag)
  expect(index).toBeGreaterThan(0)
  return tags[index - 1]!
}

/** The migrations folder as it stood after `lastTag`, copied to a temporary folder. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
  folders.push(folder)
  cpSync(migrationsFolder, folder, { recursive: true })
  const journal = JSON.parse(readFileSync(journalFile(folder), 'utf8')) as {
    entries: { tag: string }[]
  }
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag)
  expect(last).toBeGreaterThanOrEqual(0)
  journal.entries = journal.entries.slice(0, last + 1)
  writeFileSync(journalFile(folder), JSON.stringify(journal))
  return folder
}

/** An in-memory database migrated up to `lastTag`, and a way to apply the rest. */
export async function databaseAt(lastTag: string) {
  const client = await PGlite.create({ extensions: { citext, pg_trgm } })
  const db = drizzle(client)
  await migrate(db, { migrationsFolder: migrationsUpTo(lastTag) })
  return {
    client,
    rows: async <Row>(query: string) => (await client.query<Row>(query)).rows,
    migrateToLatest: () => migrate(db, { migrationsFolder }),
  }
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})
