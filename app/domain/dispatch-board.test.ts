import { describe, expect, it } from 'vitest'
import {
  boardCounts,
  boardDays,
  boardPeriod,
  languageMatches,
  type BoardTally,
} from './dispatch-board'

const tallies: BoardTally[] = [
  { status: 'requested', language: 'Spanish', date: '2026-05-06', hour: 9, bookings: 3, atRisk: 2 },
  { status: 'confirmed', language: 'Spanish', date: '2026-05-06', hour: 9, bookings: 4, atRisk: 0 },
  { status: 'offered', language: 'Éwé', date: '2026-05-06', hour: 14, bookings: 1, atRisk: 1 },
  { status: 'cancelled', language: 'Somali', date: '2026-05-08', hour: 10, bookings: 2, atRisk: 0 },
]

describe('boardCounts', () => {
  it('counts every status, and of the listed ones the total, those without an interpreter and at risk', () => {
    const all = boardCounts(tallies, { status: 'all', language: '' })
    expect(all.counts).toEqual({
      requested: 3,
      offered: 1,
      confirmed: 4,
      completed: 0,
      cancelled: 2,
      unfilled: 0,
    })
    expect(all).toMatchObject({ matchingTotal: 10, total: 10, withoutInterpreter: 4, atRisk: 3 })
    expect(all.hours.get('2026-05-06')).toEqual(
      new Map([
        [9, 7],
        [14, 1],
      ]),
    )
    // A status chosen: the counts stay the other filters'; the rest is that status's list.
    const requested = boardCounts(tallies, { status: 'requested', language: '' })
    expect(requested.counts).toEqual(all.counts)
    expect(requested).toMatchObject({
      matchingTotal: 10,
      total: 3,
      withoutInterpreter: 3,
      atRisk: 2,
    })
    expect([...requested.hours]).toEqual([['2026-05-06', new Map([[9, 3]])]])
  })

  it('counts only the language the filter names, whatever its case', () => {
    expect(languageMatches('Éwé', 'ÉWÉ')).toBe(true)
    expect(languageMatches('Éwé', 'Ewe')).toBe(false)
    const spanish = boardCounts(tallies, { status: 'all', language: 'SPANISH' })
    expect(spanish).toMatchObject({ matchingTotal: 7, total: 7, withoutInterpreter: 3, atRisk: 2 })
    expect(spanish.counts.offered).toBe(0)
    expect(boardCounts(tallies, { status: 'all', language: 'French' }).total).toBe(0)
  })
})

describe('boardDays', () => {
  it('keeps every day with its whole count and the page’s hours with theirs, in the page’s order', () => {
    const period = boardPeriod('week', '2026-05-06')
    const { hours } = boardCounts(tallies, { status: 'all', language: '' })
    const page = [
      { id: 'b', officeDate: '2026-05-06', officeHour: 14 },
      { id: 'c', officeDate: '2026-05-08', officeHour: 10 },
      { id: 'd', officeDate: '2026-05-08', officeHour: 10 },
    ]
    const days = boardDays(period, hours, page)
    expect(days.map((day) => [day.date, day.count])).toEqual([
      ['2026-05-04', 0],
      ['2026-05-05', 0],
      ['2026-05-06', 8],
      ['2026-05-07', 0],
      ['2026-05-08', 2],
      ['2026-05-09', 0],
      ['2026-05-10', 0],
    ])
    // Wednesday's 9 AM is on another page: its count stays in the day's, not as an hour.
    expect(days[2]!.hours).toEqual([{ hour: 14, count: 1, bookings: [{ id: 'b' }] }])
    expect(days[4]!.hours).toEqual([{ hour: 10, count: 2, bookings: [{ id: 'c' }, { id: 'd' }] }])
  })
})
