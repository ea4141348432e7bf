import { z } from 'zod'
import { normalizeEmail } from '../../domain/email'
import { plural } from '../../domain/format'
import { organizationRoles } from '../../domain/organizations'
import {
  parseCsvImport,
  templateHeaderOf,
  type ImportColumn,
  type ImportIssue,
} from '../import/csv-import'
import { organizationBillingSchema, PAYMENT_TERMS_MESSAGE } from './invoices'
import { newOrganizationSchema } from './organization'
import { inviteeSchema } from './staff'

/**
 * The organization import's file (docs/product.md#importing-organizations): one row per
 * client user, several rows naming the same organization. Read and checked here without the
 * database; what each valid row would do (a new organization, a new user of an existing one,
 * already there) is the model's (app/models/organization-import.server.ts). The cells follow
 * the forms that set the same things: the new-organization form and the client invitation
 * (one name, an address, a role) and the organization's billing settings.
 */

export const organizationImportColumns = [
  {
    key: 'organization',
    heading: 'Organization',
    required: true,
    aliases: ['organisation', 'organization name', 'organisation name', 'company'],
  },
  { key: 'billingAddress', heading: 'Billing address' },
  {
    key: 'paymentTermsDays',
    heading: 'Payment terms days',
    aliases: ['payment terms', 'payment terms (days)'],
  },
  { key: 'purchaseOrder', heading: 'Purchase order', aliases: ['po', 'po / cost centre'] },
  { key: 'name', heading: 'User name', required: true, aliases: ['name'] },
  {
    key: 'email',
    heading: 'User e-mail',
    required: true,
    aliases: ['user email', 'e-mail', 'email'],
  },
  { key: 'role', heading: 'User role', required: true, aliases: ['role'] },
] as const satisfies readonly ImportColumn[]

export type OrganizationImportColumnKey = (typeof organizationImportColumns)[number]['key']

/** The header row of a file staff can fill in. */
export const organizationImportTemplateHeader = templateHeaderOf(organizationImportColumns)

/** How a name is kept: trimmed, inner spaces single (as "Invite to portal" keeps it). */
export const cleanOrganizationName = (name: string) => name.trim().replace(/\s+/g, ' ')

/** The key organizations are matched by, as the database's unique index matches them. */
export const organizationKey = (name: string) => cleanOrganizationName(name).toLowerCase()

const ROLE_MESSAGE = 'Please write requester or manager.'
const billing = organizationBillingSchema.shape

export const organizationImportRowSchema = z.object({
  organization: newOrganizationSchema.shape.organizationName.transform(cleanOrganizationName),
  billingAddress: billing.billingAddress,
  // Empty: the usual terms of a new organization; otherwise as the billing page takes them.
  paymentTermsDays: z.string().transform((cell, context) => {
    if (cell.trim() === '') return undefined
    const days = billing.paymentTermsDays.safeParse(cell)
    if (days.success) return days.data
    context.addIssue({ code: 'custom', message: PAYMENT_TERMS_MESSAGE })
    return z.NEVER
  }),
  purchaseOrder: billing.purchaseOrder,
  name: inviteeSchema.shape.name,
  email: inviteeSchema.shape.email.transform(normalizeEmail),
  role: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(organizationRoles, { error: ROLE_MESSAGE })),
})

export type ImportedOrganizationUser = z.infer<typeof organizationImportRowSchema>

export interface ParsedOrganizationRow {
  line: number
  /** The cells as typed, to name the row in the preview. */
  organization: string
  name: string
  email: string
  /** Set when every cell is valid. */
  user?: ImportedOrganizationUser
}

export type ParsedOrganizationFile =
  | { ok: true; rows: ParsedOrganizationRow[]; issues: ImportIssue[] }
  | { ok: false; message: string }

const billingColumns = ['billingAddress', 'paymentTermsDays', 'purchaseOrder'] as const

const headingOf = (key: OrganizationImportColumnKey) =>
  organizationImportColumns.find((column) => column.key === key)!.heading

/**
 * The file's rows, each valid or with its issues. Beyond each row's cells: an e-mail address
 * a second time is a problem of the later row (one person, one organization), and so is a
 * billing cell that gives an organization other billing details than an earlier row gave it
 * (an organization has one address, one payment terms, one purchase order).
 */
export function parseOrganizationImportFile(bytes: Uint8Array): ParsedOrganizationFile {
  const parsed = parseCsvImport(bytes, {
    columns: organizationImportColumns,
    schema: organizationImportRowSchema,
    emailKey: 'email',
    what: 'a row per user',
  })
  if (!parsed.ok) return parsed
  const issues = [...parsed.issues]
  /** Per organization, the first line that gave each billing cell and its value. */
  const billingOf = new Map<string, Map<string, { line: number; value: unknown }>>()
  const rows = parsed.rows.map(({ line, cells, value }): ParsedOrganizationRow => {
    const row = { line, organization: cells.organization, name: cells.name, email: cells.email }
    if (!value) return row
    const key = organizationKey(value.organization)
    const given = billingOf.get(key) ?? new Map<string, { line: number; value: unknown }>()
    billingOf.set(key, given)
    let consistent = true
    for (const column of billingColumns) {
      const cell = value[column]
      if (cell === undefined || cell === '') continue
      const earlier = given.get(column)
      if (!earlier) given.set(column, { line, value: cell })
      else if (earlier.value !== cell) {
        consistent = false
        issues.push({
          line,
          column: headingOf(column),
          message: `Line ${earlier.line} gives this organization another ${headingOf(column).toLowerCase()}: give it on one row, or the same on every row.`,
        })
      }
    }
    return consistent ? { ...row, user: value } : row
  })
  issues.sort((a, b) => a.line - b.line)
  return { ok: true, rows, issues }
}

/** The billing details the file gives each organization (by key), whichever row gives them. */
export function billingByOrganization(rows: readonly ParsedOrganizationRow[]) {
  const found = new Map<
    string,
    { billingAddress: string; paymentTermsDays?: number; purchaseOrder: string }
  >()
  for (const { user } of rows) {
    if (!user) continue
    const key = organizationKey(user.organization)
    const known = found.get(key) ?? { billingAddress: '', purchaseOrder: '' }
    found.set(key, {
      billingAddress: known.billingAddress || user.billingAddress,
      paymentTermsDays: known.paymentTermsDays ?? user.paymentTermsDays,
      purchaseOrder: known.purchaseOrder || user.purchaseOrder,
    })
  }
  return found
}

/** What the page and the toast say once a file is imported. */
export const importedMessage = (outcome: {
  organizations: number
  invited: number
  skipped: number
}) =>
  `Imported ${plural(outcome.organizations, 'new organization')} and invited ${plural(outcome.invited, 'user')}; ${outcome.skipped} ${outcome.skipped === 1 ? 'row was' : 'rows were'} already there.`
