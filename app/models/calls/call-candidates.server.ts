import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm'
import {
  callRings,
  calls,
  interpreterApplications,
  interpreterCallPresence,
  interpreterProfiles,
  organizationInterpreters,
} from '../../../db/schema'
import { PRESENCE_SECONDS, type CallCandidate } from '../../domain/call-routing'
import { callStatusesWithInterpreter } from '../../domain/calls'
import type { Database } from '../../platform/db.server'
import { db } from '../../platform/runtime.server'
import { acceptedMedicalCredentials } from '../dispatch/eligibility.server'

/**
 * The interpreters a call could ring at `at`, with what the rules of
 * app/domain/call-routing.ts weigh: those who speak the language, have "Available for calls"
 * on and whose page was heard from within the presence window (the others could never be
 * rung, so they are not read). A ring for this call does not make an interpreter busy; a ring
 * for another call, or a call they hold, does.
 */
export async function callCandidates(
  call: { id: string; organizationId: string; language: string },
  at: Date,
  tx?: Database,
): Promise<CallCandidate[]> {
  const database = db(tx)
  const heardSince = new Date(at.getTime() - PRESENCE_SECONDS * 1000)
  const profiles = await database
    .select({
      id: interpreterProfiles.id,
      applicationId: interpreterProfiles.applicationId,
      languages: interpreterProfiles.languages,
      modalities: interpreterProfiles.modalities,
      specializations: interpreterProfiles.specializations,
      onboardingProgress: sql<number>`coalesce(${interpreterApplications.onboardingProgress}, 0)`,
      available: interpreterCallPresence.available,
      lastSeenAt: interpreterCallPresence.lastSeenAt,
      idleSince: interpreterCallPresence.idleSince,
    })
    .from(interpreterCallPresence)
    .innerJoin(
      interpreterProfiles,
      eq(interpreterProfiles.id, interpreterCallPresence.interpreterId),
    )
    .leftJoin(
      interpreterApplications,
      eq(interpreterApplications.id, interpreterProfiles.applicationId),
    )
    .where(
      and(
        eq(interpreterCallPresence.available, true),
        gt(interpreterCallPresence.lastSeenAt, heardSince),
        isNull(interpreterCallPresence.goneAt),
        sql`${interpreterProfiles.languages} @> array[${call.language}]::text[]`,
      ),
    )
  if (profiles.length === 0) return []
  const ids = profiles.map((profile) => profile.id)
  const applicationIds = profiles.flatMap((profile) =>
    profile.applicationId ? [profile.applicationId] : [],
  )
  const credentials =
    applicationIds.length === 0 ? [] : await acceptedMedicalCredentials(database, applicationIds)
  const preferences = await database
    .select({
      interpreterId: organizationInterpreters.interpreterId,
      preference: organizationInterpreters.preference,
    })
    .from(organizationInterpreters)
    .where(
      and(
        eq(organizationInterpreters.organizationId, call.organizationId),
        inArray(organizationInterpreters.interpreterId, ids),
      ),
    )
  const ringing = await database
    .select({ interpreterId: callRings.interpreterId })
    .from(callRings)
    .where(
      and(
        inArray(callRings.interpreterId, ids),
        isNull(callRings.outcome),
        ne(callRings.callId, call.id),
      ),
    )
  const onCall = await database
    .select({ interpreterId: sql<string>`${calls.interpreterId}` })
    .from(calls)
    .where(
      and(
        inArray(calls.interpreterId, ids),
        inArray(calls.status, [...callStatusesWithInterpreter]),
      ),
    )
  const busy = new Set([...ringing, ...onCall].map((row) => row.interpreterId))
  const preferenceOf = new Map(preferences.map((row) => [row.interpreterId, row.preference]))
  const expiriesOf = new Map<string, (string | null)[]>()
  for (const row of credentials)
    expiriesOf.set(row.applicationId, [...(expiriesOf.get(row.applicationId) ?? []), row.expiresOn])
  return profiles.map((profile) => ({
    id: profile.id,
    languages: profile.languages,
    modalities: profile.modalities,
    specializations: profile.specializations,
    onboardingProgress: Number(profile.onboardingProgress),
    medicalCredentialExpiries: profile.applicationId
      ? (expiriesOf.get(profile.applicationId) ?? [])
      : [],
    organizationPreference: preferenceOf.get(profile.id) ?? null,
    availableForCalls: profile.available,
    lastSeenAt: profile.lastSeenAt,
    busy: busy.has(profile.id),
    idleSince: profile.idleSince,
  }))
}
