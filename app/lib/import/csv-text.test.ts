import { describe, expect, it } from 'vitest'
import { decodeCsvBytes, parseCsvRecords } from './csv-text'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('decodeCsvBytes', () => {
  it('reads UTF-8 text and drops the byte-order mark spreadsheets write', () => {
    expect(decodeCsvBytes(bytes('\uFEFFFirst name\r\nJosé\r\n'))).toEqual({
      text: 'First name\r\nJosé\r\n',
    })
  })

  it('refuses a NUL byte, naming its line', () => {
    const problem = decodeCsvBytes(bytes('a\nb\nc\u0000d\n'))
    expect(problem).toMatchObject({ message: expect.stringContaining('NUL byte (on line 3)') })
  })

  it('refuses text that is not UTF-8, naming the first line that is not', () => {
    const latin1 = Buffer.from('name\nAna\nJosé\n', 'latin1')
    expect(decodeCsvBytes(latin1)).toMatchObject({
      message: expect.stringContaining('not UTF-8 text (line 3 is not)'),
    })
    // UTF-16, as some spreadsheets save "Unicode text", has NUL bytes in every ASCII character.
    expect(decodeCsvBytes(Buffer.from('name\n', 'utf16le'))).toMatchObject({
      message: expect.stringContaining('NUL byte'),
    })
  })
})

describe('parseCsvRecords', () => {
  it('reads quoted values with commas, doubled quotes and line breaks, with their lines', () => {
    const parsed = parseCsvRecords('a,b\r\n"x, y","say ""hi"""\r\n\r\n"two\nlines",z\nlast,row')
    expect(parsed).toEqual({
      records: [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['x, y', 'say "hi"'] },
        { line: 4, cells: ['two\nlines', 'z'] },
        { line: 6, cells: ['last', 'row'] },
      ],
    })
  })

  it('keeps empty cells and skips blank lines', () => {
    expect(parseCsvRecords('a,,c\n\n,\n')).toEqual({
      records: [
        { line: 1, cells: ['a', '', 'c'] },
        { line: 3, cells: ['', ''] },
      ],
    })
  })

  it('refuses a quote that is never closed, naming the line it opens on', () => {
    expect(parseCsvRecords('a,b\n1,"open\n2,3\n')).toEqual({
      message: expect.stringContaining('starts on line 2 is never closed'),
    })
  })
})
