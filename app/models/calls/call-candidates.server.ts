import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
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
  const online = and(
    eq(interpreterCallPresence.available, true),
    gt(interpreterCallPresence.lastSeenAt, heardSince),
    isNull(interpreterCallPresence.goneAt),
    sql`${interpreterProfiles.languages} @> array[${call.language}]::text[]`,
  )
  // One query, whatever the number online: busy and the organization's preference are read in
  // the database beside each interpreter, not by sending their ids back to it.
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
      preference: organizationInterpreters.preference,
      busy: sql<boolean>`(exists (select 1 from ${callRings} where ${callRings.interpreterId} = ${interpreterProfiles.id}
          and ${callRings.outcome} is null and ${callRings.callId} <> ${call.id})
        or exists (select 1 from ${calls} where ${calls.interpreterId} = ${interpreterProfiles.id}
          and ${inArray(calls.status, [...callStatusesWithInterpreter])}))`,
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
    .leftJoin(
      organizationInterpreters,
      and(
        eq(organizationInterpreters.interpreterId, interpreterProfiles.id),
        eq(organizationInterpreters.organizationId, call.organizationId),
      ),
    )
    .where(online)
  if (profiles.length === 0) return []
  const credentials = await acceptedMedicalCredentials(
    database,
    database
      .select({ id: interpreterProfiles.applicationId })
      .from(interpreterCallPresence)
      .innerJoin(
        interpreterProfiles,
        eq(interpreterProfiles.id, interpreterCallPresence.interpreterId),
      )
      .where(online),
  )
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
    organizationPreference: profile.preference ?? null,
    availableForCalls: profile.available,
    lastSeenAt: profile.lastSeenAt,
    busy: Boolean(profile.busy),
    idleSince: profile.idleSince,
  }))
}
