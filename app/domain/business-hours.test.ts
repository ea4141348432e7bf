import { describe, expect, it } from 'vitest'
import {
  addBusinessMs,
  businessMsBetween,
  formatBusinessDuration,
  parseBusinessHours,
} from './business-hours'

const HOUR = 60 * 60 * 1000
const MINUTE = 60 * 1000
const office = parseBusinessHours('Mon-Fri 08:00-20:00', 'America/New_York', ['2026-12-25'])
const at = (iso: string) => new Date(iso)

describe('business hours', () => {
  it('reads the schedule and refuses one it cannot read', () => {
    expect([...office.days].sort()).toEqual([1, 2, 3, 4, 5])
    expect(parseBusinessHours('Sat-Sun 09:00-13:00', 'UTC').days).toEqual(new Set([6, 0]))
    expect(parseBusinessHours('Mon,Wed,Fri 09:00-24:00', 'UTC').days).toEqual(new Set([1, 3, 5]))
    expect(() => parseBusinessHours('weekdays', 'UTC')).toThrow(/Mon-Fri/)
    expect(() => parseBusinessHours('Mon-Fri 20:00-08:00', 'UTC')).toThrow(/close after/)
    expect(() => parseBusinessHours('Mon-Xyz 08:00-20:00', 'UTC')).toThrow(/day of the week/)
    expect(() => parseBusinessHours('Mon-Fri 08:00-25:00', 'UTC')).toThrow(/HH:MM/)
  })

  it('counts only the open hours of one day', () => {
    // Tuesday 10:00 to 11:30 EST.
    expect(businessMsBetween(at('2026-11-24T15:00Z'), at('2026-11-24T16:30Z'), office)).toBe(
      90 * MINUTE,
    )
    expect(businessMsBetween(at('2026-11-24T16:30Z'), at('2026-11-24T15:00Z'), office)).toBe(0)
  })

  it('stops at 8 PM and starts again at 8 AM: an evening does not count', () => {
    // Tuesday 7:30 PM to Wednesday 8:30 AM EST: half an hour each side.
    const from = at('2026-11-25T00:30Z')
    const to = at('2026-11-25T13:30Z')
    expect(businessMsBetween(from, to, office)).toBe(HOUR)
    // A request at 9 PM is due at 9 AM the next morning.
    expect(addBusinessMs(at('2026-11-25T02:00Z'), HOUR, office)).toEqual(at('2026-11-25T14:00Z'))
    // A request at 7:30 PM is due at 8:30 AM.
    expect(addBusinessMs(from, HOUR, office)).toEqual(at('2026-11-25T13:30Z'))
  })

  it('skips the weekend', () => {
    // Friday 7:00 PM to Monday 9:00 AM EST: one hour on Friday, one on Monday.
    const friday = at('2026-11-28T00:00Z')
    const monday = at('2026-11-30T14:00Z')
    expect(businessMsBetween(friday, monday, office)).toBe(2 * HOUR)
    expect(addBusinessMs(friday, 2 * HOUR, office)).toEqual(monday)
    // Saturday counts nothing at all.
    expect(businessMsBetween(at('2026-11-28T14:00Z'), at('2026-11-28T20:00Z'), office)).toBe(0)
  })

  it('skips a holiday', () => {
    // Thursday 24 December 7:00 PM to Monday 28 December 9:00 AM: Friday is Christmas.
    const from = at('2026-12-25T00:00Z')
    const to = at('2026-12-28T14:00Z')
    expect(businessMsBetween(from, to, office)).toBe(2 * HOUR)
    expect(addBusinessMs(from, 2 * HOUR, office)).toEqual(to)
    const withoutHoliday = parseBusinessHours('Mon-Fri 08:00-20:00', 'America/New_York')
    expect(businessMsBetween(from, to, withoutHoliday)).toBe(14 * HOUR)
  })

  it('keeps to the wall clock across the change to and from daylight saving time', () => {
    // Friday 6 March 2026 7:00 PM EST (UTC-5) to Monday 9 March 9:00 AM EDT (UTC-4).
    const friday = at('2026-03-07T00:00Z')
    const monday = at('2026-03-09T13:00Z')
    expect(businessMsBetween(friday, monday, office)).toBe(2 * HOUR)
    expect(addBusinessMs(friday, 2 * HOUR, office)).toEqual(monday)
    // Friday 30 October 7:00 PM EDT; back to standard time on Sunday 1 November: Monday
    // 9:00 AM EST is 14:00 UTC.
    expect(addBusinessMs(at('2026-10-30T23:00Z'), 2 * HOUR, office)).toEqual(
      at('2026-11-02T14:00Z'),
    )
  })

  it('adds across several days and agrees with the count', () => {
    const from = at('2026-11-24T15:00Z')
    const due = addBusinessMs(from, 30 * HOUR, office)
    // Tuesday 10 AM + 10 h = Tuesday closes, + 12 h Wednesday, + 8 h Thursday = 4 PM.
    expect(due).toEqual(at('2026-11-26T21:00Z'))
    expect(businessMsBetween(from, due, office)).toBe(30 * HOUR)
  })

  it('writes durations for people', () => {
    expect(formatBusinessDuration(45 * MINUTE)).toBe('45m')
    expect(formatBusinessDuration(65 * MINUTE)).toBe('1h 5m')
    expect(formatBusinessDuration(26 * HOUR)).toBe('26h 0m')
  })
})
