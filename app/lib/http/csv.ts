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
  const lines = [columns.map((column) => csvCell(column.header)).join(',')]
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
