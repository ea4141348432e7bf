import { describe, expect, it } from 'vitest'
import { teamProgress, teamSeatLabel } from './booking-teams'

describe('team bookings', () => {
  it('names a seat by its place in the team', () => {
    expect(teamSeatLabel(2, 2)).toBe('Team booking, interpreter 2 of 2')
  })

  it('is filled only when every seat still booked is confirmed or done', () => {
    expect(teamProgress([{ status: 'confirmed' }, { status: 'offered' }])).toEqual({
      filled: false,
      label: '1 of 2 interpreters confirmed',
    })
    expect(teamProgress([{ status: 'confirmed' }, { status: 'completed' }])).toEqual({
      filled: true,
      label: '2 of 2 interpreters confirmed',
    })
    // A cancelled seat no longer counts.
    expect(teamProgress([{ status: 'confirmed' }, { status: 'cancelled' }])).toEqual({
      filled: true,
      label: '1 of 1 interpreter confirmed',
    })
    expect(teamProgress([{ status: 'cancelled' }, { status: 'cancelled' }]).filled).toBe(false)
  })
})
