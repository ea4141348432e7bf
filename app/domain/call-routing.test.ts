import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bookingSettingValues } from './bookings'
import {
  callExclusions,
  callMedia,
  credentialCurrentAt,
  FIRST_WAVE_SECONDS,
  FIRST_WAVE_SIZE,
  firstWave,
  interpreterGone,
  isPresent,
  ringMissed,
  ringOrder,
  ringTargets,
  unavailableAfterMisses,
  waitChoicesDue,
  type CallCandidate,
  type CallRequest,
} from './call-routing'
import { ONBOARDING_STEP_COUNT } from './statistics'

const ZONE = 'America/New_York'
const START = Date.parse('2027-03-10T15:00:00Z')

const complete: CallCandidate = {
  id: 'ana',
  languages: ['Spanish'],
  modalities: ['phone', 'video'],
  specializations: ['medical', 'legal', 'business'],
  onboardingProgress: ONBOARDING_STEP_COUNT,
  medicalCredentialExpiries: ['2099-12-31'],
  organizationPreference: null,
  availableForCalls: true,
  lastSeenAt: new Date(START),
  busy: false,
  idleSince: null,
}

const call = (extra: Partial<CallRequest> = {}): CallRequest => ({
  language: 'Spanish',
  media: 'video',
  setting: 'business',
  startedAt: new Date(START),
  ...extra,
})

/** Random interpreters around one call: each rule met or not, seen recently or not. */
const candidate = (id: string): fc.Arbitrary<CallCandidate> =>
  fc.record({
    id: fc.constant(id),
    languages: fc.subarray(['Spanish', 'French', 'Somali']),
    modalities: fc.subarray(['phone', 'video', 'on_site']),
    specializations: fc.subarray(['medical', 'legal', 'business']),
    onboardingProgress: fc.integer({ min: 0, max: ONBOARDING_STEP_COUNT }),
    medicalCredentialExpiries: fc.array(
      fc.option(fc.constantFrom('2027-03-08', '2027-03-09', '2027-03-10', '2027-03-11')),
      { maxLength: 2 },
    ),
    organizationPreference: fc.constantFrom(null, 'preferred', 'blocked'),
    availableForCalls: fc.boolean(),
    lastSeenAt: fc.option(
      fc.integer({ min: START - 30_000, max: START + 60_000 }).map((ms) => new Date(ms)),
    ),
    busy: fc.boolean(),
    idleSince: fc.option(
      fc.integer({ min: START - 86_400_000, max: START }).map((ms) => new Date(ms)),
    ),
  })

const world = fc.record({
  call: fc.record({
    language: fc.constantFrom('Spanish', 'French', 'Somali'),
    media: fc.constantFrom(...callMedia),
    setting: fc.constantFrom(...bookingSettingValues),
    startedAt: fc.constant(new Date(START)),
  }),
  candidates: fc
    .integer({ min: 0, max: 12 })
    .chain((count) =>
      fc.tuple(...Array.from({ length: count }, (_, index) => candidate(`i${index}`))),
    ),
  secondsIn: fc.integer({ min: 0, max: 90 }),
  declined: fc.subarray(Array.from({ length: 12 }, (_, index) => `i${index}`)),
})

describe('ringTargets', () => {
  it('never rings anyone unavailable, offline, busy, blocked, of another language, or with a credential expired at that moment', () => {
    fc.assert(
      fc.property(world, ({ call: request, candidates, secondsIn, declined }) => {
        const at = new Date(START + secondsIn * 1000)
        const wave = firstWave(request, candidates, ZONE)
        const targets = ringTargets(
          request,
          candidates,
          at,
          { firstWave: wave, declined: new Set(declined) },
          ZONE,
        )
        for (const id of targets) {
          const rung = candidates.find((each) => each.id === id)!
          expect(rung.availableForCalls).toBe(true)
          expect(isPresent(rung.lastSeenAt, at)).toBe(true)
          expect(rung.busy).toBe(false)
          expect(rung.organizationPreference).not.toBe('blocked')
          expect(rung.languages).toContain(request.language)
          expect(declined).not.toContain(id)
          if (request.setting === 'medical')
            expect(
              rung.medicalCredentialExpiries.some((expiresOn) =>
                credentialCurrentAt(expiresOn, at, ZONE),
              ),
            ).toBe(true)
        }
      }),
      { numRuns: 10_000 },
    )
  })

  it('rings at most three of the first wave for 15 seconds, then every eligible interpreter, exactly on time', () => {
    fc.assert(
      fc.property(world, ({ call: request, candidates, secondsIn, declined }) => {
        const at = new Date(START + secondsIn * 1000)
        const wave = firstWave(request, candidates, ZONE)
        expect(wave.length).toBeLessThanOrEqual(FIRST_WAVE_SIZE)
        const state = { firstWave: wave, declined: new Set(declined) }
        const targets = ringTargets(request, candidates, at, state, ZONE)
        const eligibleNow = candidates
          .filter((each) => callExclusions(request, each, at, ZONE).length === 0)
          .filter((each) => !declined.includes(each.id))
          .map((each) => each.id)
        if (secondsIn < FIRST_WAVE_SECONDS) {
          for (const id of targets) expect(wave).toContain(id)
        } else {
          expect([...targets].sort()).toEqual([...eligibleNow].sort())
        }
      }),
      { numRuns: 10_000 },
    )
  })

  it('widens at 15.000 s, not a millisecond before', () => {
    const candidates = ['a', 'b', 'c', 'd'].map((id, index) => ({
      ...complete,
      id,
      idleSince: new Date(START - (index + 1) * 60_000),
      lastSeenAt: new Date(START + 14_000),
    }))
    const wave = firstWave(call(), candidates, ZONE)
    expect(wave).toEqual(['d', 'c', 'b'])
    const at = (ms: number) =>
      ringTargets(
        call(),
        candidates,
        new Date(START + ms),
        { firstWave: wave, declined: new Set() },
        ZONE,
      )
    expect(at(14_999)).toEqual(['d', 'c', 'b'])
    expect(at(15_000)).toEqual(['d', 'c', 'b', 'a'])

    // A call taking up a dropped one is at the front of the queue: everyone at once.
    const resumed = { ...call(), resumes: true }
    expect(firstWave(resumed, candidates, ZONE)).toEqual(['d', 'c', 'b', 'a'])
    expect(
      ringTargets(
        resumed,
        candidates,
        new Date(START),
        { firstWave: [], declined: new Set() },
        ZONE,
      ),
    ).toEqual(['d', 'c', 'b', 'a'])
  })

  it('counts an interpreter on a call as gone 20 s after last heard from, or never heard from', () => {
    const heard = new Date(START)
    expect(interpreterGone(heard, new Date(START + 19_999))).toBe(false)
    expect(interpreterGone(heard, new Date(START + 20_000))).toBe(true)
    expect(interpreterGone(null, new Date(START))).toBe(true)
  })
})

describe('call eligibility', () => {
  it('a medical credential that expired an hour ago rules out a medical call, not a business call', () => {
    // Expired at the end of 9 March, office time; it is now 01:00 on the 10th in New York.
    const at = new Date('2027-03-10T06:00:00Z')
    const lapsed = { ...complete, medicalCredentialExpiries: ['2027-03-09'], lastSeenAt: at }
    expect(callExclusions(call({ setting: 'medical', startedAt: at }), lapsed, at, ZONE)).toEqual([
      'No current HIPAA/medical credential',
    ])
    expect(callExclusions(call({ setting: 'business', startedAt: at }), lapsed, at, ZONE)).toEqual(
      [],
    )
    expect(credentialCurrentAt('2027-03-09', new Date('2027-03-10T04:59:59Z'), ZONE)).toBe(true)
  })

  it('presence lapses 10 seconds after the page was last heard from', () => {
    const seen = new Date(START)
    expect(isPresent(seen, new Date(START + 9_999))).toBe(true)
    expect(isPresent(seen, new Date(START + 10_000))).toBe(false)
    expect(isPresent(null, new Date(START))).toBe(false)
  })

  it('an audio call takes phone or video interpreters; a video call only video', () => {
    const phoneOnly = { ...complete, modalities: ['phone'] }
    const at = new Date(START)
    expect(callExclusions(call({ media: 'audio' }), phoneOnly, at, ZONE)).toEqual([])
    expect(callExclusions(call({ media: 'video' }), phoneOnly, at, ZONE)).toEqual([
      'Does not work this way',
    ])
  })

  it('names every reason for an unavailable, offline, busy interpreter', () => {
    const gone = { ...complete, availableForCalls: false, lastSeenAt: null, busy: true }
    expect(callExclusions(call(), gone, new Date(START), ZONE)).toEqual([
      'Not available for calls',
      'Not online',
      'On another call',
    ])
  })
})

describe('ring order and timers', () => {
  it('puts preferred interpreters first, then the longest idle, never-called first', () => {
    const order = ringOrder([
      { ...complete, id: 'recent', idleSince: new Date(START - 60_000) },
      { ...complete, id: 'never', idleSince: null },
      {
        ...complete,
        id: 'preferred',
        idleSince: new Date(START - 1_000),
        organizationPreference: 'preferred' as const,
      },
      { ...complete, id: 'long', idleSince: new Date(START - 3_600_000) },
    ]).map((each) => each.id)
    expect(order).toEqual(['preferred', 'never', 'long', 'recent'])
  })

  it('a ring is missed at 20 s; choices are offered at 60 s; three misses set unavailable', () => {
    const started = new Date(START)
    expect(ringMissed(started, new Date(START + 19_999))).toBe(false)
    expect(ringMissed(started, new Date(START + 20_000))).toBe(true)
    expect(waitChoicesDue({ startedAt: started }, new Date(START + 59_999))).toBe(false)
    expect(waitChoicesDue({ startedAt: started }, new Date(START + 60_000))).toBe(true)
    expect([1, 2, 3].map(unavailableAfterMisses)).toEqual([false, false, true])
  })
})
