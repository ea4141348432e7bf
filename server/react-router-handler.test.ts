import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { writeResponseBody } from './react-router-handler'

const CHUNK_BYTES = 64 * 1024

/** A body of `chunks` random (so incompressible) 64 KiB chunks, telling when it was cancelled. */
function randomBody(chunks: number) {
  const sent: Buffer[] = []
  let cancelled = false
  let produced = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced++ === chunks) return controller.close()
      const chunk = randomBytes(CHUNK_BYTES)
      sent.push(chunk)
      controller.enqueue(chunk)
    },
    cancel() {
      cancelled = true
    },
  })
  return { body, sent, wasCancelled: () => cancelled }
}

let server: http.Server | undefined
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

/** An Express app with the host's compression middleware, answering with `body`. */
async function serve(body: ReadableStream<Uint8Array>) {
  const written = { done: undefined as Promise<void> | undefined }
  const app = express()
  app.use(compression())
  app.get('/', (_req, res) => {
    res.type('text/csv')
    written.done = writeResponseBody(body, res)
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server!.once('listening', resolve))
  return { port: (server.address() as AddressInfo).port, written }
}

describe('writeResponseBody', () => {
  it('streams a long compressed body whole, without piling up drain listeners', async () => {
    const warnings: Error[] = []
    const onWarning = (warning: Error) => warnings.push(warning)
    process.on('warning', onWarning)
    try {
      const { body, sent } = randomBody(64)
      const { port } = await serve(body)
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { 'Accept-Encoding': 'gzip' },
      })
      expect(response.headers.get('content-encoding')).toBe('gzip')
      // fetch decompresses; the header shows the body went through the zlib stream.
      const received = Buffer.from(await response.arrayBuffer())
      expect(received.equals(Buffer.concat(sent))).toBe(true)
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual(
        [],
      )
    } finally {
      process.off('warning', onWarning)
    }
  })

  it('stops reading the body when the client goes away', async () => {
    const { body, sent, wasCancelled } = randomBody(10_000)
    const { port, written } = await serve(body)
    await new Promise<void>((resolve) => {
      const request = http.get(`http://127.0.0.1:${port}/`, (response) => {
        response.once('data', () => {
          request.destroy()
          resolve()
        })
      })
      request.on('error', () => {})
    })
    await written.done
    expect(wasCancelled()).toBe(true)
    expect(sent.length).toBeLessThan(10_000)
  })
})
