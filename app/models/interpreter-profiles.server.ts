import { eq } from 'drizzle-orm'
import { interpreterApplications, interpreterProfiles, users } from '../../db/schema'
import { normalizeEmail } from '../domain/email'
import { languagePairsFromApplication } from '../domain/language-pairs'
import type { InterpreterGender, Modality } from '../domain/interpreter-profile'
import { officeTimeZone } from '../domain/office'
import { interpreterInvitationMail } from '../emails/interpreter-invitation.server'
import type { Database } from '../platform/db.server'
import { now } from '../platform/clock.server'
import { enqueueMail } from '../platform/mail/outbox.server'
import { db, runtime } from '../platform/runtime.server'
import { recordAudit, recordAudits, type Actor } from './audit.server'
import { createAuthTokens } from './auth-tokens.server'
import { findUserByEmail, hasUsablePassword, INVITED_PASSWORD_HASH } from './users.server'

type Application = typeof interpreterApplications.$inferSelect
export type InterpreterProfile = typeof interpreterProfiles.$inferSelect

/** What an application's portal account is: the detail dialog shows it. */
export type PortalAccount =
  { state: 'none' } | { state: 'other-role' } | { state: 'invited' | 'active'; userId: string }

/**
 * Makes the approved applicant an interpreter: an account without a password and a profile
 * copied from the application (its languages become the profile's language pairs), then (unless staff chose to send no e-mail) the invitation
 * to choose a password. Runs in the approval's transaction. A person who already has an
 * interpreter profile (a second approved application) gets nothing new; an address that
 * belongs to a staff or client account is left alone.
 */
export async function createInterpreterAccount(
  application: Application,
  actor: Actor,
  options: { invite: boolean },
  tx: Database,
): Promise<Exclude<PortalAccount, { state: 'none' }>> {
  const email = normalizeEmail(application.email)
  const existing = await findUserByEmail(email, tx)
  if (existing && existing.role !== 'interpreter') return { state: 'other-role' }
  if (!existing)
    // Two approvals of the same person at once: the second insert finds the first's row.
    await tx
      .insert(users)
      .values({
        email,
        name: `${application.firstName} ${application.lastName}`,
        role: 'interpreter',
        passwordHash: INVITED_PASSWORD_HASH,
      })
      .onConflictDoNothing()
  const user = existing ?? (await findUserByEmail(email, tx))
  if (!user) throw new Error('The interpreter account was not stored.')
  if (user.role !== 'interpreter') return { state: 'other-role' }
  const created = await tx
    .insert(interpreterProfiles)
    .values(profileValuesOf(application, user.id))
    .onConflictDoNothing({ target: interpreterProfiles.userId })
    .returning({ id: interpreterProfiles.id })
  if (created.length > 0)
    await recordAudit(
      actor,
      {
        action: 'create',
        entityType: 'interpreter_profile',
        entityId: created[0]!.id,
        after: { userId: user.id, applicationId: application.id },
      },
      tx,
    )
  const active = hasUsablePassword(user)
  if (!active && options.invite && created.length > 0)
    await queueInvitation(user.id, application.firstName, email, actor, tx)
  return { state: active ? 'active' : 'invited', userId: user.id }
}

/** The profile an approved application makes: what the applicant told us, nothing typed twice. */
function profileValuesOf(
  application: Application,
  userId: string,
): typeof interpreterProfiles.$inferInsert {
  return {
    userId,
    applicationId: application.id,
    firstName: application.firstName,
    lastName: application.lastName,
    phone: application.phone,
    address: application.address,
    city: application.city,
    state: application.state,
    zipCode: application.zipCode,
    // Until they set their own: the weekly availability's hours are read in it.
    timeZone: officeTimeZone(),
    // What they applied for, each paired with English; never English itself, which would
    // ask onboarding for a certificate of English and English.
    languages: languagePairsFromApplication(application.languages),
    interpretingExperience: application.interpretingExperience,
    medicalExperience: application.medicalExperience,
    specializations: application.specializations,
  }
}

/**
 * `createInterpreterAccount` for a batch of approved applications whose addresses the caller
 * has found without any account (under a lock, in its transaction): the same accounts,
 * profiles (with the modalities given) and audit entries, in a few statements rather than a
 * few per person, and the invitations queued together. The import of an agency's
 * interpreters uses it (app/models/interpreter-import.server.ts).
 */
export async function createInterpreterAccounts(
  people: readonly { application: Application; modalities: Modality[] }[],
  actor: Actor,
  tx: Database,
): Promise<{ applicationId: string; userId: string }[]> {
  if (people.length === 0) return []
  const accounts = await tx
    .insert(users)
    .values(
      people.map(({ application }) => ({
        email: normalizeEmail(application.email),
        name: `${application.firstName} ${application.lastName}`,
        role: 'interpreter' as const,
        passwordHash: INVITED_PASSWORD_HASH,
      })),
    )
    .returning({ id: users.id, email: users.email })
  const userIdOf = new Map(accounts.map((account) => [account.email, account.id]))
  const created = people.map(({ application, modalities }) => {
    const userId = userIdOf.get(normalizeEmail(application.email))
    if (!userId) throw new Error('An interpreter account was not stored.')
    return { application, modalities, userId }
  })
  const profiles = await tx
    .insert(interpreterProfiles)
    .values(
      created.map(({ application, modalities, userId }) => ({
        ...profileValuesOf(application, userId),
        modalities,
      })),
    )
    .returning({ id: interpreterProfiles.id, userId: interpreterProfiles.userId })
  const applicationOf = new Map(created.map((person) => [person.userId, person.application.id]))
  await recordAudits(
    actor,
    profiles.map((profile) => ({
      action: 'create',
      entityType: 'interpreter_profile',
      entityId: profile.id,
      after: { userId: profile.userId, applicationId: applicationOf.get(profile.userId) },
    })),
    tx,
  )
  await queueInterpreterInvitations(
    created.map(({ application, userId }) => ({
      userId,
      firstName: application.firstName,
      email: normalizeEmail(application.email),
    })),
    actor,
    tx,
  )
  return created.map(({ application, userId }) => ({ applicationId: application.id, userId }))
}

/** The portal account of the person who sent an application, found by its address. */
export async function portalAccountOf(applicationEmail: string): Promise<PortalAccount> {
  const user = await findUserByEmail(normalizeEmail(applicationEmail))
  if (!user) return { state: 'none' }
  if (user.role !== 'interpreter') return { state: 'other-role' }
  return { state: hasUsablePassword(user) ? 'active' : 'invited', userId: user.id }
}

/**
 * Staff's "Send portal invitation": for an approved applicant without a password yet, a
 * fresh 48-hour link (an older one stays valid until it expires, or until any of them is used). An applicant
 * approved before portal accounts existed gets the account first.
 */
export async function sendPortalInvitation(
  applicationId: string,
  actor: Actor,
): Promise<'sent' | 'missing' | 'not-approved' | 'already-active' | 'other-role'> {
  return db().transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(interpreterApplications)
      .where(eq(interpreterApplications.id, applicationId))
      .for('update')
    if (!application) return 'missing'
    if (application.status !== 'approved') return 'not-approved'
    const account = await createInterpreterAccount(application, actor, { invite: false }, tx)
    if (account.state === 'other-role') return 'other-role'
    if (account.state === 'active') return 'already-active'
    const profile = await findProfileOfUser(account.userId, tx)
    const email = normalizeEmail(application.email)
    await queueInvitation(
      account.userId,
      profile?.firstName ?? application.firstName,
      email,
      actor,
      tx,
    )
    return 'sent'
  })
}

export async function findProfileOfUser(
  userId: string,
  tx?: Database,
): Promise<InterpreterProfile | undefined> {
  const [profile] = await db(tx)
    .select()
    .from(interpreterProfiles)
    .where(eq(interpreterProfiles.userId, userId))
  return profile
}

async function queueInvitation(
  userId: string,
  firstName: string,
  email: string,
  actor: Actor,
  tx: Database,
) {
  await queueInterpreterInvitations([{ userId, firstName, email }], actor, tx)
}

/**
 * The invitations to choose a password, each with its own 48-hour link, queued in the
 * caller's transaction as one write to the outbox (an import queues a batch of them at once:
 * app/models/interpreter-import.server.ts).
 */
export async function queueInterpreterInvitations(
  invitees: readonly { userId: string; firstName: string; email: string }[],
  actor: Actor,
  tx: Database,
) {
  const { config } = runtime()
  const tokens = await createAuthTokens('invitation', invitees, tx)
  const mails = invitees.map((invitee, index) => ({
    template: 'interpreter-invitation',
    to: invitee.email,
    replyTo: config.mailReplyTo,
    reference: `user:${invitee.userId}`,
    ...interpreterInvitationMail({
      firstName: invitee.firstName,
      acceptUrl: `${config.siteUrl}/accept-invite?token=${tokens[index]}`,
      company: config.company,
    }),
  }))
  await recordAudits(
    actor,
    invitees.map((invitee) => ({
      action: 'invite',
      entityType: 'user',
      entityId: invitee.userId,
      after: { role: 'interpreter' },
    })),
    tx,
  )
  await enqueueMail(tx, mails)
}

/**
 * The interpreter's own contact details and time zone (docs/product.md#profile); they count
 * at once, unlike languages and specializations. False when the account has no profile.
 */
export async function updateContactDetails(
  user: Actor,
  details: {
    phone: string
    address?: string
    city?: string
    state?: string
    zipCode?: string
    timeZone: string
  },
): Promise<boolean> {
  return updateOwnProfile(user, 'update_contact_details', {
    phone: details.phone,
    address: details.address ?? null,
    city: details.city ?? null,
    state: details.state ?? null,
    zipCode: details.zipCode ?? null,
    timeZone: details.timeZone,
  })
}

/** How the interpreter works: modalities and the travel radius for on-site work. */
export async function updateWorkPreferences(
  user: Actor,
  preferences: {
    modalities: Modality[]
    travelRadiusMiles: number | null
    gender: InterpreterGender | null
  },
): Promise<boolean> {
  return updateOwnProfile(user, 'update_work_preferences', preferences)
}

async function updateOwnProfile(
  user: Actor,
  action: string,
  values: Partial<
    Pick<
      InterpreterProfile,
      | 'phone'
      | 'address'
      | 'city'
      | 'state'
      | 'zipCode'
      | 'timeZone'
      | 'modalities'
      | 'travelRadiusMiles'
      | 'gender'
    >
  >,
): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(interpreterProfiles)
      .where(eq(interpreterProfiles.userId, user.id))
      .for('update')
    if (!before) return false
    await tx
      .update(interpreterProfiles)
      .set({ ...values, updatedAt: now() })
      .where(eq(interpreterProfiles.id, before.id))
    const keys = Object.keys(values) as (keyof typeof values)[]
    await recordAudit(
      user,
      {
        action,
        entityType: 'interpreter_profile',
        entityId: before.id,
        before: Object.fromEntries(keys.map((key) => [key, before[key]])),
        after: values,
      },
      tx,
    )
    return true
  })
}
