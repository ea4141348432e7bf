import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { afterEach, describe, expect, it } from 'vitest'
import { startPgliteWorker, type PgliteWorkerClient } from './pglite-worker-client.server'

const samples = pgTable('samples', {
  id: integer('id').primaryKey(),
  big: bigint('big', { mode: 'bigint' }),
  amount: numeric('amount', { precision: 10, scale: 2 }),
  at: timestamp('at', { withTimezone: true }),
  day: date('day'),
  data: jsonb('data'),
  flag: boolean('flag'),
  tags: text('tags').array(),
})
const createTable = sql`create table samples (id integer primary key, big bigint, amount numeric(10,2),
  at timestamptz, day date, data jsonb, flag boolean, tags text[])`
const row = {
  id: 1,
  big: 9_007_199_254_740_993n,
  amount: '12.50',
  at: new Date('2026-11-24T10:00:00.000Z'),
  day: '2026-11-24',
  data: { name: 'Zoë', nested: [1, 2] },
  flag: true,
  tags: ['a', 'ü'],
}

const opened: { close(): Promise<void> }[] = []
async function workerDatabase(loadDataDir?: Uint8Array) {
  const client = await startPgliteWorker({ loadDataDir })
  opened.push(client)
  return { client, db: drizzle(client as unknown as PGlite) }
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((client) => client.close()))
})

// Each case starts PGlite (a WebAssembly build) once or twice, a worker thread's copy
// compiling its own: seconds each on an idle machine, much longer on a loaded one.
describe('PGlite on its own thread', { timeout: 120_000 }, () => {
  it('answers Drizzle with the same values as PGlite in the process', async () => {
    const inProcess = await PGlite.create()
    opened.push(inProcess)
    const local = drizzle(inProcess)
    const { db } = await workerDatabase()
    for (const database of [local, db]) {
      await database.execute(createTable)
      await database.insert(samples).values(row)
    }
    const [fromWorker] = await db.select().from(samples)
    expect(fromWorker).toEqual(row)
    expect(fromWorker).toEqual((await local.select().from(samples))[0])
    const raw = sql`select id, at, day, amount from samples`
    expect((await db.execute(raw)).rows).toEqual((await local.execute(raw)).rows)
  })

  it('commits a transaction, rolls back a failed one and a failed savepoint', async () => {
    const { db } = await workerDatabase()
    await db.execute(createTable)
    await db.transaction(async (tx) => {
      await tx.insert(samples).values({ id: 1 })
      await tx
        .transaction(async (nested) => {
          await nested.insert(samples).values({ id: 2 })
          throw new Error('undo the savepoint')
        })
        .catch(() => {})
    })
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(samples).values({ id: 3 })
        throw new Error('undo it all')
      }),
    ).rejects.toThrow('undo it all')
    const ids = (await db.select({ id: samples.id }).from(samples)).map((sample) => sample.id)
    expect(ids).toEqual([1])
  })

  it("passes PostgreSQL's error fields back (code, constraint)", async () => {
    const { db } = await workerDatabase()
    await db.execute(createTable)
    await db.insert(samples).values({ id: 1 })
    const error = await db
      .insert(samples)
      .values({ id: 1 })
      .catch((caught: Error) => caught)
    expect(error).toBeInstanceOf(Error)
    const cause = (error as Error & { cause: { code: string; constraint: string } }).cause
    expect(cause.code).toBe('23505')
    expect(cause.constraint).toBe('samples_pkey')
  })

  it('keeps other queries waiting while a transaction is open', async () => {
    const { db } = await workerDatabase()
    await db.execute(createTable)
    let releaseTransaction = () => {}
    const held = new Promise<void>((resolve) => (releaseTransaction = resolve))
    let markBegun = () => {}
    const begun = new Promise<void>((resolve) => (markBegun = resolve))
    const transaction = db.transaction(async (tx) => {
      await tx.insert(samples).values({ id: 1 })
      markBegun()
      await held
      await tx.insert(samples).values({ id: 2 })
    })
    await begun
    const outside = db.select({ id: samples.id }).from(samples)
    releaseTransaction()
    await transaction
    expect((await outside).map((sample) => sample.id)).toEqual([1, 2])
  })

  it('dumps its data directory, which a new database loads', async () => {
    const { client, db } = await workerDatabase()
    await db.execute(createTable)
    await db.insert(samples).values({ id: 7 })
    const dump = await client.dumpDataDir('gzip')
    const copy = await workerDatabase(new Uint8Array(await dump.arrayBuffer()))
    expect(await copy.db.select({ id: samples.id }).from(samples)).toEqual([{ id: 7 }])
  })

  it('refuses queries once closed', async () => {
    const { client } = await workerDatabase()
    opened.pop()
    await client.close()
    await expect((client as PgliteWorkerClient).query('select 1')).rejects.toThrow(
      'database thread exited',
    )
  })
})
