import { Circle, CircleCheck, CircleDot } from 'lucide-react'
import type { ReactNode } from 'react'
import type { BookingStatus } from '~/domain/bookings'

export interface TimelineBooking {
  status: BookingStatus
  offers: number
  interpreterFirstName: string | null
  /** Its invoice line is on an invoice sent to the client (Sent or Paid). */
  invoiced: boolean
  /** The client moved it and the interpreter kept on it has yet to confirm the new time. */
  awaitingNewTime?: boolean
}

/**
 * Where a booking stands, as steps: Requested → Offered to n interpreters → Confirmed with
 * the interpreter's first name → Completed → Invoiced; or it ends Cancelled or Unfilled (a
 * late cancellation is billed, so it too shows Invoiced once its invoice is sent). A booking
 * moved to a new time its interpreter has yet to confirm stands at "New time sent to {name}".
 */
export function timelineSteps(booking: TimelineBooking): { label: string; done: boolean }[] {
  const offered =
    booking.offers > 0 || ['offered', 'confirmed', 'completed'].includes(booking.status)
  const awaiting = booking.status === 'confirmed' && booking.awaitingNewTime === true
  const confirmed = (booking.status === 'confirmed' && !awaiting) || booking.status === 'completed'
  const steps = [
    { label: 'Requested', done: true },
    {
      label: awaiting
        ? `New time sent to ${booking.interpreterFirstName ?? 'the interpreter'}`
        : booking.offers > 0
          ? `Offered to ${booking.offers} ${booking.offers === 1 ? 'interpreter' : 'interpreters'}`
          : 'Offered to interpreters',
      done: offered,
    },
    {
      label:
        confirmed && booking.interpreterFirstName
          ? `Confirmed: ${booking.interpreterFirstName}`
          : 'Confirmed',
      done: confirmed,
    },
  ]
  const invoiced = booking.invoiced ? [{ label: 'Invoiced', done: true }] : []
  if (booking.status === 'cancelled')
    return [...steps.filter((step) => step.done), { label: 'Cancelled', done: true }, ...invoiced]
  if (booking.status === 'unfilled')
    return [...steps.filter((step) => step.done), { label: 'Unfilled', done: true }]
  return [
    ...steps,
    { label: 'Completed', done: booking.status === 'completed' },
    { label: 'Invoiced', done: booking.invoiced },
  ]
}

/** Which of a timeline's steps is where the booking stands now: the last one reached. */
export function currentStepIndex(steps: readonly { done: boolean }[]): number {
  let current = -1
  steps.forEach((step, index) => {
    if (step.done) current = index
  })
  return current
}

type StepState = 'done' | 'current' | 'upcoming'

const stepMarks: Record<StepState, ReactNode> = {
  done: <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-green-700" />,
  current: <CircleDot aria-hidden="true" className="size-4 shrink-0 text-brand-700" />,
  upcoming: <Circle aria-hidden="true" className="size-4 shrink-0 text-slate-500" />,
}

/**
 * The steps in a row. Where the booking stands is told three ways besides the words, none of
 * them font weight: the step is framed and marked "Current" (aria-current="step" for screen
 * readers), steps reached carry a tick and steps to come an empty circle.
 */
export function BookingTimeline({ booking }: { booking: TimelineBooking }) {
  const steps = timelineSteps(booking)
  const current = currentStepIndex(steps)
  return (
    <ol aria-label="Timeline" className="flex flex-wrap items-center gap-x-2 gap-y-2 text-sm">
      {steps.map((step, index) => {
        const state: StepState = index === current ? 'current' : step.done ? 'done' : 'upcoming'
        return (
          <li
            key={step.label}
            aria-current={state === 'current' ? 'step' : undefined}
            className="flex items-center gap-2"
          >
            {index > 0 ? (
              <span aria-hidden="true" className="text-slate-500">
                →
              </span>
            ) : null}
            <span
              className={
                state === 'current'
                  ? 'flex items-center gap-1.5 rounded-full border-2 border-brand-700 bg-brand-50 py-0.5 pr-0.5 pl-2 text-slate-900'
                  : `flex items-center gap-1.5 ${state === 'done' ? 'text-slate-900' : 'text-slate-600'}`
              }
            >
              {stepMarks[state]}
              {step.label}
              {/* The space keeps "Current" a word of its own for screen readers. */}
              {state === 'current' ? (
                <>
                  {' '}
                  <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">
                    Current
                  </span>
                </>
              ) : null}
              {step.done ? null : <span className="sr-only"> (not yet)</span>}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
