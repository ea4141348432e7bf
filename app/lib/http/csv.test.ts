import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './csv'

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
