import { z } from 'zod'
import { decodeCsvBytes, parseCsvRecords } from './csv-text'

/**
 * What every CSV import shares (docs/product.md#importing-interpreters,
 * docs/product.md#importing-organizations): the limits, the form that sends the file, the
 * header read by the columns' headings, each row checked by the import's Zod schema, and the
 * problems named by line and column. What a valid row does is each import's model.
 */

/** Largest file accepted: 1,500 rows take about 300 kB. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024
/** Rows in one file; a larger file is imported in several. */
export const IMPORT_MAX_ROWS = 5000

/** A column of an import, with the heading that names it in the template and its other names. */
export interface ImportColumn {
  key: string
  heading: string
  required?: boolean
  aliases?: readonly string[]
}

/** A problem with one cell (or the whole row, `column` null): line 1 is the header. */
export interface ImportIssue {
  line: number
  column: string | null
  message: string
}

/** The header row of a file staff can fill in. */
export const templateHeaderOf = (columns: readonly ImportColumn[]) =>
  columns.map((column) => column.heading).join(',')

const headingKey = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[-_\s]+/g, ' ')

export interface ParsedCsvRow<Key extends string, Value> {
  line: number
  /** Every column's cell, trimmed ('' when the file has no such column). */
  cells: Record<Key, string>
  /** Set when every cell is valid and the row's e-mail is the file's first of its kind. */
  value?: Value
}

export type ParsedCsvImport<Key extends string, Value> =
  | { ok: true; rows: ParsedCsvRow<Key, Value>[]; issues: ImportIssue[] }
  /** The file cannot be read as rows at all (bytes, quotes, header, size). */
  | { ok: false; message: string }

/**
 * The file's rows, each checked by `schema` and valid or with its issues. A row whose
 * `emailKey` value (as the schema leaves it: normalised) an earlier row had is an issue too:
 * one address is one person. `what` names a row in the messages ("a row per interpreter").
 */
export function parseCsvImport<Columns extends readonly ImportColumn[], Value>(
  bytes: Uint8Array,
  options: {
    columns: Columns
    schema: z.ZodType<Value>
    emailKey: Columns[number]['key'] & keyof Value
    what: string
  },
): ParsedCsvImport<Columns[number]['key'], Value> {
  type Key = Columns[number]['key']
  const { columns, schema, emailKey } = options
  const header = templateHeaderOf(columns)
  const decoded = decodeCsvBytes(bytes)
  if ('message' in decoded) return { ok: false, message: decoded.message }
  const parsed = parseCsvRecords(decoded.text)
  if ('message' in parsed) return { ok: false, message: parsed.message }
  const [first, ...records] = parsed.records
  if (!first)
    return {
      ok: false,
      message: `The file is empty: it needs a header row and ${options.what}.`,
    }
  if (records.length > IMPORT_MAX_ROWS)
    return {
      ok: false,
      message: `The file has ${records.length} rows; an import takes at most ${IMPORT_MAX_ROWS}. Split it into several files.`,
    }
  const byHeading = new Map<string, Key>(
    columns.flatMap((column) =>
      [column.heading, ...(column.aliases ?? [])].map(
        (name) => [headingKey(name), column.key as Key] as const,
      ),
    ),
  )
  const keys = first.cells.map((heading) => byHeading.get(headingKey(heading)))
  const unknown = first.cells.filter((heading, index) => heading.trim() !== '' && !keys[index])
  if (unknown.length > 0)
    return {
      ok: false,
      message: `The header names columns we do not know: ${unknown.map((heading) => `"${heading.trim()}"`).join(', ')}. The columns are: ${header}.`,
    }
  const missing = columns.filter((column) => column.required && !keys.includes(column.key))
  if (missing.length > 0)
    return {
      ok: false,
      message: `The header has no ${missing.map((column) => `"${column.heading}"`).join(', ')} column. The columns are: ${header}.`,
    }
  const headingOf = (key: PropertyKey) =>
    columns.find((column) => column.key === key)?.heading ?? null
  const rows: ParsedCsvRow<Key, Value>[] = []
  const issues: ImportIssue[] = []
  const firstLineOfEmail = new Map<unknown, number>()
  for (const record of records) {
    const cells = Object.fromEntries(columns.map((column) => [column.key, ''])) as Record<
      Key,
      string
    >
    keys.forEach((key, index) => {
      if (key) cells[key] = (record.cells[index] ?? '').trim()
    })
    const row: ParsedCsvRow<Key, Value> = { line: record.line, cells }
    rows.push(row)
    const issuesBefore = issues.length
    if (record.cells.length > first.cells.length)
      issues.push({
        line: record.line,
        column: null,
        message: `The row has ${record.cells.length} values for ${first.cells.length} columns: check for a comma that needs quotes.`,
      })
    const result = schema.safeParse(cells)
    if (!result.success) {
      for (const issue of result.error.issues)
        issues.push({
          line: record.line,
          column: issue.path.length > 0 ? headingOf(issue.path[0]!) : null,
          message: issue.message,
        })
      continue
    }
    const email = result.data[emailKey]
    const earlier = firstLineOfEmail.get(email)
    if (earlier !== undefined) {
      issues.push({
        line: record.line,
        column: headingOf(emailKey),
        message: `This e-mail address is already on line ${earlier} of the file.`,
      })
      continue
    }
    firstLineOfEmail.set(email, record.line)
    if (issues.length === issuesBefore) row.value = result.data
  }
  return { ok: true, rows, issues }
}

const FILE_MISSING = 'Please choose the CSV file to import.'

/**
 * The import form: the file, what to do with it, and, to confirm, the hash of the file
 * the preview showed, so that what is imported is what staff saw.
 */
export const importFormSchema = z.object({
  file: z
    .instanceof(File, { error: FILE_MISSING })
    .refine((file) => file.size > 0, { error: FILE_MISSING }),
  intent: z.enum(['preview', 'confirm']),
  previewedSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
})
