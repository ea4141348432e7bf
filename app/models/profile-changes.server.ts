import { and, asc, eq } from 'drizzle-orm'
import { interpreterProfileChanges, interpreterProfiles, users } from '../../db/schema'
import { labelOf, specializationChoices } from '../content/application-options'
import { proficiencyLabel, type LanguageProficiency, type LanguageSkill } from '../domain/languages'
import { profileChangeDecisionMail } from '../emails/profile-change-decision.server'
import type { Database } from '../platform/db.server'
import { now } from '../platform/clock.server'
import { enqueueMail } from '../platform/mail/outbox.server'
import { db, runtime } from '../platform/runtime.server'
import { recordAudit, type Actor } from './audit.server'
import { refreshOnboardingProgress } from './onboarding/progress.server'

/**
 * Changes of languages and specializations wait for staff (docs/product.md#profile): the
 * profile keeps the approved values, and a request is copied onto it only when approved.
 * One pending request per profile: a new one replaces it.
 */

export interface ProfileChangeRequest {
  languages: LanguageSkill[]
  specializations: string[]
}

export interface PendingProfileChange extends ProfileChangeRequest {
  id: string
  createdAt: Date
}

/** What staff compare: the approved values and the requested ones. */
export interface ProfileChangeForReview extends PendingProfileChange {
  interpreterName: string
  current: ProfileChangeRequest
}

type Profile = typeof interpreterProfiles.$inferSelect

/** The profile's approved languages, each with its proficiency. */
export function approvedLanguages(profile: Profile): LanguageSkill[] {
  return profile.languages.map((language) => ({
    language,
    proficiency: profile.languageProficiency[language] ?? null,
  }))
}

function sameRequest(a: ProfileChangeRequest, b: ProfileChangeRequest): boolean {
  const languages = (request: ProfileChangeRequest) =>
    request.languages
      .map((entry) => `${entry.language}:${entry.proficiency ?? ''}`)
      .sort()
      .join('|')
  const specializations = (request: ProfileChangeRequest) =>
    [...request.specializations].sort().join('|')
  return languages(a) === languages(b) && specializations(a) === specializations(b)
}

async function lockedProfileOfUser(userId: string, tx: Database) {
  const [profile] = await tx
    .select()
    .from(interpreterProfiles)
    .where(eq(interpreterProfiles.userId, userId))
    .for('update')
  return profile
}

export async function pendingChangeOf(profileId: string): Promise<PendingProfileChange | null> {
  const [change] = await db()
    .select({
      id: interpreterProfileChanges.id,
      languages: interpreterProfileChanges.languages,
      specializations: interpreterProfileChanges.specializations,
      createdAt: interpreterProfileChanges.createdAt,
    })
    .from(interpreterProfileChanges)
    .where(
      and(
        eq(interpreterProfileChanges.profileId, profileId),
        eq(interpreterProfileChanges.status, 'pending'),
      ),
    )
  return change ?? null
}

/**
 * The interpreter asks for new languages and specializations. A request that matches what
 * the profile already has changes nothing ('unchanged'); otherwise it replaces any request
 * still waiting.
 */
export async function requestProfileChange(
  user: Actor,
  request: {
    languages: { language: string; proficiency: LanguageProficiency }[]
    specializations: string[]
  },
): Promise<'requested' | 'unchanged' | 'no-profile'> {
  return db().transaction(async (tx) => {
    const profile = await lockedProfileOfUser(user.id, tx)
    if (!profile) return 'no-profile'
    const current = {
      languages: approvedLanguages(profile),
      specializations: profile.specializations,
    }
    if (sameRequest(current, request)) return 'unchanged'
    await tx
      .update(interpreterProfileChanges)
      .set({ status: 'replaced' })
      .where(
        and(
          eq(interpreterProfileChanges.profileId, profile.id),
          eq(interpreterProfileChanges.status, 'pending'),
        ),
      )
    const [created] = await tx
      .insert(interpreterProfileChanges)
      .values({
        profileId: profile.id,
        languages: request.languages,
        specializations: request.specializations,
      })
      .returning({ id: interpreterProfileChanges.id })
    await recordAudit(
      user,
      {
        action: 'request_profile_change',
        entityType: 'interpreter_profile',
        entityId: profile.id,
        before: current,
        after: { changeId: created!.id, ...request },
      },
      tx,
    )
    return 'requested'
  })
}

/** Withdraws the interpreter's own waiting request; false when it is not theirs or not waiting. */
export async function withdrawProfileChange(user: Actor, changeId: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const profile = await lockedProfileOfUser(user.id, tx)
    if (!profile) return false
    const withdrawn = await tx
      .update(interpreterProfileChanges)
      .set({ status: 'withdrawn' })
      .where(
        and(
          eq(interpreterProfileChanges.id, changeId),
          eq(interpreterProfileChanges.profileId, profile.id),
          eq(interpreterProfileChanges.status, 'pending'),
        ),
      )
      .returning({ id: interpreterProfileChanges.id })
    if (withdrawn.length === 0) return false
    await recordAudit(
      user,
      {
        action: 'withdraw_profile_change',
        entityType: 'interpreter_profile',
        entityId: profile.id,
        after: { changeId },
      },
      tx,
    )
    return true
  })
}

/** Every waiting request, oldest first, with the interpreter's approved values beside it. */
export async function listPendingProfileChanges(): Promise<ProfileChangeForReview[]> {
  const rows = await db()
    .select({ change: interpreterProfileChanges, profile: interpreterProfiles })
    .from(interpreterProfileChanges)
    .innerJoin(interpreterProfiles, eq(interpreterProfiles.id, interpreterProfileChanges.profileId))
    .where(eq(interpreterProfileChanges.status, 'pending'))
    .orderBy(asc(interpreterProfileChanges.createdAt), asc(interpreterProfileChanges.id))
  return rows.map(({ change, profile }) => ({
    id: change.id,
    createdAt: change.createdAt,
    languages: change.languages,
    specializations: change.specializations,
    interpreterName: `${profile.firstName} ${profile.lastName}`,
    current: { languages: approvedLanguages(profile), specializations: profile.specializations },
  }))
}

export type ProfileChangeDecision =
  { decision: 'approved' } | { decision: 'rejected'; reason: string }

/** The lines the decision e-mail lists: each language with its proficiency, then specializations. */
function requestLines(request: ProfileChangeRequest): string[] {
  const specializations = request.specializations.map((value) =>
    labelOf(specializationChoices, value),
  )
  return [
    ...request.languages.map(
      (entry) => `${entry.language} (${proficiencyLabel(entry.proficiency ?? undefined)})`,
    ),
    `Specializations: ${specializations.length > 0 ? specializations.join(', ') : 'none'}`,
  ]
}

/**
 * Staff approve (the request's values become the profile's) or reject (with a reason) a
 * waiting request; the interpreter is e-mailed the decision in the same transaction, and the
 * decision is audited. 'not-pending' when it was withdrawn, replaced or decided meanwhile.
 */
export async function decideProfileChange(
  changeId: string,
  decision: ProfileChangeDecision,
  actor: Actor,
): Promise<'decided' | 'missing' | 'not-pending'> {
  return db().transaction(async (tx) => {
    const [found] = await tx
      .select({ profileId: interpreterProfileChanges.profileId })
      .from(interpreterProfileChanges)
      .where(eq(interpreterProfileChanges.id, changeId))
    if (!found) return 'missing'
    // The profile first, then the request: the order the interpreter's own changes lock in.
    const [profile] = await tx
      .select()
      .from(interpreterProfiles)
      .where(eq(interpreterProfiles.id, found.profileId))
      .for('update')
    const [change] = await tx
      .select()
      .from(interpreterProfileChanges)
      .where(eq(interpreterProfileChanges.id, changeId))
      .for('update')
    if (!profile || !change) return 'missing'
    if (change.status !== 'pending') return 'not-pending'
    const decidedAt = now()
    const reason = decision.decision === 'rejected' ? decision.reason : null
    const before = {
      languages: approvedLanguages(profile),
      specializations: profile.specializations,
    }
    if (decision.decision === 'approved')
      await tx
        .update(interpreterProfiles)
        .set({
          languages: change.languages.map((entry) => entry.language),
          languageProficiency: Object.fromEntries(
            change.languages
              .filter((entry) => entry.proficiency)
              .map((entry) => [entry.language, entry.proficiency!]),
          ),
          specializations: change.specializations,
          updatedAt: decidedAt,
        })
        .where(eq(interpreterProfiles.id, profile.id))
    // The languages decide which proficiency certificates onboarding asks for.
    if (decision.decision === 'approved' && profile.applicationId)
      await refreshOnboardingProgress(tx, [profile.applicationId])
    await tx
      .update(interpreterProfileChanges)
      .set({
        status: decision.decision,
        reason,
        decidedAt,
        decidedById: actor.id,
        decidedByName: actor.name,
      })
      .where(eq(interpreterProfileChanges.id, change.id))
    await recordAudit(
      actor,
      {
        action:
          decision.decision === 'approved' ? 'approve_profile_change' : 'reject_profile_change',
        entityType: 'interpreter_profile',
        entityId: profile.id,
        before,
        after: {
          changeId: change.id,
          languages: change.languages,
          specializations: change.specializations,
          ...(reason ? { reason } : {}),
        },
      },
      tx,
    )
    const [account] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, profile.userId))
    if (account) {
      const { config } = runtime()
      const mail = profileChangeDecisionMail({
        firstName: profile.firstName,
        decision: decision.decision,
        requested: requestLines(change),
        reason,
        profileUrl: `${config.siteUrl}/interpreter/profile`,
        company: config.company,
      })
      await enqueueMail(tx, [
        {
          template: 'profile-change-decision',
          to: account.email,
          replyTo: config.mailReplyTo,
          reference: `interpreter_profile:${profile.id}`,
          ...mail,
        },
      ])
    }
    return 'decided'
  })
}
