import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import { createPostgresTestDatabase, type TestDatabase } from './postgres-database'

export type TestDatabaseKind = 'pglite' | 'postgres'

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (CI sets it). */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}

/** A fresh, empty database of the given kind, migrated when opened. */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dump = readFileSync(inject('pgliteDumpFile'))
    return {
      target: { kind: 'pglite-memory', loadDataDir: new Blob([dump]) },
      drop: async () => {},
    }
  }
  return createPostgresTestDatabase()
}
