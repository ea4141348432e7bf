import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { weekdayValues } from './availability'
import { weekdayOf, weeklySeriesDates } from './booking-series'

describe('weekly series dates', () => {
  it('every Tuesday and Thursday for 8 weeks from a Tuesday: 16 bookings', () => {
    // 12 May 2026 is a Tuesday.
    const dates = weeklySeriesDates('2026-05-12', ['tuesday', 'thursday'], 8)
    expect(dates).toHaveLength(16)
    expect(dates.slice(0, 4)).toEqual(['2026-05-12', '2026-05-14', '2026-05-19', '2026-05-21'])
    expect(dates.at(-1)).toBe('2026-07-02')
  })

  it('starts on the first date, whose weekday repeats even when not ticked', () => {
    // 13 May 2026 is a Wednesday; Mondays come after it.
    expect(weeklySeriesDates('2026-05-13', ['monday'], 2)).toEqual([
      '2026-05-13',
      '2026-05-18',
      '2026-05-20',
      '2026-05-25',
    ])
  })

  it('for any start, days and weeks: sorted, unique, on chosen days, within the weeks, first date first', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }),
        fc.subarray([...weekdayValues]),
        fc.integer({ min: 2, max: 26 }),
        (start, days, weeks) => {
          const first = start.toISOString().slice(0, 10)
          const dates = weeklySeriesDates(first, days, weeks)
          expect(dates[0]).toBe(first)
          expect([...dates].sort()).toEqual(dates)
          expect(new Set(dates).size).toBe(dates.length)
          const allowed = new Set([weekdayOf(first), ...days])
          for (const date of dates) expect(allowed.has(weekdayOf(date))).toBe(true)
          const last = new Date(`${dates.at(-1)}T00:00:00Z`).getTime()
          expect(last - new Date(`${first}T00:00:00Z`).getTime()).toBeLessThan(weeks * 7 * 864e5)
          expect(dates.length).toBe(weeks * allowed.size)
        },
      ),
    )
  })
})
