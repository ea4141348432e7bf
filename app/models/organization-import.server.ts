import { and, eq, inArray, sql } from 'drizzle-orm'
import { authTokens, clientInvitations, clientMemberships, organizations } from '../../db/schema'
import type { ImportedFile } from '../lib/import/import-action.server'
import type { ImportIssue } from '../lib/import/csv-import'
import {
  billingByOrganization,
  organizationKey,
  type ParsedOrganizationRow,
} from '../lib/validation/organization-import'
import type { Database } from '../platform/db.server'
import { db } from '../platform/runtime.server'
import { recordAudit, recordAudits, type Actor } from './audit.server'
import { isOutstanding } from './auth-tokens.server'
import { sendClientInvitations } from './client-invitations.server'
import { accountsByEmails } from './users.server'

/**
 * Staff's import of client organizations and their users from a CSV file
 * (docs/product.md#importing-organizations). The file is read and checked by
 * app/lib/validation/organization-import.ts; here each valid row is matched against the
 * organizations (by name, as their unique index matches: lower(trim(name))), the accounts
 * and the open invitations (the preview, which writes nothing), and then written in one
 * transaction (the confirm): the new organizations with the file's billing details, and a
 * client invitation per new user, sent as staff's new-organization form sends it.
 */

/** What confirming would do with a row. */
export type OrganizationImportAction =
  /** The organization is not here yet: it is made, and this row's person invited to it. */
  | 'new-organization'
  /** A new user of an organization that exists, or that an earlier row of the file makes. */
  | 'new-user'
  /** The person is already a user of this organization: nothing changes. */
  | 'already-member'
  /** The person's invitation to this organization is still open: nothing changes. */
  | 'already-invited'
  /** The row has an issue: nothing can be imported until it is fixed. */
  | 'invalid'

export interface OrganizationImportPreviewRow {
  line: number
  organization: string
  name: string
  email: string
  action: OrganizationImportAction
  /** For a new user of an organization the file makes: the line that makes it. */
  newOrganizationLine?: number
  /**
   * For an organization already here: the file's billing details differ from its own. The
   * import does not change an existing organization's billing (its billing page does).
   */
  billingKept?: boolean
}

export interface OrganizationImportPreview {
  rows: OrganizationImportPreviewRow[]
  issues: ImportIssue[]
  counts: Record<OrganizationImportAction, number>
}

/** One import at a time, so that two confirms of one file cannot both invite a person. */
const IMPORT_LOCK = 7261046
const LOOKUP_CHUNK = 1000
/** Invitations written per statement (each carries its e-mail's text and HTML). */
const INVITATION_CHUNK = 250

const chunksOf = <T>(items: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  )

export const STAFF_OR_INTERPRETER_MESSAGE =
  'This e-mail address belongs to a staff or interpreter account, so it cannot be a client user: use another address or remove the row.'
export const otherOrganizationMessage = (name: string) =>
  `This e-mail address belongs to a user of another organization (${name}): a person is a user of one organization. Remove the row, or move them from the client portal.`

type ExistingOrganization = Pick<
  typeof organizations.$inferSelect,
  'id' | 'name' | 'billingAddress' | 'paymentTermsDays' | 'purchaseOrder'
>

/** The organizations by key (lower(trim(name))) among `keys`. */
async function organizationsByKey(keys: readonly string[], database: Database) {
  const found = new Map<string, ExistingOrganization>()
  const key = sql<string>`lower(trim(${organizations.name}))`
  for (const chunk of chunksOf(keys, LOOKUP_CHUNK)) {
    const rows = await database
      .select({
        key,
        id: organizations.id,
        name: organizations.name,
        billingAddress: organizations.billingAddress,
        paymentTermsDays: organizations.paymentTermsDays,
        purchaseOrder: organizations.purchaseOrder,
      })
      .from(organizations)
      .where(inArray(key, chunk))
    for (const { key: rowKey, ...organization } of rows) found.set(rowKey, organization)
  }
  return found
}

/** The organization of each of these accounts that is a user of one, with its name. */
async function membershipsOf(userIds: readonly string[], database: Database) {
  const found = new Map<string, { organizationId: string; organizationName: string }>()
  for (const chunk of chunksOf(userIds, LOOKUP_CHUNK)) {
    const rows = await database
      .select({
        userId: clientMemberships.userId,
        organizationId: clientMemberships.organizationId,
        organizationName: organizations.name,
      })
      .from(clientMemberships)
      .innerJoin(organizations, eq(organizations.id, clientMemberships.organizationId))
      .where(inArray(clientMemberships.userId, chunk))
    for (const { userId, ...membership } of rows) found.set(userId, membership)
  }
  return found
}

/** "email organizationId" of each open invitation to one of these addresses. */
async function openInvitationsTo(emails: readonly string[], database: Database) {
  const found = new Set<string>()
  for (const chunk of chunksOf(emails, LOOKUP_CHUNK)) {
    const rows = await database
      .select({ email: clientInvitations.email, organizationId: clientInvitations.organizationId })
      .from(clientInvitations)
      .innerJoin(authTokens, eq(authTokens.tokenHash, clientInvitations.tokenHash))
      .where(and(inArray(clientInvitations.email, chunk), isOutstanding()))
    for (const row of rows) found.add(`${row.email} ${row.organizationId}`)
  }
  return found
}

interface Plan extends OrganizationImportPreview {
  organizations: Map<string, ExistingOrganization>
}

/** What each row would do, from the database as `database` sees it. */
async function planOf(
  rows: readonly ParsedOrganizationRow[],
  fileIssues: readonly ImportIssue[],
  database: Database,
): Promise<Plan> {
  const issues = [...fileIssues]
  const valid = rows.flatMap((row) => (row.user ? [row.user] : []))
  const emails = valid.map((user) => user.email)
  const found = await organizationsByKey(
    [...new Set(valid.map((user) => organizationKey(user.organization)))],
    database,
  )
  const accounts = await accountsByEmails(emails, database)
  const memberships = await membershipsOf(
    [...accounts.values()].flatMap((account) => (account.role === 'client' ? [account.id] : [])),
    database,
  )
  const invited = await openInvitationsTo(emails, database)
  const billing = billingByOrganization(rows)
  /** The first line of each organization the file makes. */
  const madeOn = new Map<string, number>()
  const preview = rows.map((row): OrganizationImportPreviewRow => {
    const base = {
      line: row.line,
      organization: row.organization,
      name: row.name,
      email: row.email,
    }
    const { user } = row
    if (!user) return { ...base, action: 'invalid' }
    const refuse = (message: string): OrganizationImportPreviewRow => {
      issues.push({ line: row.line, column: 'User e-mail', message })
      return { ...base, action: 'invalid' }
    }
    const account = accounts.get(user.email)
    if (account && account.role !== 'client') return refuse(STAFF_OR_INTERPRETER_MESSAGE)
    const key = organizationKey(user.organization)
    const organization = found.get(key)
    const membership = account ? memberships.get(account.id) : undefined
    if (membership && membership.organizationId === organization?.id)
      return { ...base, action: 'already-member' }
    if (membership) return refuse(otherOrganizationMessage(membership.organizationName))
    if (organization) {
      if (invited.has(`${user.email} ${organization.id}`))
        return { ...base, action: 'already-invited' }
      const given = billing.get(key)!
      const billingKept =
        (given.billingAddress !== '' && given.billingAddress !== organization.billingAddress) ||
        (given.paymentTermsDays !== undefined &&
          given.paymentTermsDays !== organization.paymentTermsDays) ||
        (given.purchaseOrder !== '' && given.purchaseOrder !== organization.purchaseOrder)
      return { ...base, action: 'new-user', ...(billingKept ? { billingKept } : {}) }
    }
    const first = madeOn.get(key)
    if (first === undefined) {
      madeOn.set(key, row.line)
      return { ...base, action: 'new-organization' }
    }
    return { ...base, action: 'new-user', newOrganizationLine: first }
  })
  issues.sort((a, b) => a.line - b.line)
  const counts = {
    'new-organization': 0,
    'new-user': 0,
    'already-member': 0,
    'already-invited': 0,
    invalid: 0,
  }
  for (const row of preview) counts[row.action]++
  return { rows: preview, issues, counts, organizations: found }
}

/**
 * What confirming the file would do, row by row: reads organizations, accounts and
 * invitations, writes nothing. A user already in the organization, or with an open
 * invitation to it, is skipped (so importing the file again changes nothing); an address of
 * staff, an interpreter or another organization's user is an issue of its row.
 */
export async function previewOrganizationImport(
  rows: readonly ParsedOrganizationRow[],
  fileIssues: readonly ImportIssue[],
): Promise<OrganizationImportPreview> {
  const { organizations: _found, ...preview } = await planOf(rows, fileIssues, db())
  return preview
}

export interface OrganizationImportOutcome {
  organizations: number
  invited: number
  /** Rows already there, or (found since the preview) with a problem. */
  skipped: number
}

/**
 * Writes the file in one transaction: the organizations it makes (with the file's billing
 * details; an organization already here keeps its own) and an invitation for each new user.
 * The caller has previewed the file and found no issues; the rows are planned again here,
 * and a row that is already there, or has a problem, by now is skipped.
 */
export async function confirmOrganizationImport(
  rows: readonly ParsedOrganizationRow[],
  file: ImportedFile,
  actor: Actor,
): Promise<OrganizationImportOutcome> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`)
    const plan = await planOf(rows, [], tx)
    const userOf = new Map(rows.map((row) => [row.line, row.user]))
    const billing = billingByOrganization(rows)
    const made = plan.rows.flatMap((row) => {
      const user = userOf.get(row.line)
      if (row.action !== 'new-organization' || !user) return []
      const given = billing.get(organizationKey(user.organization))!
      return [
        {
          name: user.organization,
          createdById: actor.id,
          billingAddress: given.billingAddress,
          purchaseOrder: given.purchaseOrder,
          ...(given.paymentTermsDays === undefined
            ? {}
            : { paymentTermsDays: given.paymentTermsDays }),
        },
      ]
    })
    // An organization of the same name made meanwhile (by a form) is joined, as it would be.
    const created = made.length
      ? await tx
          .insert(organizations)
          .values(made)
          .onConflictDoNothing()
          .returning({ id: organizations.id, name: organizations.name })
      : []
    const target = new Map<string, { id: string; name: string }>(
      [...plan.organizations].map(([key, { id, name }]) => [key, { id, name }]),
    )
    for (const organization of created) target.set(organizationKey(organization.name), organization)
    const meanwhile = made.map((row) => organizationKey(row.name)).filter((key) => !target.has(key))
    for (const [key, { id, name }] of await organizationsByKey(meanwhile, tx))
      target.set(key, { id, name })
    const invites = plan.rows.flatMap((row) => {
      const user = userOf.get(row.line)
      if ((row.action !== 'new-organization' && row.action !== 'new-user') || !user) return []
      const organization = target.get(organizationKey(user.organization))!
      return [{ person: { name: user.name, email: user.email, role: user.role }, organization }]
    })
    for (const chunk of chunksOf(invites, INVITATION_CHUNK))
      await sendClientInvitations(chunk, actor, tx)
    await recordAudits(
      actor,
      created.map((organization) => ({
        action: 'create',
        entityType: 'organization',
        entityId: organization.id,
        after: { name: organization.name, source: 'import' },
      })),
      tx,
    )
    await recordAudit(
      actor,
      {
        action: 'import',
        entityType: 'organization_import',
        after: {
          file: file.name,
          sha256: file.sha256,
          organizationIds: created.map((organization) => organization.id),
          invited: invites.length,
        },
      },
      tx,
    )
    return {
      organizations: created.length,
      invited: invites.length,
      skipped: rows.length - invites.length,
    }
  })
}
