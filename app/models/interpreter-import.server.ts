import { inArray, sql } from 'drizzle-orm'
import { interpreterApplications, interpreterDocuments, interpreterProfiles } from '../../db/schema'
import {
  importColumns,
  type ImportIssue,
  type ImportedInterpreter,
  type ParsedImportRow,
} from '../lib/validation/interpreter-import'
import { now } from '../platform/clock.server'
import type { Database } from '../platform/db.server'
import { db } from '../platform/runtime.server'
import { recordAudit, type Actor } from './audit.server'
import { refreshOnboardingProgress } from './onboarding/progress.server'
import { createInterpreterAccounts } from './interpreter-profiles.server'
import { accountsByEmails } from './users.server'

/**
 * Staff's import of an agency's interpreters from a CSV file
 * (docs/product.md#importing-interpreters). The file is read and checked by
 * app/lib/validation/interpreter-import.ts; here each valid row is matched against the
 * accounts by e-mail (the preview, which writes nothing) and then written as an approval
 * writes it (the confirm): an approved application, the account and profile made from it
 * (`createInterpreterAccount`), the credentials the agency knows, and the invitation to
 * choose a password.
 */

/** What confirming would do with a row. */
export type ImportRowAction =
  /** A new interpreter: application, account, profile, invitation. */
  | 'new'
  /** The address already has an interpreter account: left as it is. */
  | 'already-interpreter'
  /** The row has an issue: nothing can be imported until it is fixed. */
  | 'invalid'

export interface ImportPreviewRow {
  line: number
  name: string
  email: string
  action: ImportRowAction
  /**
   * For an interpreter already here: the columns whose value in the file differs from their
   * profile. The import does not update a profile (the interpreter and staff change it in
   * the portal), so the preview says what would stay as it is.
   */
  differs?: string[]
}

export interface ImportPreview {
  rows: ImportPreviewRow[]
  issues: ImportIssue[]
  counts: Record<ImportRowAction, number>
}

/** Rows written per transaction: each row wholly in one, and a batch of invitations per write. */
export const IMPORT_BATCH_SIZE = 100
/** One import at a time, so that two confirms of one file cannot both create a person. */
const IMPORT_LOCK = 7261045
const LOOKUP_CHUNK = 1000

type ComparedProfile = Pick<
  typeof interpreterProfiles.$inferSelect,
  | 'userId'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'address'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'languages'
  | 'specializations'
  | 'modalities'
>

/** The profiles of these accounts, by account. */
async function profilesOf(userIds: readonly string[]) {
  const found = new Map<string, ComparedProfile>()
  for (let start = 0; start < userIds.length; start += LOOKUP_CHUNK) {
    const rows = await db()
      .select({
        userId: interpreterProfiles.userId,
        firstName: interpreterProfiles.firstName,
        lastName: interpreterProfiles.lastName,
        phone: interpreterProfiles.phone,
        address: interpreterProfiles.address,
        city: interpreterProfiles.city,
        state: interpreterProfiles.state,
        zipCode: interpreterProfiles.zipCode,
        languages: interpreterProfiles.languages,
        specializations: interpreterProfiles.specializations,
        modalities: interpreterProfiles.modalities,
      })
      .from(interpreterProfiles)
      .where(inArray(interpreterProfiles.userId, userIds.slice(start, start + LOOKUP_CHUNK)))
    for (const row of rows) found.set(row.userId, row)
  }
  return found
}

const sameText = (file: string | undefined, stored: string | null) =>
  (file ?? '') === (stored ?? '')
const sameList = (file: readonly string[], stored: readonly string[]) =>
  file.length === stored.length &&
  file.every((value) => stored.some((other) => other.toLowerCase() === value.toLowerCase()))

/** The headings of the columns whose value differs from the profile. */
function differingColumns(interpreter: ImportedInterpreter, profile: ComparedProfile): string[] {
  const texts = ['firstName', 'lastName', 'phone', 'address', 'city', 'state', 'zipCode'] as const
  const lists = ['languages', 'specializations', 'modalities'] as const
  const keys = [
    ...texts.filter((key) => !sameText(interpreter[key], profile[key])),
    ...lists.filter((key) => !sameList(interpreter[key], profile[key])),
  ]
  return importColumns
    .filter((column) => keys.some((key) => key === column.key))
    .map((column) => column.heading)
}

const OTHER_ACCOUNT_MESSAGE =
  'This e-mail address belongs to a staff or client account, so it cannot be an interpreter: use another address or remove the row.'

/**
 * What confirming the file would do, row by row: reads the accounts, writes nothing. An
 * address with an interpreter account is skipped (so importing the file again changes
 * nothing); one with a staff or client account is an issue of its row.
 */
export async function previewImport(
  rows: readonly ParsedImportRow[],
  fileIssues: readonly ImportIssue[],
): Promise<ImportPreview> {
  const issues = [...fileIssues]
  const emails = rows.flatMap((row) => (row.interpreter ? [row.interpreter.email] : []))
  const accounts = await accountsByEmails(emails)
  const profiles = await profilesOf(
    [...accounts.values()].flatMap((account) =>
      account.role === 'interpreter' ? [account.id] : [],
    ),
  )
  const preview = rows.map((row): ImportPreviewRow => {
    const base = { line: row.line, name: row.name, email: row.email }
    if (!row.interpreter) return { ...base, action: 'invalid' }
    const account = accounts.get(row.interpreter.email)
    if (!account) return { ...base, action: 'new' }
    if (account.role === 'interpreter') {
      const profile = profiles.get(account.id)
      const differs = profile ? differingColumns(row.interpreter, profile) : []
      return { ...base, action: 'already-interpreter', differs }
    }
    issues.push({ line: row.line, column: 'E-mail', message: OTHER_ACCOUNT_MESSAGE })
    return { ...base, action: 'invalid' }
  })
  issues.sort((a, b) => a.line - b.line)
  const counts = { new: 0, 'already-interpreter': 0, invalid: 0 }
  for (const row of preview) counts[row.action]++
  return { rows: preview, issues, counts }
}

export interface ImportOutcome {
  created: number
  /** Rows whose address had an account by the time they were written. */
  skipped: number
}

/**
 * Writes the file's new interpreters, IMPORT_BATCH_SIZE rows per transaction: a row is
 * written whole or not at all, and a failure leaves the batches before it imported (a second
 * confirm of the same file then skips them). The caller has previewed the file and found
 * no issues; an address that gained an account since is skipped here.
 */
export async function confirmImport(
  rows: readonly { line: number; interpreter: ImportedInterpreter }[],
  file: { sha256: string; name: string },
  actor: Actor,
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { created: 0, skipped: 0 }
  for (let start = 0; start < rows.length; start += IMPORT_BATCH_SIZE) {
    const batch = rows.slice(start, start + IMPORT_BATCH_SIZE)
    const created = await db().transaction((tx) => importBatch(tx, batch, file, actor))
    outcome.created += created
    outcome.skipped += batch.length - created
  }
  return outcome
}

async function importBatch(
  tx: Database,
  batch: readonly { line: number; interpreter: ImportedInterpreter }[],
  file: { sha256: string; name: string },
  actor: Actor,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`)
  const accounts = await accountsByEmails(
    batch.map((row) => row.interpreter.email),
    tx,
  )
  const fresh = batch.filter((row) => !accounts.has(row.interpreter.email))
  if (fresh.length === 0) return 0
  const timestamp = now()
  const applications = await tx
    .insert(interpreterApplications)
    .values(
      fresh.map(({ interpreter }) => ({
        status: 'approved' as const,
        source: 'import' as const,
        // The file it came from, by its hash: the audit entry of the import names it too.
        sourceReference: `import:${file.sha256.slice(0, 16)}`,
        position: 'Imported interpreter',
        firstName: interpreter.firstName,
        lastName: interpreter.lastName,
        email: interpreter.email,
        phone: interpreter.phone,
        address: interpreter.address ?? null,
        city: interpreter.city ?? null,
        state: interpreter.state ?? null,
        zipCode: interpreter.zipCode ?? null,
        languages: interpreter.languages,
        // Not in the agency's file: shown empty rather than guessed.
        interpretingExperience: '',
        expectedPayPerMinute: '',
        specializations: interpreter.specializations,
        // No consent form was filled in: the agency's contract with the interpreter is the
        // basis, and this version marks the row as imported rather than consented.
        privacyConsentAt: timestamp,
        privacyNoticeVersion: 'agency-import',
        createdAt: timestamp,
        updatedAt: timestamp,
      })),
    )
    .returning()
  // Matched by address, not by position: the rows come back in no promised order.
  const rowOf = new Map(fresh.map((row) => [row.interpreter.email, row]))
  const imported = applications.map((application) => ({
    application,
    interpreter: rowOf.get(application.email)!.interpreter,
  }))
  await createInterpreterAccounts(
    imported.map(({ application, interpreter }) => ({
      application,
      modalities: interpreter.modalities,
    })),
    actor,
    tx,
  )
  // The credentials the agency has checked count as accepted, each until its expiry date.
  const reviewed = { reviewedById: actor.id, reviewedByName: actor.name, reviewedAt: timestamp }
  const documents = imported.flatMap(({ application, interpreter }) => {
    const credential = { applicationId: application.id, status: 'accepted' as const, ...reviewed }
    return [
      ...(interpreter.medicalTrainingExpires
        ? [
            {
              ...credential,
              step: 'medical_training' as const,
              expiresOn: interpreter.medicalTrainingExpires,
            },
          ]
        : []),
      ...(interpreter.backgroundCheckExpires
        ? [
            {
              ...credential,
              step: 'background_check' as const,
              expiresOn: interpreter.backgroundCheckExpires,
            },
          ]
        : []),
    ]
  })
  if (documents.length > 0) await tx.insert(interpreterDocuments).values(documents)
  await refreshOnboardingProgress(
    tx,
    applications.map((application) => application.id),
  )
  await recordAudit(
    actor,
    {
      action: 'import',
      entityType: 'interpreter_import',
      after: {
        file: file.name,
        sha256: file.sha256,
        lines: fresh.map((row) => row.line),
        applicationIds: applications.map((application) => application.id),
        credentials: documents.length,
      },
    },
    tx,
  )
  return applications.length
}
