import type { BookingStatus } from './bookings'

/**
 * Team bookings (docs/product.md#bookings): work that needs two interpreters (a long hearing,
 * a conference) is booked once and stored as one booking per interpreter, a seat, sharing a
 * team id. Each seat is offered, confirmed, closed out and invoiced on its own; the team is
 * filled only when every seat is confirmed. Rules only; the model stores the seats.
 */

export const MAX_TEAM_SIZE = 2

/** The booking form's choice; empty means one interpreter. */
export const teamSizes = [{ value: '2', label: 'Two interpreters (a team)' }] as const

export const TEAM_SIZE_MESSAGE = 'Please choose one interpreter or a team of two.'

/** "Team booking, interpreter 1 of 2": which seat of its team a booking is. */
export function teamSeatLabel(position: number, count: number): string {
  return `Team booking, interpreter ${position} of ${count}`
}

/** A seat as the team's summary needs it. */
export interface TeamSeat {
  status: BookingStatus
}

/** How far the team is filled: "1 of 2 interpreters confirmed"; filled when every seat is. */
export function teamProgress(seats: readonly TeamSeat[]): { filled: boolean; label: string } {
  const open = seats.filter((seat) => seat.status !== 'cancelled')
  const confirmed = open.filter(
    (seat) => seat.status === 'confirmed' || seat.status === 'completed',
  ).length
  return {
    filled: open.length > 0 && confirmed === open.length,
    label: `${confirmed} of ${open.length} ${open.length === 1 ? 'interpreter' : 'interpreters'} confirmed`,
  }
}
