import { zonedTimeToUtc, type BookingSetting } from './bookings'
import { exclusionReasons, readinessReasons, speaksLanguage } from './dispatch'
import { addDays, type IsoDate } from './onboarding'
import type { InterpreterPreference } from './organizations'

/**
 * Who an on-demand call rings, and when (docs/product.md#on-demand-call-routing). Pure rules of
 * time: the caller passes the instant, so a fake clock drives every rule in the tests.
 */

/** A ring not answered within this long counts as declined. */
export const RING_SECONDS = 20
/** The first wave rings at most this many interpreters… */
export const FIRST_WAVE_SIZE = 3
/** …for this long; then every eligible interpreter is rung. */
export const FIRST_WAVE_SECONDS = 15
/** After this long the client may keep waiting, switch to audio only, or ask for a callback. */
export const WAIT_CHOICES_SECONDS = 60
/** An interpreter not heard from for this long is not present: they are not rung. */
export const PRESENCE_SECONDS = 10
/** An interpreter not heard from for this long during a call has dropped: the call ends. */
export const INTERPRETER_GONE_SECONDS = 20
/** An instance not heard beating for this long is dead: its pages are gone with it. */
export const INSTANCE_SILENT_SECONDS = 10
/** Declined or missed rings in a row after which an interpreter is set unavailable. */
export const MISSED_RINGS_LIMIT = 3

export const callMedia = ['video', 'audio'] as const
export type CallMedia = (typeof callMedia)[number]

/** The call as routing needs it. */
export interface CallRequest {
  language: string
  media: CallMedia
  setting: BookingSetting
  /** When the client pressed Connect now. */
  startedAt: Date
  /**
   * The call takes up one whose interpreter dropped: it is at the front of the queue, ringing
   * every eligible interpreter at once.
   */
  resumes?: boolean
}

/** An interpreter as routing weighs them at one instant. */
export interface CallCandidate {
  id: string
  languages: readonly string[]
  modalities: readonly string[]
  specializations: readonly string[]
  onboardingProgress: number
  /** Expiry dates of accepted medical credentials (null: no expiry date). */
  medicalCredentialExpiries: readonly (IsoDate | null)[]
  organizationPreference: InterpreterPreference | null
  /** "Available for calls" is on. */
  availableForCalls: boolean
  /** When their page was last heard from; null: never connected. */
  lastSeenAt: Date | null
  /** On a call, or ringing for another call. */
  busy: boolean
  /** When their last call ended; null: no call yet (the longest idle of all). */
  idleSince: Date | null
}

export const callExclusionReasons = {
  unavailable: 'Not available for calls',
  offline: 'Not online',
  busy: 'On another call',
} as const
export type CallExclusionReason =
  | (typeof callExclusionReasons)[keyof typeof callExclusionReasons]
  | (typeof exclusionReasons)[
      'blocked' | 'language' | 'modality' | 'specialization' | 'onboarding' | 'medical']

/** Whether an interpreter's page was heard from within the presence window. */
export function isPresent(lastSeenAt: Date | null, at: Date): boolean {
  return lastSeenAt !== null && at.getTime() - lastSeenAt.getTime() < PRESENCE_SECONDS * 1000
}

/** A credential dated `expiresOn` is current until the end of that day on the office's clock. */
export function credentialCurrentAt(expiresOn: IsoDate | null, at: Date, timeZone: string) {
  return expiresOn === null || at < zonedTimeToUtc(addDays(expiresOn, 1), '00:00', timeZone)
}

/** The booking modalities that serve a call: video needs video; audio takes phone or video. */
function servesMedia(modalities: readonly string[], media: CallMedia): boolean {
  return media === 'video'
    ? modalities.includes('video')
    : modalities.includes('phone') || modalities.includes('video')
}

/**
 * Every rule the interpreter fails for the call at `at`; [] = eligible. The booking side's
 * rules (language, modality, specialization for the setting, onboarding, a medical credential
 * current now, the organization's blocked list) plus available, online and free.
 */
export function callExclusions(
  call: CallRequest,
  candidate: CallCandidate,
  at: Date,
  officeTimeZone: string,
): CallExclusionReason[] {
  const reasons: CallExclusionReason[] = []
  if (!candidate.availableForCalls) reasons.push(callExclusionReasons.unavailable)
  if (!isPresent(candidate.lastSeenAt, at)) reasons.push(callExclusionReasons.offline)
  if (candidate.busy) reasons.push(callExclusionReasons.busy)
  if (candidate.organizationPreference === 'blocked') reasons.push(exclusionReasons.blocked)
  if (!speaksLanguage(candidate.languages, call.language)) reasons.push(exclusionReasons.language)
  if (!servesMedia(candidate.modalities, call.media)) reasons.push(exclusionReasons.modality)
  reasons.push(...(readinessReasons(call.setting, candidate) as CallExclusionReason[]))
  if (
    call.setting === 'medical' &&
    !candidate.medicalCredentialExpiries.some((expiresOn) =>
      credentialCurrentAt(expiresOn, at, officeTimeZone),
    )
  )
    reasons.push(exclusionReasons.medical)
  return reasons
}

/** The organization's preferred interpreters first, then the longest idle, then by id. */
export function ringOrder<Candidate extends CallCandidate>(candidates: readonly Candidate[]) {
  const idle = (candidate: CallCandidate) => candidate.idleSince?.getTime() ?? -Infinity
  return [...candidates].sort(
    (a, b) =>
      Number(b.organizationPreference === 'preferred') -
        Number(a.organizationPreference === 'preferred') ||
      idle(a) - idle(b) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}

/** Every eligible interpreter for the call as it starts, in ring order. */
export function eligibleInRingOrder(
  call: CallRequest,
  candidates: readonly CallCandidate[],
  officeTimeZone: string,
): string[] {
  return ringOrder(
    candidates.filter(
      (candidate) => callExclusions(call, candidate, call.startedAt, officeTimeZone).length === 0,
    ),
  ).map((candidate) => candidate.id)
}

/** How many the first wave rings: three, or every eligible one for a call that takes up a dropped one. */
export function firstWaveSize(call: Pick<CallRequest, 'resumes'>): number {
  return call.resumes ? Infinity : FIRST_WAVE_SIZE
}

/**
 * The first wave, chosen when the call starts: up to three eligible interpreters, in order;
 * every eligible one for a call that takes up a dropped one.
 */
export function firstWave(
  call: CallRequest,
  candidates: readonly CallCandidate[],
  officeTimeZone: string,
): string[] {
  return eligibleInRingOrder(call, candidates, officeTimeZone).slice(0, firstWaveSize(call))
}

/**
 * Whether the call rings every eligible interpreter at `at`: from 15 seconds on, and at once for
 * a call that takes up a dropped one. Before that only its first wave can ring.
 */
export function ringWidened(call: Pick<CallRequest, 'resumes' | 'startedAt'>, at: Date): boolean {
  return (
    call.resumes === true || at.getTime() - call.startedAt.getTime() >= FIRST_WAVE_SECONDS * 1000
  )
}

/**
 * Who should be ringing for the call at `at`: in the first 15 seconds the first wave, after
 * that every eligible interpreter; never one who declined or missed this call's ring, nor
 * anyone not eligible at `at` (gone offline, set unavailable, rung by another call).
 */
export function ringTargets(
  call: CallRequest,
  candidates: readonly CallCandidate[],
  at: Date,
  state: { firstWave: readonly string[]; declined: ReadonlySet<string> },
  officeTimeZone: string,
): string[] {
  const widened = ringWidened(call, at)
  const inWave = new Set(state.firstWave)
  return ringOrder(
    candidates.filter(
      (candidate) =>
        (widened || inWave.has(candidate.id)) &&
        !state.declined.has(candidate.id) &&
        callExclusions(call, candidate, at, officeTimeZone).length === 0,
    ),
  ).map((candidate) => candidate.id)
}

/**
 * Whether an interpreter on a call, last heard from at `lastSeenAt`, has dropped at `at`: not
 * heard from for 20 s, or heard last through an instance that has not beaten for 10 s (it
 * died; a page reconnects to another within seconds, and is then heard through that one).
 */
export function interpreterGone(
  lastSeenAt: Date | null,
  at: Date,
  instanceBeatAt: Date | null = null,
): boolean {
  return (
    lastSeenAt === null ||
    at.getTime() - lastSeenAt.getTime() >= INTERPRETER_GONE_SECONDS * 1000 ||
    (instanceBeatAt !== null &&
      at.getTime() - instanceBeatAt.getTime() >= INSTANCE_SILENT_SECONDS * 1000)
  )
}

/** A ring started at `ringStartedAt` is over, unanswered, at `at`: it counts as declined. */
export function ringMissed(ringStartedAt: Date, at: Date): boolean {
  return at.getTime() - ringStartedAt.getTime() >= RING_SECONDS * 1000
}

/** The client is offered to keep waiting, switch to audio only, or leave a callback request. */
export function waitChoicesDue(call: Pick<CallRequest, 'startedAt'>, at: Date): boolean {
  return at.getTime() - call.startedAt.getTime() >= WAIT_CHOICES_SECONDS * 1000
}

/**
 * After a ring declined or missed, whether the interpreter is set unavailable: three in a row
 * (an accepted call resets the count, which the caller keeps).
 */
export function unavailableAfterMisses(missesInARow: number): boolean {
  return missesInARow >= MISSED_RINGS_LIMIT
}
