import { describe, expect, it, vi } from 'vitest'
import { CoalescingStream } from './coalescing-stream.server'

function collect(stream: CoalescingStream) {
  const chunks: string[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
  return chunks
}
const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('CoalescingStream', () => {
  it('passes writes on as one chunk when flushed, and the rest at the end', async () => {
    const onEnd = vi.fn()
    const stream = new CoalescingStream(onEnd)
    const chunks = collect(stream)
    stream.write('<html>')
    stream.write('<body>')
    await tick()
    expect(chunks).toEqual([])
    stream.flush()
    await tick()
    expect(chunks).toEqual(['<html><body>'])
    stream.write('</body>')
    stream.end('</html>')
    await new Promise((resolve) => stream.on('end', resolve))
    expect(chunks).toEqual(['<html><body>', '</body></html>'])
    expect(onEnd).toHaveBeenCalledOnce()
  })

  it('passes on what gathered once it reaches 64 kB, without waiting for a flush', async () => {
    const stream = new CoalescingStream(() => {})
    const chunks = collect(stream)
    for (let i = 0; i < 16; i++) stream.write(Buffer.alloc(4096, 'a'))
    await tick()
    expect(chunks.map((chunk) => chunk.length)).toEqual([64 * 1024])
    stream.write('b')
    await tick()
    expect(chunks).toHaveLength(1)
  })

  it('sends nothing for a flush with nothing gathered', async () => {
    const stream = new CoalescingStream(() => {})
    const chunks = collect(stream)
    stream.flush()
    stream.end()
    await new Promise((resolve) => stream.on('end', resolve))
    expect(chunks).toEqual([])
  })

  it('lets the first chunk it passes on (the shell, with the head) be rewritten, and only that one', async () => {
    const stream = new CoalescingStream(
      () => {},
      (html) => Buffer.from(html.toString().toUpperCase()),
    )
    const chunks = collect(stream)
    stream.write('<head>')
    stream.flush()
    stream.end('<body>')
    await new Promise((resolve) => stream.on('end', resolve))
    expect(chunks).toEqual(['<HEAD>', '<body>'])
  })
})
