import { Form, Link } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import {
  DateField,
  SelectField,
  TextareaField,
  TextField,
  TimeField,
} from '~/components/ui/native-fields'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'

/**
 * Cancel and Reschedule on a booking's page, for the client (their portal) and for staff
 * (`/admin/bookings/{id}`); the rules are in app/models/dispatch/booking-changes.server.ts.
 */

const card = 'mt-6 rounded-lg border border-slate-200 bg-white p-5'

/**
 * Cancel: a link first, then the consequence and the confirmation (`?cancel=1`), so nothing
 * is cancelled by one stray click. Staff also say who asked for it: a late cancellation is
 * billed only when the client asked.
 */
export function CancelBookingSection({
  bookingPath,
  latePolicy,
  confirming,
  staff = false,
  inSeries = false,
}: {
  bookingPath: string
  /** What a cancellation now costs, inside the cancellation window; null outside it. */
  latePolicy: string | null
  confirming: boolean
  staff?: boolean
  /** Part of a weekly series: ask which of its bookings to cancel. */
  inSeries?: boolean
}) {
  return (
    <section aria-labelledby="cancel-heading" className={card}>
      <h2 id="cancel-heading" className="font-semibold text-slate-900">
        Cancel
      </h2>
      {confirming ? (
        <Form method="post" className="mt-2 space-y-3">
          <input type="hidden" name="intent" value="cancel" />
          <p className="text-sm text-slate-800">
            {latePolicy ?? 'Nothing is billed for this cancellation.'}
          </p>
          {inSeries ? (
            <fieldset className="space-y-2">
              <legend className="field-label">Which bookings of the series?</legend>
              {seriesScopes.map((scope, index) => (
                <label key={scope.value} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="scope"
                    value={scope.value}
                    defaultChecked={index === 0}
                    required
                  />
                  {scope.label}
                </label>
              ))}
            </fieldset>
          ) : null}
          {staff ? (
            <fieldset className="space-y-2">
              <legend className="field-label">Who asked for the cancellation?</legend>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="askedBy" value="client" defaultChecked required />
                The client
              </label>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="askedBy" value="company" required />
                Our company: nothing is billed
              </label>
            </fieldset>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary">
              {latePolicy ? 'Confirm late cancellation' : 'Confirm cancellation'}
            </button>
            <Link to={bookingPath} className="btn-secondary">
              Keep the booking
            </Link>
          </div>
        </Form>
      ) : (
        <Link to="?cancel=1" className="btn-secondary mt-2 inline-block" preventScrollReset>
          Cancel this booking
        </Link>
      )}
    </section>
  )
}

const seriesScopes = [
  { value: 'one', label: 'This booking only' },
  { value: 'following', label: 'This and the following ones' },
  { value: 'all', label: 'Every booking of the series that is still open' },
] as const

const rescheduleLabels = {
  date: 'New date',
  time: 'New start time',
  timeZone: 'Time zone',
  durationMinutes: 'Expected duration (minutes)',
}

/** Reschedule: a new date, start, duration and time zone, checked by `rescheduleSchema`. */
export function RescheduleBookingSection({
  reply,
  constraint,
  current,
  timeZones,
  intro,
}: {
  reply: FormReply | undefined
  constraint: FormConstraint
  current: { date: string; time: string; timeZone: string; durationMinutes: number }
  timeZones: { value: string; label: string }[]
  intro: string
}) {
  const { formProps, field, summary } = useNativeFormWithValues<typeof rescheduleLabels>({
    lastResult: reply,
    constraint,
    labels: rescheduleLabels,
    defaultValue: { ...current, durationMinutes: String(current.durationMinutes) },
  })
  return (
    <section aria-labelledby="reschedule-heading" className={card}>
      <h2 id="reschedule-heading" className="font-semibold text-slate-900">
        Reschedule
      </h2>
      <p className="mt-1 text-sm text-slate-700">{intro}</p>
      <Form method="post" {...formProps} className="mt-3 space-y-4">
        <ErrorSummary {...summary} headingLevel={3} />
        <input type="hidden" name="intent" value="reschedule" />
        <div className="grid gap-4 sm:grid-cols-3">
          <DateField field={field('date')} />
          <TimeField field={field('time')} />
          <TextField field={field('durationMinutes')} inputMode="numeric" />
        </div>
        <SelectField
          field={field('timeZone')}
          options={timeZones}
          placeholder="Choose a time zone"
        />
        <button type="submit" className="btn-primary">
          Move the booking
        </button>
      </Form>
    </section>
  )
}

const detailsLabels = {
  location: 'Place',
  contactName: 'Contact on the day',
  contactPhone: 'Contact phone',
  notes: 'Notes for the interpreter (optional)',
}

/** Staff change where the booking is, whom the interpreter meets, and the notes. */
export function BookingDetailsSection({
  reply,
  constraint,
  current,
  locationLabel,
}: {
  reply: FormReply | undefined
  constraint: FormConstraint
  current: { location: string; contactName: string; contactPhone: string; notes: string }
  /** What the place is for the booking's modality: an address, a video link, a number. */
  locationLabel: string
}) {
  const { formProps, field, summary } = useNativeFormWithValues<typeof detailsLabels>({
    lastResult: reply,
    constraint,
    labels: { ...detailsLabels, location: locationLabel },
    defaultValue: current,
  })
  return (
    <section aria-labelledby="details-change-heading" className={card}>
      <h2 id="details-change-heading" className="font-semibold text-slate-900">
        Change the details
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A confirmed interpreter is e-mailed the new details with an updated calendar event; the
        client who booked is told.
      </p>
      <Form method="post" {...formProps} className="mt-3 space-y-4">
        <ErrorSummary {...summary} headingLevel={3} />
        <input type="hidden" name="intent" value="details" />
        <TextField field={field('location')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={field('contactName')} autoComplete="off" />
          <TextField field={field('contactPhone')} type="tel" autoComplete="off" />
        </div>
        <TextareaField field={field('notes')} rows={3} />
        <button type="submit" className="btn-primary">
          Save the details
        </button>
      </Form>
    </section>
  )
}
