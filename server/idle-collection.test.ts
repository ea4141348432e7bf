import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { collectGarbageWhenIdle } from './idle-collection'

const IDLE_MS = 50
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let server: http.Server | undefined
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve))
})

/** A server that answers after `answerAfterMs`, counting the collections. */
async function start(answerAfterMs: number) {
  const counts = { collections: 0 }
  server = http.createServer((_req, res) => {
    setTimeout(() => res.end('ok'), answerAfterMs)
  })
  collectGarbageWhenIdle(server, { idleMs: IDLE_MS, collect: () => void counts.collections++ })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, counts }
}

describe('collectGarbageWhenIdle', () => {
  it('collects once after the last request, not again while nothing happens', async () => {
    const { url, counts } = await start(0)
    await (await fetch(url)).text()
    await (await fetch(url)).text()
    expect(counts.collections).toBe(0)
    await sleep(IDLE_MS * 6)
    expect(counts.collections).toBe(1)
    await sleep(IDLE_MS * 6)
    expect(counts.collections).toBe(1)
    await (await fetch(url)).text()
    await sleep(IDLE_MS * 6)
    expect(counts.collections).toBe(2)
  })

  it('does not collect while a request is still being answered', async () => {
    const { url, counts } = await start(IDLE_MS * 8)
    const slow = fetch(url).then((response) => response.text())
    await sleep(IDLE_MS * 4)
    expect(counts.collections).toBe(0)
    await slow
    await sleep(IDLE_MS * 6)
    expect(counts.collections).toBe(1)
  })
})
