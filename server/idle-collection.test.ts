import { EventEmitter } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { collectGarbageWhenIdle } from './idle-collection'

const IDLE_MS = 50

afterEach(() => {
  vi.useRealTimers()
})

/**
 * The counting runs on fake timers against a stand-in server that emits the same events as
 * `http.Server`, so a slow machine cannot stretch the gap between two requests past the idle
 * time and fake a collection.
 */
function standIn() {
  vi.useFakeTimers()
  const server = new EventEmitter()
  const counts = { collections: 0 }
  collectGarbageWhenIdle(server as http.Server, {
    idleMs: IDLE_MS,
    collect: () => void counts.collections++,
  })
  const request = () => {
    const response = new EventEmitter()
    server.emit('request', {}, response)
    return { finish: () => response.emit('close') }
  }
  return { counts, request }
}

describe('collectGarbageWhenIdle', () => {
  it('collects once after the last request, not again while nothing happens', () => {
    const { counts, request } = standIn()
    request().finish()
    vi.advanceTimersByTime(IDLE_MS - 1)
    request().finish()
    vi.advanceTimersByTime(IDLE_MS - 1)
    expect(counts.collections).toBe(0)
    vi.advanceTimersByTime(1)
    expect(counts.collections).toBe(1)
    vi.advanceTimersByTime(IDLE_MS * 100)
    expect(counts.collections).toBe(1)
    request().finish()
    vi.advanceTimersByTime(IDLE_MS)
    expect(counts.collections).toBe(2)
  })

  it('does not collect while a request is still being answered', () => {
    const { counts, request } = standIn()
    const slow = request()
    request().finish()
    vi.advanceTimersByTime(IDLE_MS * 10)
    expect(counts.collections).toBe(0)
    slow.finish()
    vi.advanceTimersByTime(IDLE_MS)
    expect(counts.collections).toBe(1)
  })

  it('collects after a real HTTP request has been answered', async () => {
    const counts = { collections: 0 }
    const server = http.createServer((_req, res) => res.end('ok'))
    collectGarbageWhenIdle(server, { idleMs: IDLE_MS, collect: () => void counts.collections++ })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
      expect(await (await fetch(url)).text()).toBe('ok')
      await vi.waitFor(() => expect(counts.collections).toBe(1), { timeout: 5000 })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
