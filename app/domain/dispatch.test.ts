import { describe, expect, it } from 'vitest'
import {
  assignmentsClash,
  dispatchList,
  halfMonthOf,
  outsideRadiusReason,
  reasonsNotEligible,
  travelLabel,
  travelTo,
  wallClock,
  type DispatchBooking,
  type InterpreterForDispatch,
} from './dispatch'
import { weekdayValues } from './availability'
import { calendarFile } from './ics'

// Tuesday 12 May 2026, 10:00–11:00 in New York (14:00 UTC).
const booking: DispatchBooking = {
  language: 'Spanish',
  modality: 'on_site',
  setting: 'medical',
  startsAt: new Date('2026-05-12T14:00:00Z'),
  durationMinutes: 60,
  localDate: '2026-05-12',
  site: null,
}

function interpreter(overrides: Partial<InterpreterForDispatch> = {}): InterpreterForDispatch {
  return {
    id: overrides.firstName ?? 'ana',
    firstName: 'Ana',
    lastName: 'Alvarez',
    timeZone: 'America/New_York',
    languages: ['Spanish'],
    modalities: ['on_site'],
    specializations: ['medical'],
    onboardingProgress: 6,
    medicalCredentialExpiries: [null],
    availability: weekdayValues.map((day) => ({ day, start: '09:00', end: '17:00' })),
    timeOff: [],
    confirmed: [],
    completedWithOrganization: 0,
    minutesThisHalfMonth: 0,
    home: null,
    travelRadiusMiles: null,
    ...overrides,
  }
}

describe('dispatch eligibility', () => {
  it('accepts an interpreter who meets every rule', () => {
    expect(reasonsNotEligible(booking, interpreter())).toEqual([])
  })

  it('names each rule an interpreter fails', () => {
    expect(reasonsNotEligible(booking, interpreter({ languages: ['spanish '] }))).toEqual([])
    expect(reasonsNotEligible(booking, interpreter({ languages: ['French'] }))).toEqual([
      'Language not approved',
    ])
    expect(reasonsNotEligible(booking, interpreter({ modalities: ['video'] }))).toEqual([
      'Does not work this way',
    ])
    expect(reasonsNotEligible(booking, interpreter({ specializations: ['legal'] }))).toEqual([
      'No specialization for this setting',
    ])
    expect(reasonsNotEligible(booking, interpreter({ onboardingProgress: 5 }))).toEqual([
      'Onboarding not complete',
    ])
    expect(reasonsNotEligible(booking, interpreter({ medicalCredentialExpiries: [] }))).toEqual([
      'No current HIPAA/medical credential',
    ])
    // Expired before the booking's day; one that lasts through the day counts.
    expect(
      reasonsNotEligible(booking, interpreter({ medicalCredentialExpiries: ['2026-05-11'] })),
    ).toEqual(['No current HIPAA/medical credential'])
    expect(
      reasonsNotEligible(booking, interpreter({ medicalCredentialExpiries: ['2026-05-12'] })),
    ).toEqual([])
    expect(
      reasonsNotEligible(
        booking,
        interpreter({ timeOff: [{ startsOn: '2026-05-12', endsOn: '2026-05-12' }] }),
      ),
    ).toEqual(['Time off that day'])
  })

  it('meets a requested gender only with an interpreter who states it', () => {
    const asking = { ...booking, requestedGender: 'woman' as const }
    expect(reasonsNotEligible(asking, interpreter({ gender: 'woman' }))).toEqual([])
    for (const gender of ['man', 'non_binary', null] as const)
      expect(reasonsNotEligible(asking, interpreter({ gender }))).toEqual([
        'Not the gender the client asked for',
      ])
    expect(reasonsNotEligible(booking, interpreter({ gender: null }))).toEqual([])
  })

  it('excludes an interpreter the organization blocked, and ranks its preferred ones first', () => {
    expect(reasonsNotEligible(booking, interpreter({ organizationPreference: 'blocked' }))).toEqual(
      ['The client asked not to send this interpreter'],
    )
    const list = dispatchList(booking, [
      interpreter({ id: 'a', lastName: 'Abbott', completedWithOrganization: 3 }),
      interpreter({ id: 'z', lastName: 'Zane', organizationPreference: 'preferred' }),
      interpreter({ id: 's', lastName: 'Smith', servesSeries: true }),
      interpreter({ id: 'p', lastName: 'Pike', preferredByClient: true }),
    ])
    expect(list.eligible.map((entry) => entry.id)).toEqual(['p', 'z', 's', 'a'])
  })

  it('excludes an interpreter who holds or is offered the other seat of the team', () => {
    expect(reasonsNotEligible(booking, interpreter({ onTeam: true }))).toEqual([
      'Already on the other seat of this team',
    ])
    expect(reasonsNotEligible(booking, interpreter({ onTeam: false }))).toEqual([])
  })

  it('needs no credential or specialization outside their settings', () => {
    const education = { ...booking, setting: 'education' as const }
    expect(
      reasonsNotEligible(
        education,
        interpreter({ medicalCredentialExpiries: [], specializations: [] }),
      ),
    ).toEqual([])
  })

  it('reads availability in the interpreter’s own time zone', () => {
    // 10:00 in New York is 07:00 in Los Angeles, before 09:00.
    expect(reasonsNotEligible(booking, interpreter({ timeZone: 'America/Los_Angeles' }))).toEqual([
      'Not available then',
    ])
    // Covered to the minute: 10:00–11:00 inside 10:00–11:00.
    const exact = weekdayValues.map((day) => ({ day, start: '10:00', end: '11:00' }))
    expect(reasonsNotEligible(booking, interpreter({ availability: exact }))).toEqual([])
    const short = weekdayValues.map((day) => ({ day, start: '10:00', end: '10:59' }))
    expect(reasonsNotEligible(booking, interpreter({ availability: short }))).toEqual([
      'Not available then',
    ])
    const otherDay = [{ day: 'monday' as const, start: '00:00', end: '23:59' }]
    expect(reasonsNotEligible(booking, interpreter({ availability: otherDay }))).toEqual([
      'Not available then',
    ])
  })

  it('keeps travel time free around on-site work, not around remote work', () => {
    const before = (minutesGap: number, modality: 'on_site' | 'video') => ({
      startsAt: new Date(booking.startsAt.getTime() - (60 + minutesGap) * 60_000),
      durationMinutes: 60,
      modality,
    })
    expect(assignmentsClash(booking, before(30, 'video'))).toBe(true)
    expect(assignmentsClash(booking, before(60, 'video'))).toBe(false)
    expect(assignmentsClash({ ...booking, modality: 'video' }, before(30, 'video'))).toBe(false)
    expect(assignmentsClash({ ...booking, modality: 'video' }, before(0, 'video'))).toBe(false)
    expect(assignmentsClash({ ...booking, modality: 'video' }, before(-1, 'video'))).toBe(true)
    expect(
      reasonsNotEligible(booking, interpreter({ confirmed: [before(59, 'on_site')] })),
    ).toEqual(['Another assignment at that time'])
  })

  it('keeps on-site work within the travel radius, in whole miles', () => {
    // One degree of longitude on the equator: 69.09 miles, read as 69.
    const onSite = { ...booking, site: { latitude: 0, longitude: 1 } }
    const home = { latitude: 0, longitude: 0 }
    expect(travelTo(onSite, interpreter({ home }))).toEqual({
      kind: 'known',
      miles: 69,
      minutes: 140,
    })
    expect(reasonsNotEligible(onSite, interpreter({ home, travelRadiusMiles: 69 }))).toEqual([])
    expect(reasonsNotEligible(onSite, interpreter({ home, travelRadiusMiles: 68 }))).toEqual([
      'Outside travel radius (69 mi, radius 68 mi)',
    ])
    // No radius stated: no limit.
    expect(reasonsNotEligible(onSite, interpreter({ home, travelRadiusMiles: null }))).toEqual([])
    // Either end unknown: eligible, distance unknown.
    const unknown = interpreter({ home: null, travelRadiusMiles: 0 })
    expect(reasonsNotEligible(onSite, unknown)).toEqual([])
    expect(travelTo(onSite, unknown)).toEqual({ kind: 'unknown' })
    expect(travelTo(booking, interpreter({ home, travelRadiusMiles: 0 }))).toEqual({
      kind: 'unknown',
    })
    // Remote work has no trip, wherever they live.
    const video = { ...onSite, modality: 'video' as const }
    const far = interpreter({ home, travelRadiusMiles: 0, modalities: ['video'] })
    expect(reasonsNotEligible(video, far)).toEqual([])
    expect(travelTo(video, far)).toEqual({ kind: 'remote' })

    const list = dispatchList(onSite, [
      interpreter({ id: 'near', firstName: 'Near', home, travelRadiusMiles: 100 }),
      interpreter({ id: 'far', firstName: 'Far', home, travelRadiusMiles: 10 }),
    ])
    expect(list.eligible).toEqual([
      expect.objectContaining({ id: 'near', travel: { kind: 'known', miles: 69, minutes: 140 } }),
    ])
    expect(list.excluded).toEqual([
      {
        interpreter: expect.objectContaining({ id: 'far' }),
        reasons: ['Outside travel radius (69 mi, radius 10 mi)'],
      },
    ])
    expect(outsideRadiusReason(1694, 50)).toBe('Outside travel radius (1,694 mi, radius 50 mi)')
    const trip = { kind: 'known', miles: 1200, minutes: 145 } as const
    expect(travelLabel(trip, 1500)).toBe('1,200 mi, about 2 h 25 min travel')
    expect(travelLabel(trip, null)).toBe('1,200 mi, about 2 h 25 min travel, no travel radius set')
    expect(travelLabel({ kind: 'unknown' }, 50)).toBe('distance unknown')
    expect(travelLabel({ kind: 'remote' }, 50)).toBeNull()
  })

  it('ranks past work with the client first, then the fewest hours this half-month', () => {
    const list = dispatchList(booking, [
      interpreter({ id: 'busy', firstName: 'Busy', minutesThisHalfMonth: 600 }),
      interpreter({ id: 'free', firstName: 'Free', minutesThisHalfMonth: 0 }),
      interpreter({
        id: 'known',
        firstName: 'Known',
        completedWithOrganization: 2,
        minutesThisHalfMonth: 900,
      }),
      interpreter({ id: 'off', firstName: 'Off', onboardingProgress: 3 }),
    ])
    expect(list.eligible.map((entry) => entry.id)).toEqual(['known', 'free', 'busy'])
    expect(list.excluded).toEqual([
      { interpreter: expect.objectContaining({ id: 'off' }), reasons: ['Onboarding not complete'] },
    ])
  })

  it('splits a month in halves at the 16th', () => {
    expect(halfMonthOf(new Date('2026-05-15T23:59:00Z'))).toEqual({
      start: new Date('2026-05-01T00:00:00Z'),
      end: new Date('2026-05-16T00:00:00Z'),
    })
    expect(halfMonthOf(new Date('2026-12-16T00:00:00Z'))).toEqual({
      start: new Date('2026-12-16T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    })
  })

  it('reads the wall clock of one instant in each zone, the same when asked again', () => {
    const instant = new Date('2026-05-13T02:30:00Z')
    for (let round = 0; round < 2; round++) {
      expect(wallClock(instant, 'America/Los_Angeles')).toEqual({
        day: 'tuesday',
        date: '2026-05-12',
        minute: 19 * 60 + 30,
      })
      expect(wallClock(instant, 'Asia/Tokyo')).toEqual({
        day: 'wednesday',
        date: '2026-05-13',
        minute: 11 * 60 + 30,
      })
      expect(wallClock(new Date(instant.getTime() + 60_000), 'Asia/Tokyo').minute).toBe(
        11 * 60 + 31,
      )
    }
  })
})

describe('calendar file', () => {
  it('writes one UTC event, escapes text and folds long lines', () => {
    const ics = calendarFile({
      uid: 'booking-1@lang.example',
      startsAt: booking.startsAt,
      durationMinutes: 90,
      summary: 'Interpreting: Spanish, On-site, Medical',
      location: '1200 Main Street; Suite 4, Austin',
      description: `Contact: Nora\n${'x'.repeat(120)}`,
      stamp: new Date('2026-05-04T15:00:00Z'),
    })
    expect(ics).toContain('DTSTART:20260512T140000Z\r\n')
    expect(ics).toContain('DTEND:20260512T153000Z\r\n')
    expect(ics).toContain('LOCATION:1200 Main Street\\; Suite 4\\, Austin\r\n')
    expect(ics).toContain('DESCRIPTION:Contact: Nora\\nxxx')
    expect(ics.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(
      true,
    )
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
  })
})
