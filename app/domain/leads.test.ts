import { describe, expect, it } from 'vitest'
import { lastWeekStarts, leadResponseLabel, leadResponseState, type LeadClock } from './leads'

const clock: LeadClock = {
  atRiskAt: new Date('2026-11-24T15:45:00Z'),
  responseDueAt: new Date('2026-11-24T16:00:00Z'),
  firstResponseAt: null,
  responseBusinessMs: null,
}

describe('lead response state', () => {
  it('is on track, then at risk, then breached while nobody answers', () => {
    expect(leadResponseState(clock, new Date('2026-11-24T15:10:00Z'))).toEqual({
      state: 'on_track',
    })
    expect(leadResponseState(clock, new Date('2026-11-24T15:45:00Z'))).toEqual({
      state: 'at_risk',
    })
    expect(leadResponseState(clock, new Date('2026-11-24T16:00:00Z'))).toEqual({
      state: 'breached',
    })
  })

  it('says how long the answer took, and whether it was late', () => {
    const answered = {
      ...clock,
      firstResponseAt: new Date('2026-11-24T15:50:00Z'),
      responseBusinessMs: 50 * 60 * 1000,
    }
    const state = leadResponseState(answered, new Date('2026-12-01T00:00:00Z'))
    expect(leadResponseLabel(state)).toBe('Responded in 50m')
    const late = {
      ...clock,
      firstResponseAt: new Date('2026-11-24T17:05:00Z'),
      responseBusinessMs: 125 * 60 * 1000,
    }
    expect(leadResponseLabel(leadResponseState(late, new Date()))).toBe('Responded in 2h 5m (late)')
  })

  it('does not time requests older than the clock', () => {
    const old = { ...clock, responseDueAt: null, atRiskAt: null }
    expect(leadResponseLabel(leadResponseState(old, new Date()))).toBe('Not timed')
  })

  it('lists the Mondays of the last weeks, this week last', () => {
    // Tuesday 24 November 2026.
    expect(lastWeekStarts('2026-11-24', 3)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23'])
    // A Sunday belongs to the week that began on the Monday before.
    expect(lastWeekStarts('2026-11-29', 1)).toEqual(['2026-11-23'])
  })
})
