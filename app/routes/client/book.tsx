import { data, Form, useNavigation } from 'react-router'
import { BookingFields, bookingLabels } from '~/components/dispatch/booking-fields'
import { ErrorSummary } from '~/components/ui/error-summary'
import { timeZoneOptions } from '~/domain/availability'
import { officeTimeZone } from '~/domain/office'
import { URGENT_WITHIN_HOURS } from '~/domain/bookings'
import { RARE_LANGUAGE_NOTICE_DAYS, rareLanguageExamples } from '~/domain/rare-languages'
import { requireClient } from '~/auth/client.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { acceptsUploads } from '~/lib/http/route-handle'
import { seoMeta } from '~/lib/seo/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { bookingSchema } from '~/lib/validation/booking'
import { pastInterpretersOf } from '~/models/bookings.server'
import { now } from '~/platform/clock.server'
import { bookFromRequest } from './+shared/book-action.server'
import type { Route } from './+types/book'

// A 429 answer's Retry-After reaches the browser only through the route's headers.
export { headers } from '~/lib/http/headers'

// Preparation files stream on to the upload parser, which enforces their limits itself.
export const handle = acceptsUploads

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Book an interpreter',
      description: 'Book a phone, video or on-site interpreter.',
      path: '/client/book',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const client = await requireClient(request)
  return {
    constraint: formConstraint(bookingSchema(now())),
    timeZones: timeZoneOptions(officeTimeZone()),
    pastInterpreters: await pastInterpretersOf(client.client.organizationId),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const client = await requireClient(request)
  const outcome = await bookFromRequest(request, client)
  if (!outcome.booking)
    return data({ result: outcome.result }, { status: outcome.status, headers: outcome.headers })
  // Focus goes to the booking just made (app/components/layout/sidebar-shell.tsx).
  throw await redirectWithToast(
    `/client/bookings/${outcome.booking.id}#booking-title`,
    outcome.booking.teamId && !outcome.booking.seriesId
      ? 'Team booking received: one booking per interpreter, both under Bookings. We will tell you who is coming as each interpreter confirms.'
      : outcome.booking.seriesId
        ? 'Weekly series received: each booking is listed under Bookings, and we will tell you who is coming to each as interpreters confirm.'
        : outcome.booking.urgent
          ? `Booking received. It starts in less than ${URGENT_WITHIN_HOURS} hours: it is marked urgent and our dispatch team is on it.`
          : 'Booking received. We will tell you who is coming as soon as an interpreter confirms.',
  )
}

export default function BookInterpreter({ loaderData, actionData }: Route.ComponentProps) {
  const { timeZones, pastInterpreters } = loaderData
  const busy = useNavigation().state === 'submitting'
  const { formProps, field, summary, formErrors, formErrorId } = useNativeFormWithValues<
    typeof bookingLabels
  >({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    labels: bookingLabels,
    defaultValue: { timeZone: officeTimeZone(), durationMinutes: '60' },
  })
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">Book an interpreter</h1>
      <p className="mt-2 text-slate-700">
        Times are in the time zone you choose. A booking that starts in less than{' '}
        {URGENT_WITHIN_HOURS} hours is accepted and marked urgent. Rare languages (such as{' '}
        {rareLanguageExamples.join(', ')}) usually need {RARE_LANGUAGE_NOTICE_DAYS} days' notice.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        className="mt-6 space-y-5 rounded-lg border border-slate-200 bg-white p-5"
      >
        <ErrorSummary {...summary} />
        <BookingFields
          field={field}
          timeZones={timeZones}
          pastInterpreters={pastInterpreters}
          withFiles
        />
        {formErrors?.length ? (
          // A refusal of the whole request (too many bookings), next to the button that sent it.
          <p id={formErrorId} role="alert" className="field-error">
            {formErrors[0]}
          </p>
        ) : null}
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Book the interpreter'}
        </button>
      </Form>
    </div>
  )
}
