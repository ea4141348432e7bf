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

/** A page of the candidates in ring order: `size` of them from the `offset`-th on. */
export interface CandidatePage {
  size: number
  offset: number
}

/**
 * The interpreters a call could ring at `at`, with what the rules of
 * app/domain/call-routing.ts weigh: those who speak the language, have "Available for calls"
 * on and whose page was heard from within the presence window (the others could never be
 * rung, so they are not read). A ring for this call does not make an interpreter busy; a ring
 * for another call, or a call they hold, does. With `among`, only those interpreters are read:
 * a call still in its first wave can ring nobody else. With `page`, only a page of those not
 * busy nor blocked, in ring order: a call's first three rarely need more than the first page.
 */
export async function callCandidates(
  call: { id: string; organizationId: string; language: string },
  at: Date,
  tx?: Database,
  options: { among?: readonly string[]; page?: CandidatePage } = {},
): Promise<CallCandidate[]> {
  const database = db(tx)
  const { among, page } = options
  if (among?.length === 0) return []
  const heardSince = new Date(at.getTime() - PRESENCE_SECONDS * 1000)
  const online = and(
    eq(interpreterCallPresence.available, true),
    gt(interpreterCallPresence.lastSeenAt, heardSince),
    isNull(interpreterCallPresence.goneAt),
    sql`${interpreterProfiles.languages} @> array[${call.language}]::text[]`,
    among ? inArray(interpreterCallPresence.interpreterId, [...among]) : undefined,
  )
  const busy = sql<boolean>`(exists (select 1 from ${callRings} where ${callRings.interpreterId} = ${interpreterProfiles.id}
      and ${callRings.outcome} is null and ${callRings.callId} <> ${call.id})
    or exists (select 1 from ${calls} where ${calls.interpreterId} = ${interpreterProfiles.id}
      and ${inArray(calls.status, [...callStatusesWithInterpreter])}))`
  // One query, whatever the number online: busy and the organization's preference are read in
  // the database beside each interpreter, not by sending their ids back to it.
  const query = database
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
      busy,
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
  const profiles = page
    ? // Those who could never ring this call are left out in the database, the rest come in
      // ring order (app/domain/call-routing.ts, `ringOrder`; idle times kept to the
      // millisecond, as JavaScript compares them), a page at a time.
      await query
        .where(
          and(
            online,
            sql`not ${busy}`,
            sql`${organizationInterpreters.preference} is distinct from 'blocked'`,
          ),
        )
        .orderBy(
          sql`${organizationInterpreters.preference} is not distinct from 'preferred' desc`,
          sql`date_trunc('milliseconds', ${interpreterCallPresence.idleSince}) asc nulls first`,
          interpreterProfiles.id,
        )
        .limit(page.size)
        .offset(page.offset)
    : await query.where(online)
  if (profiles.length === 0) return []
  const credentials = await acceptedMedicalCredentials(
    database,
    page
      ? profiles.flatMap((profile) => (profile.applicationId ? [profile.applicationId] : []))
      : database
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
