/**
 * Reading an uploaded CSV file (the interpreter import: docs/product.md#importing-interpreters).
 * The bytes must be UTF-8 text without NUL bytes: a spreadsheet saved as UTF-16, a Latin-1
 * export or a binary file is refused with a message that says which and where, rather than
 * read as garbled names.
 */

export type CsvProblem = { message: string }

/** The file's text, or the problem that stops it from being read at all. */
export function decodeCsvBytes(bytes: Uint8Array): { text: string } | CsvProblem {
  const nul = bytes.indexOf(0)
  if (nul >= 0)
    return {
      message: `The file holds a NUL byte (on line ${lineAt(bytes, nul)}), so it is not a CSV text file. Save it from your spreadsheet as "CSV UTF-8" and upload it again.`,
    }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return {
      message: `The file is not UTF-8 text (line ${lineAt(bytes, firstInvalidUtf8(bytes))} is not). Save it from your spreadsheet as "CSV UTF-8" and upload it again.`,
    }
  }
  // TextDecoder drops the byte-order mark spreadsheets write.
  return { text }
}

function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1
  for (let index = 0; index < offset; index++) if (bytes[index] === 0x0a) line++
  return line
}

/** The offset of the first byte that is not part of a valid UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let low = 0
  let high = bytes.length
  // The longest valid prefix, by halving (a sequence cut at the boundary counts as invalid).
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    try {
      decoder.decode(bytes.subarray(0, middle))
      low = middle
    } catch {
      high = middle - 1
    }
  }
  return low
}

/** One record of the file, with the line it starts on (the header is line 1). */
export interface CsvRecord {
  line: number
  cells: string[]
}

/**
 * RFC 4180 records: fields separated by commas, optionally in double quotes (a quote inside
 * doubled), which may hold commas and line breaks; CRLF or LF line ends. Blank lines are
 * skipped. An unclosed quote is a problem, since every later row would be read wrongly.
 */
export function parseCsvRecords(text: string): { records: CsvRecord[] } | CsvProblem {
  const records: CsvRecord[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let recordLine = 1
  let quoteLine = 1
  const endRecord = () => {
    cells.push(cell)
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: recordLine, cells })
    cells = []
    cell = ''
  }
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"'
          index++
        } else quoted = false
      } else {
        if (char === '\n') line++
        cell += char
      }
      continue
    }
    if (char === '"' && cell.trim() === '') {
      quoted = true
      quoteLine = line
      cell = ''
    } else if (char === ',') {
      cells.push(cell)
      cell = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++
      endRecord()
      line++
      recordLine = line
    } else cell += char
  }
  if (quoted)
    return {
      message: `A quoted value that starts on line ${quoteLine} is never closed: check the double quotes on that line.`,
    }
  if (cell !== '' || cells.length > 0) endRecord()
  return { records }
}
