import { z } from 'zod'
import { specializationChoices } from '../../content/application-options'
import { normalizeEmail } from '../../domain/email'
import { modalities, type Modality } from '../../domain/interpreter-profile'
import { companyLanguages, MAX_PROFILE_LANGUAGES } from '../../domain/languages'
import { daysBetween, type IsoDate } from '../../domain/onboarding'
import { decodeCsvBytes, parseCsvRecords } from '../import/csv-text'
import { emailField, requiredText } from './fields'
import { contactDetailsSchema } from './profile'

/**
 * The interpreter import's file (docs/product.md#importing-interpreters): one row per
 * interpreter, read and checked here without touching the database; what each valid row
 * would do (new, already an interpreter) is the model's (app/models/interpreter-import.server.ts).
 * The names, e-mail and contact fields follow the same rules as the profile and application
 * forms; languages must be the company's (app/domain/languages.ts).
 */

/** Largest file accepted: 1,500 interpreters take about 300 kB. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024
/** Rows in one file; a larger agency imports in several files. */
export const IMPORT_MAX_ROWS = 5000

/** The columns, in the order of the template, with the headings that name each. */
export const importColumns = [
  { key: 'firstName', heading: 'First name', required: true },
  { key: 'lastName', heading: 'Last name', required: true },
  { key: 'email', heading: 'E-mail', required: true, aliases: ['email', 'email address'] },
  { key: 'phone', heading: 'Phone', required: true },
  { key: 'address', heading: 'Street', aliases: ['address', 'street address'] },
  { key: 'city', heading: 'City' },
  { key: 'state', heading: 'State' },
  { key: 'zipCode', heading: 'ZIP', aliases: ['zip code', 'postal code'] },
  { key: 'languages', heading: 'Languages', required: true },
  { key: 'specializations', heading: 'Specializations' },
  { key: 'modalities', heading: 'Modalities' },
  {
    key: 'medicalTrainingExpires',
    heading: 'Medical training expires',
    aliases: ['medical training expiry'],
  },
  {
    key: 'backgroundCheckExpires',
    heading: 'Background check expires',
    aliases: ['background check expiry'],
  },
] as const satisfies readonly {
  key: string
  heading: string
  required?: boolean
  aliases?: readonly string[]
}[]

export type ImportColumnKey = (typeof importColumns)[number]['key']

/** The header row of a file staff can fill in. */
export const importTemplateHeader = importColumns.map((column) => column.heading).join(',')

const headingKey = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[-_\s]+/g, ' ')

const columnByHeading = new Map<string, ImportColumnKey>(
  importColumns.flatMap((column) =>
    [column.heading, ...('aliases' in column ? column.aliases : [])].map(
      (name) => [headingKey(name), column.key] as const,
    ),
  ),
)

const listOf = (cell: string) =>
  cell
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')

const languageByName = new Map(companyLanguages.map((name) => [name.toLowerCase(), name]))
const specializationValues = new Map(
  specializationChoices.flatMap((choice) => [
    [choice.value, choice.value],
    [choice.label.toLowerCase(), choice.value],
  ]),
)
const modalityByName = new Map<string, Modality>(
  modalities.flatMap((modality) => [
    [modality.value.replace('_', ' '), modality.value],
    [modality.label.toLowerCase(), modality.value],
  ]),
)

/** Each entry mapped through `known`; an unknown entry is an issue naming it. */
function knownList<T>(known: Map<string, T>, what: string, allowed: string) {
  return z.string().transform((cell, context) => {
    const values: T[] = []
    for (const entry of listOf(cell)) {
      const value = known.get(entry.toLowerCase().replace(/[-_\s]+/g, ' '))
      if (value === undefined) {
        context.addIssue({ code: 'custom', message: `"${entry}" is not ${what}. ${allowed}` })
        return z.NEVER
      }
      if (!values.includes(value)) values.push(value)
    }
    return values
  })
}

const languagesField = knownList(
  new Map([...languageByName].map(([key, name]) => [key.replace(/[-_\s]+/g, ' '), name])),
  'one of our languages',
  'Use the names in the Languages list of the import page, separated by semicolons.',
)
  .refine((languages) => languages.length > 0, 'Please list at least one language.')
  .refine(
    (languages) => languages.length <= MAX_PROFILE_LANGUAGES,
    `Please list at most ${MAX_PROFILE_LANGUAGES} languages.`,
  )

const specializationsField = knownList(
  new Map([...specializationValues].map(([key, value]) => [key.replace(/[-_\s]+/g, ' '), value])),
  'a specialization',
  'Use medical, legal or business, separated by semicolons.',
)

const modalitiesField = knownList(
  modalityByName,
  'a modality',
  'Use phone, video or on_site, separated by semicolons.',
)

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** An expiry date (YYYY-MM-DD) after `today`, or empty when not known. */
const expiryDate = (today: IsoDate) =>
  z
    .string()
    .trim()
    .transform((cell, context): IsoDate | undefined => {
      if (cell === '') return undefined
      const valid =
        DATE_PATTERN.test(cell) && new Date(`${cell}T00:00:00Z`).toISOString().startsWith(cell)
      if (!valid) {
        context.addIssue({ code: 'custom', message: 'Please write the date as YYYY-MM-DD.' })
        return z.NEVER
      }
      if (daysBetween(today, cell) <= 0) {
        context.addIssue({
          code: 'custom',
          message: 'This date is not in the future: leave it empty if the credential has lapsed.',
        })
        return z.NEVER
      }
      return cell
    })

const { phone, address, city, state, zipCode } = contactDetailsSchema.shape

/** One row's schema; expiry dates are checked against the office's `today`. */
export function importRowSchema(today: IsoDate) {
  return z.object({
    firstName: requiredText('Please enter the first name.', 100),
    lastName: requiredText('Please enter the last name.', 100),
    email: emailField.transform(normalizeEmail),
    phone,
    address,
    city,
    state,
    zipCode,
    languages: languagesField,
    specializations: specializationsField,
    modalities: modalitiesField,
    medicalTrainingExpires: expiryDate(today),
    backgroundCheckExpires: expiryDate(today),
  })
}

export type ImportedInterpreter = z.infer<ReturnType<typeof importRowSchema>>

/** A problem with one cell (or the whole row, `column` null): line 1 is the header. */
export interface ImportIssue {
  line: number
  column: string | null
  message: string
}

export interface ParsedImportRow {
  line: number
  /** Set when every cell is valid. */
  interpreter?: ImportedInterpreter
  /** The e-mail as typed, to name the row in the preview. */
  email: string
  name: string
}

export type ParsedImportFile =
  | { ok: true; rows: ParsedImportRow[]; issues: ImportIssue[] }
  /** The file cannot be read as rows at all (bytes, quotes, header). */
  | { ok: false; message: string }

const headingOf = (key: ImportColumnKey) =>
  importColumns.find((column) => column.key === key)!.heading

/**
 * The file's rows, each valid or with its issues. A second row with an e-mail address the
 * file already had is an issue too: one person is one interpreter.
 */
export function parseImportFile(bytes: Uint8Array, today: IsoDate): ParsedImportFile {
  const decoded = decodeCsvBytes(bytes)
  if ('message' in decoded) return { ok: false, message: decoded.message }
  const parsed = parseCsvRecords(decoded.text)
  if ('message' in parsed) return { ok: false, message: parsed.message }
  const [header, ...records] = parsed.records
  if (!header)
    return {
      ok: false,
      message: 'The file is empty: it needs a header row and a row per interpreter.',
    }
  if (records.length > IMPORT_MAX_ROWS)
    return {
      ok: false,
      message: `The file has ${records.length} rows; an import takes at most ${IMPORT_MAX_ROWS}. Split it into several files.`,
    }
  const keys = header.cells.map((heading) => columnByHeading.get(headingKey(heading)))
  const unknown = header.cells.filter((heading, index) => heading.trim() !== '' && !keys[index])
  if (unknown.length > 0)
    return {
      ok: false,
      message: `The header names columns we do not know: ${unknown.map((heading) => `"${heading.trim()}"`).join(', ')}. The columns are: ${importTemplateHeader}.`,
    }
  const missing = importColumns.filter(
    (column) => 'required' in column && !keys.includes(column.key),
  )
  if (missing.length > 0)
    return {
      ok: false,
      message: `The header has no ${missing.map((column) => `"${column.heading}"`).join(', ')} column. The columns are: ${importTemplateHeader}.`,
    }
  const schema = importRowSchema(today)
  const rows: ParsedImportRow[] = []
  const issues: ImportIssue[] = []
  const firstLineOfEmail = new Map<string, number>()
  for (const record of records) {
    const input: Partial<Record<ImportColumnKey, string>> = {}
    keys.forEach((key, index) => {
      if (key) input[key] = (record.cells[index] ?? '').trim()
    })
    for (const column of importColumns) input[column.key] ??= ''
    if (record.cells.length > header.cells.length)
      issues.push({
        line: record.line,
        column: null,
        message: `The row has ${record.cells.length} values for ${header.cells.length} columns: check for a comma that needs quotes.`,
      })
    const result = schema.safeParse(input)
    const row: ParsedImportRow = {
      line: record.line,
      email: input.email ?? '',
      name: `${input.firstName ?? ''} ${input.lastName ?? ''}`.trim(),
    }
    if (result.success) {
      const earlier = firstLineOfEmail.get(result.data.email)
      if (earlier !== undefined)
        issues.push({
          line: record.line,
          column: headingOf('email'),
          message: `This e-mail address is already on line ${earlier} of the file.`,
        })
      else {
        firstLineOfEmail.set(result.data.email, record.line)
        if (!issues.some((issue) => issue.line === record.line)) row.interpreter = result.data
      }
    } else {
      for (const issue of result.error.issues) {
        const key = issue.path[0] as ImportColumnKey
        issues.push({ line: record.line, column: headingOf(key), message: issue.message })
      }
    }
    rows.push(row)
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
