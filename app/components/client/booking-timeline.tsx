import type { BookingStatus } from '~/domain/bookings'

export interface TimelineBooking {
  status: BookingStatus
  offers: number
  interpreterFirstName: string | null
  /** Its invoice line is on an invoice sent to the client (Sent or Paid). */
  invoiced: boolean
}

/**
 * Where a booking stands, as steps: Requested → Offered to n interpreters → Confirmed with
 * the interpreter's first name → Completed → Invoiced; or it ends Cancelled or Unfilled (a
 * late cancellation is billed, so it too shows Invoiced once its invoice is sent).
 */
export function timelineSteps(booking: TimelineBooking): { label: string; done: boolean }[] {
  const offered =
    booking.offers > 0 || ['offered', 'confirmed', 'completed'].includes(booking.status)
  const confirmed = booking.status === 'confirmed' || booking.status === 'completed'
  const steps = [
    { label: 'Requested', done: true },
    {
      label:
        booking.offers > 0
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

export function BookingTimeline({ booking }: { booking: TimelineBooking }) {
  return (
    <ol aria-label="Timeline" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      {timelineSteps(booking).map((step, index) => (
        <li key={step.label} className="flex items-center gap-2">
          {index > 0 ? (
            <span aria-hidden="true" className="text-slate-400">
              →
            </span>
          ) : null}
          <span className={step.done ? 'font-medium text-slate-900' : 'text-slate-500'}>
            {step.label}
            {step.done ? null : <span className="sr-only"> (not yet)</span>}
          </span>
        </li>
      ))}
    </ol>
  )
}
