import { describe, expect, it } from 'vitest'
import { csvCell, csvStream, toCsv } from './csv'

describe('csvCell', () => {
  it.each(['=SUM(A1:A2)', '+1 555', '-2+3', '@cmd', '\tTab', '\rReturn'])(
    'neutralises a formula: %j',
    (value) => {
      expect(csvCell(value).replace(/^"|"$/g, '').startsWith("'")).toBe(true)
    },
  )

  it('quotes commas, quotes, line breaks and edge spaces', () => {
    expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."')
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""')
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"')
    expect(csvCell(' padded')).toBe('" padded"')
  })

  it('leaves plain values and numbers alone, writes dates as ISO 8601', () => {
    expect(csvCell('Ana López')).toBe('Ana López')
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z')
    expect(csvCell(null)).toBe('')
  })
})

describe('toCsv', () => {
  it('writes a BOM, a header row and CRLF line ends', () => {
    const csv = toCsv(
      [{ name: 'Ana', note: '=HYPERLINK("http://evil")' }],
      [
        { header: 'Name', value: (row) => row.name },
        { header: 'Note', value: (row) => row.note },
      ],
    )
    expect(csv).toBe('\uFEFFName,Note\r\nAna,"\'=HYPERLINK(""http://evil"")"\r\n')
  })
})

describe('csvStream', () => {
  const columns = [{ header: 'n', value: (row: number) => row }]

  // Keeps the byte-order mark, which a default TextDecoder would swallow.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true })

  async function readAll(stream: ReadableStream<Uint8Array>) {
    return decoder.decode(await new Response(stream).arrayBuffer())
  }

  it('writes the same document as toCsv', async () => {
    async function* batches() {
      yield [1, 2]
      yield [3]
    }
    expect(await readAll(csvStream(batches(), columns))).toBe(toCsv([1, 2, 3], columns))
  })

  it('sends the header before any row is read, and reads a batch only when asked', async () => {
    let batchesRead = 0
    async function* batches() {
      for (let batch = 0; batch < 100; batch += 1) {
        batchesRead += 1
        yield [batch]
      }
    }
    const reader = csvStream(batches(), columns).getReader()
    const first = await reader.read()
    expect(decoder.decode(first.value)).toBe('\uFEFFn\r\n')
    expect(batchesRead).toBeLessThanOrEqual(1)
    await reader.read()
    expect(batchesRead).toBeLessThanOrEqual(2)
    await reader.cancel()
    // Cancelling (the client went away) stops the reading too.
    expect(batchesRead).toBeLessThan(100)
  })
})
