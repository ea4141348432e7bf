import { describe, expect, it } from 'vitest'
import {
  datesOverlap,
  overlappingRanges,
  sortRanges,
  timeZoneWithName,
  todayIn,
} from './availability'

describe('availability rules', () => {
  it('finds ranges that overlap an earlier one of the same day; touching ends do not', () => {
    expect(
      overlappingRanges([
        { day: 'monday', start: '08:00', end: '12:00' },
        { day: 'monday', start: '12:00', end: '17:00' },
        { day: 'tuesday', start: '09:00', end: '10:00' },
        { day: 'monday', start: '11:00', end: '13:00' },
      ]),
    ).toEqual([3])
  })

  it('sorts the week from Monday', () => {
    expect(
      sortRanges([
        { day: 'sunday', start: '08:00', end: '09:00' },
        { day: 'monday', start: '13:00', end: '14:00' },
        { day: 'monday', start: '08:00', end: '09:00' },
      ]).map((range) => `${range.day} ${range.start}`),
    ).toEqual(['monday 08:00', 'monday 13:00', 'sunday 08:00'])
  })

  it('counts time off sharing one day as overlapping', () => {
    const june = { startsOn: '2026-06-01', endsOn: '2026-06-05' }
    expect(datesOverlap(june, { startsOn: '2026-06-05', endsOn: '2026-06-09' })).toBe(true)
    expect(datesOverlap(june, { startsOn: '2026-06-06', endsOn: '2026-06-09' })).toBe(false)
  })

  it("knows today's date and a zone's name", () => {
    const at = new Date('2026-05-04T02:00:00Z')
    expect(todayIn('America/Los_Angeles', at)).toBe('2026-05-03')
    expect(todayIn('Asia/Tokyo', at)).toBe('2026-05-04')
    expect(timeZoneWithName('America/New_York')).toBe('America/New_York (Eastern Time)')
  })
})
