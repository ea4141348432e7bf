export interface CsvColumn<Row> {
  header: string
  value: (row: Row) => string | number | boolean | Date | null | undefined
}

// Cells a spreadsheet would read as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/

/** One cell: formulas neutralised with a leading apostrophe, quoted when needed. */
export function csvCell(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = value instanceof Date ? value.toISOString() : String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * A CSV document: a header row, CRLF line ends, and a byte-order mark so that spreadsheet
 * programs read it as UTF-8.
 */
export function toCsv<Row>(rows: Iterable<Row>, columns: readonly CsvColumn<Row>[]): string {
  return csvHead(columns) + csvLines([...rows], columns)
}

/** The byte-order mark and the header row. */
function csvHead<Row>(columns: readonly CsvColumn<Row>[]): string {
  return `\uFEFF${columns.map((column) => csvCell(column.header)).join(',')}\r\n`
}

function csvLines<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  let text = ''
  for (const row of rows)
    text += `${columns.map((column) => csvCell(column.value(row))).join(',')}\r\n`
  return text
}

/**
 * The same document as {@link toCsv}, streamed: the header goes out at once, and each batch of
 * rows is read only when the client has taken the previous one, so a large export starts at
 * once and holds one batch in memory, however many rows it has.
 */
export function csvStream<Row>(
  batches: AsyncIterable<readonly Row[]>,
  columns: readonly CsvColumn<Row>[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const iterator = batches[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvHead(columns)))
    },
    async pull(controller) {
      const next = await iterator.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(csvLines(next.value, columns)))
    },
    async cancel() {
      await iterator.return?.()
    },
  })
}
