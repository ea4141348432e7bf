import { Writable } from 'node:stream'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { pinoHttp } from 'pino-http'
import { describe, expect, it } from 'vitest'
import { createLogger, serializeLoggedError } from './logger.server'

/** A logger writing to memory, and everything it wrote. */
function memoryLogger() {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  const logger = createLogger({ logLevel: 'info', env: 'production' }, destination)
  return { logger, text: () => lines.join('') }
}

/** A failed insert as Drizzle reports it on PostgreSQL: the values typed are in it twice. */
function failedInsert() {
  const cause = Object.assign(new Error('invalid input syntax for type uuid: "Quillon López"'), {
    code: '22P02',
    detail: 'Key (email)=(quillon@example.org) already exists.',
    where: "unnamed portal parameter $2 = 'Quillon López'",
    severity: 'ERROR',
    table: 'bookings',
  })
  return new DrizzleQueryError(
    'insert into "bookings" ("contact_name", "contact_phone") values ($1, $2)',
    ['Quillon López', '+1 512 555 0147'],
    cause,
  )
}

const personal = ['Quillon', 'López', '555 0147', 'quillon@example.org']

describe('the logger', () => {
  it('keeps a failed query’s parameters and PostgreSQL’s details out of every line', () => {
    const { logger, text } = memoryLogger()
    const error = failedInsert()
    logger.error({ err: error }, 'unhandled error in a loader or action')
    logger.error(error)
    logger.warn({ error, task: 'booking' }, 'under another key')
    logger.warn({ nested: { errors: [error] } }, 'inside an object')
    logger.error(`failed: ${error.message}`)
    const written = text()
    for (const value of personal) expect(written).not.toContain(value)
    expect(written).not.toContain('params:')
  })

  it('keeps what helps: the query, the kind of error, its code, table and frames', () => {
    const { logger, text } = memoryLogger()
    logger.error({ err: failedInsert() }, 'failed')
    const line = JSON.parse(text()) as {
      err: Record<string, unknown> & { cause: Record<string, unknown> }
    }
    expect(line.err.type).toBe('DrizzleQueryError')
    expect(line.err.message).toContain('insert into "bookings"')
    expect(line.err.message).toContain('[query parameters withheld]')
    expect(line.err.stack).toMatch(/\n\s+at /)
    expect(line.err.cause).toMatchObject({
      code: '22P02',
      table: 'bookings',
      message: 'invalid input syntax for type uuid: [redacted]',
    })
    expect(line.err).not.toHaveProperty('params')
    expect(line.err.cause).not.toHaveProperty('detail')
  })

  it('gives the access log’s own error serializer the same treatment', () => {
    const { logger, text } = memoryLogger()
    const access = pinoHttp({ logger, serializers: { err: serializeLoggedError } })
    const child = (access.logger as typeof logger).child({})
    child.error({ err: failedInsert() }, 'request errored')
    const written = text()
    for (const value of personal) expect(written).not.toContain(value)
    expect(JSON.parse(written).err.type).toBe('DrizzleQueryError')
  })
})
