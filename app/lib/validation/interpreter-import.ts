import { z } from 'zod'
import { specializationChoices } from '../../content/application-options'
import { normalizeEmail } from '../../domain/email'
import { modalities, type Modality } from '../../domain/interpreter-profile'
import { companyLanguages, MAX_PROFILE_LANGUAGES } from '../../domain/languages'
import { daysBetween, type IsoDate } from '../../domain/onboarding'
import {
  parseCsvImport,
  templateHeaderOf,
  type ImportColumn,
  type ImportIssue,
} from '../import/csv-import'
import { emailField, requiredText } from './fields'
import { contactDetailsSchema } from './profile'

export {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importFormSchema,
  type ImportIssue,
} from '../import/csv-import'

/**
 * The interpreter import's file (docs/product.md#importing-interpreters): one row per
 * interpreter, read and checked here without touching the database; what each valid row
 * would do (new, already an interpreter) is the model's (app/models/interpreter-import.server.ts).
 * The names, e-mail and contact fields follow the same rules as the profile and application
 * forms; languages must be the company's (app/domain/languages.ts).
 */

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
] as const satisfies readonly ImportColumn[]

export type ImportColumnKey = (typeof importColumns)[number]['key']

/** The header row of a file staff can fill in. */
export const importTemplateHeader = templateHeaderOf(importColumns)

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

/**
 * The file's rows, each valid or with its issues (app/lib/import/csv-import.ts). A second row
 * with an e-mail address the file already had is an issue too: one person is one interpreter.
 */
export function parseImportFile(bytes: Uint8Array, today: IsoDate): ParsedImportFile {
  const parsed = parseCsvImport(bytes, {
    columns: importColumns,
    schema: importRowSchema(today),
    emailKey: 'email',
    what: 'a row per interpreter',
  })
  if (!parsed.ok) return parsed
  return {
    ok: true,
    issues: parsed.issues,
    rows: parsed.rows.map(({ line, cells, value }) => ({
      line,
      email: cells.email,
      name: `${cells.firstName} ${cells.lastName}`.trim(),
      ...(value ? { interpreter: value } : {}),
    })),
  }
}
