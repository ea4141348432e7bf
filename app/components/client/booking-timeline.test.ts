import { describe, expect, it } from 'vitest'
import { currentStepIndex, timelineSteps, type TimelineBooking } from './booking-timeline'

const current = (booking: TimelineBooking) => {
  const steps = timelineSteps(booking)
  return steps[currentStepIndex(steps)]?.label
}

describe('timelineSteps', () => {
  const confirmed: TimelineBooking = {
    status: 'confirmed',
    offers: 1,
    interpreterFirstName: 'Ana',
    invoiced: false,
  }

  it('stands at "Confirmed" with the interpreter once they confirmed', () => {
    expect(current(confirmed)).toBe('Confirmed: Ana')
  })

  it('stands at the new time sent to the interpreter until they confirm it', () => {
    const steps = timelineSteps({ ...confirmed, awaitingNewTime: true })
    expect(steps.map((step) => step.label)).toEqual([
      'Requested',
      'New time sent to Ana',
      'Confirmed',
      'Completed',
      'Invoiced',
    ])
    expect(current({ ...confirmed, awaitingNewTime: true })).toBe('New time sent to Ana')
  })

  it('stands at "Requested" when a moved booking went back to dispatch', () => {
    expect(
      current({ status: 'requested', offers: 0, interpreterFirstName: null, invoiced: false }),
    ).toBe('Requested')
  })
})
