import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls, callSignals, organizations } from '../../db/schema'
import type { CallEvent, CallTopic } from '../../app/platform/calls/call-bus.server'
import {
  CALL_BUS_CHANNEL,
  PostgresCallBus,
} from '../../app/platform/calls/postgres-call-bus.server'
import { openDatabase, type DatabaseHandle } from '../../app/platform/db.server'
import { createLogger } from '../../app/platform/logger.server'
import { loadConfig } from '../../app/platform/config.server'
import {
  createPostgresTestDatabase,
  postgresAdminUrl,
  postgresAvailable,
  type TestDatabase,
} from '../support/postgres-database'

// The bus exists for PostgreSQL: without a server to talk to there is nothing to test
// (every machine this project runs on has one: docs/deploy.md).
const hasPostgres = await postgresAvailable()

/** Resolves when `count` events reached the list, or fails after two seconds. */
async function received(events: CallEvent[], count: number): Promise<CallEvent[]> {
  const deadline = Date.now() + 2_000
  while (events.length < count && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10))
  return events
}

/**
 * The call bus of several instances (app/platform/calls/postgres-call-bus.server.ts): two buses
 * on one database stand for two instances.
 */
describe.skipIf(!hasPostgres)('the PostgreSQL call bus', () => {
  let database: TestDatabase
  let handle: DatabaseHandle
  let a: PostgresCallBus
  let b: PostgresCallBus
  let url: string
  let callId: string
  const logger = createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }))

  beforeAll(async () => {
    database = await createPostgresTestDatabase(postgresAdminUrl())
    if (database.target.kind !== 'postgres') throw new Error('expected PostgreSQL')
    url = database.target.url
    handle = await openDatabase(database.target)
    const [organization] = await handle.db
      .insert(organizations)
      .values({ name: 'Bus Clinic' })
      .returning()
    const [call] = await handle.db
      .insert(calls)
      .values({
        organizationId: organization!.id,
        language: 'Spanish',
        media: 'video',
        setting: 'medical',
        startedAt: new Date(),
      })
      .returning()
    callId = call!.id
    ;[a, b] = await Promise.all([
      PostgresCallBus.connect(url, logger),
      PostgresCallBus.connect(url, logger),
    ])
  })

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
    await handle?.close()
    await database?.drop()
  })

  it('delivers an event published on one instance to the listeners of the other, once', async () => {
    const onA: CallEvent[] = []
    const onB: CallEvent[] = []
    const topic: CallTopic = `call:${callId}`
    const stopA = a.subscribe(topic, (event) => onA.push(event))
    const stopB = b.subscribe(topic, (event) => onB.push(event))
    await a.publish(topic, { type: 'call-changed', callId })
    expect(await received(onB, 1)).toEqual([{ type: 'call-changed', callId }])
    expect(await received(onA, 1)).toEqual([{ type: 'call-changed', callId }])
    // Its own notification does not reach the publisher a second time.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(onA).toHaveLength(1)
    expect(onB).toHaveLength(1)
    stopA()
    stopB()
  })

  it('relays a call’s WebRTC messages in the order sent, through rows the notices only name', async () => {
    const topic: CallTopic = `call:${callId}`
    const onB: CallEvent[] = []
    const stop = b.subscribe(topic, (event) => onB.push(event))
    // What the other instance's notifications carry, heard on a connection of the test's own.
    const spy = new pg.Client({ connectionString: url })
    await spy.connect()
    const notices: string[] = []
    spy.on('notification', (message) => notices.push(message.payload ?? ''))
    await spy.query(`listen ${CALL_BUS_CHANNEL}`)

    const offer = { type: 'offer', sdp: `v=0\r\nc=IN IP4 192.0.2.10\r\n${'a=x\r\n'.repeat(2_000)}` }
    const candidates = Array.from({ length: 20 }, (_, index) => ({
      candidate: `candidate:${index} 1 udp 2122260223 192.0.2.10 ${50_000 + index} typ host`,
    }))
    await a.publish(topic, { type: 'signal', callId, from: 'client', data: offer })
    for (const candidate of candidates)
      await a.publish(topic, { type: 'signal', callId, from: 'client', data: candidate })
    // A guest's message names its addressee, and keeps the name across instances.
    await a.publish(topic, {
      type: 'signal',
      callId,
      from: 'guest',
      to: 'interpreter',
      data: offer,
    })

    const events = await received(onB, 22)
    expect(events).toEqual([
      { type: 'signal', callId, from: 'client', data: offer },
      ...candidates.map((data) => ({ type: 'signal', callId, from: 'client', data })),
      { type: 'signal', callId, from: 'guest', to: 'interpreter', data: offer },
    ])
    // An offer of 10 kB is more than a notification may carry: the notices hold ids only.
    await received(notices as unknown as CallEvent[], 22)
    expect(notices).toHaveLength(22)
    for (const notice of notices) {
      expect(notice).not.toContain('192.0.2.10')
      expect(Object.keys(JSON.parse(notice) as object).sort()).toEqual(
        ['callId', 'from', 'signalId', 'topic', 'type'].sort(),
      )
    }
    expect(await handle.db.$count(callSignals)).toBe(22)
    await spy.end()
    stop()
  })

  it('passes an interpreter’s ring change to the instance serving their page, and nothing to others', async () => {
    const ana: CallEvent[] = []
    const ben: CallEvent[] = []
    const stopAna = b.subscribe('interpreter:ana', (event) => ana.push(event))
    const stopBen = a.subscribe('interpreter:ben', (event) => ben.push(event))
    await a.publish('interpreter:ana', { type: 'rings-changed' })
    expect(await received(ana, 1)).toEqual([{ type: 'rings-changed' }])
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(ben).toEqual([])
    stopAna()
    stopBen()
  })
})
