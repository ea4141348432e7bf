import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link, useSearchParams } from 'react-router'
import { BookingRating } from '~/components/client/booking-rating'
import { BookingTimeline } from '~/components/client/booking-timeline'
import {
  CancelBookingSection,
  RescheduleBookingSection,
} from '~/components/dispatch/booking-changes'
import { PreparationFileList } from '~/components/dispatch/preparation-files'
import { FormMessage } from '~/components/layout/auth-card'
import { timeZoneOptions } from '~/domain/availability'
import { seriesPosition } from '~/domain/booking-series'
import { teamSeatLabel } from '~/domain/booking-teams'
import { TeamSeats } from '~/components/dispatch/team-seats'
import { locationLabel, settingLabel } from '~/domain/bookings'
import { cancellationNow } from '~/models/billing/contracts.server'
import { formatDate, formatInZone } from '~/domain/format'
import { modalityLabel, requestedGenderLabel } from '~/domain/interpreter-profile'
import { rareLanguageNotice } from '~/domain/rare-languages'
import { requireClient, type ClientUser } from '~/auth/client.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { rescheduleSchema } from '~/lib/validation/booking'
import { seriesScopeField } from '~/lib/validation/dispatch'
import { bookingRatingSchema } from '~/lib/validation/booking-rating'
import { rateBooking, ratingOfBooking } from '~/models/booking-ratings.server'
import { BookingRuleError, clientBooking } from '~/models/bookings.server'
import { cancelBooking, rescheduleBooking } from '~/models/dispatch/booking-changes.server'
import { now } from '~/platform/clock.server'
import type { Route } from './+types/bookings.detail'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Booking',
      description: 'One booking, where it stands, and how to cancel or move it.',
      path: '/client/bookings',
      noindex: true,
    },
    matches,
  )

export async function loader({ request, params }: Route.LoaderArgs) {
  const client = await requireClient(request)
  const found = await clientBooking(requireUuidParam(params, 'bookingId'), client)
  if (!found) throw notFound()
  const { booking } = found
  const completed = booking.status === 'completed'
  const rating = completed ? await ratingOfBooking(booking.id) : undefined
  return {
    booking: {
      id: booking.id,
      language: booking.language,
      modality: modalityLabel(booking.modality),
      locationLabel: locationLabel[booking.modality],
      location: booking.location,
      setting: settingLabel(booking.setting),
      when: formatInZone(booking.startsAt, booking.timeZone),
      durationMinutes: booking.durationMinutes,
      contact: `${booking.contactName}, ${booking.contactPhone}`,
      notes: booking.notes,
      requestedGender: booking.requestedGender
        ? requestedGenderLabel(booking.requestedGender)
        : null,
      urgent: booking.urgent,
      // Until someone confirms, a rare language's usual notice period stays in view.
      rareNotice: ['requested', 'offered'].includes(booking.status)
        ? rareLanguageNotice(booking.language)
        : null,
      lateCancellation: booking.lateCancellation,
      open: ['requested', 'offered', 'confirmed'].includes(booking.status),
      ...(await cancellationNow(booking)),
      timeZone: booking.timeZone,
      localDate: booking.localDate,
      localTime: booking.localTime,
      // Staff entered it for the client, who asked by phone or e-mail; not who did.
      enteredByStaff: booking.enteredById !== null,
    },
    requesterName: found.requesterName,
    timeline: {
      status: booking.status,
      offers: found.offers,
      interpreterFirstName: found.interpreterFirstName,
      awaitingNewTime: found.awaitingNewTime,
      invoiced: found.invoiced,
    },
    files: found.files,
    series: found.series ? seriesPosition(found.series.position, found.series.count) : null,
    // The client sees each seat's interpreter by first name, as on the timeline.
    team: found.team
      ? {
          label: teamSeatLabel(found.team.position, found.team.seats.length),
          filled: found.team.filled,
          progress: found.team.label,
          seats: found.team.seats.map((seat) => ({
            id: seat.id,
            status: seat.status,
            interpreterName:
              seat.status === 'confirmed' || seat.status === 'completed'
                ? seat.interpreterFirstName
                : null,
          })),
        }
      : null,
    timeZones: timeZoneOptions(booking.timeZone),
    constraint: formConstraint(rescheduleSchema(now())),
    // A completed assignment is rated once, by the requester or a manager.
    rating: completed
      ? {
          given: rating
            ? {
                stars: rating.stars,
                comment: rating.comment,
                ratedByName: rating.ratedByName,
                ratedOn: formatDate(rating.createdAt),
              }
            : null,
          constraint: formConstraint(bookingRatingSchema),
        }
      : null,
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const client = await requireClient(request)
  const bookingId = requireUuidParam(params, 'bookingId')
  const formData = await request.formData()
  if (formData.get('intent') === 'rate') return rateAction(formData, bookingId, client)
  try {
    if (formData.get('intent') === 'cancel') {
      const scope = seriesScopeField.parse(formData.get('scope'))
      const cancelled = await cancelBooking(bookingId, client, { scope })
      if (!cancelled) throw notFound()
      const what =
        cancelled.count === 1 ? 'Booking cancelled' : `${cancelled.count} bookings cancelled`
      throw redirectWithToast(
        `/client/bookings/${bookingId}`,
        cancelled.late ? `${what} (a late cancellation).` : `${what}.`,
      )
    }
    const submission = parseWithZod(formData, { schema: rescheduleSchema(now()) })
    if (submission.status !== 'success')
      return data({ result: submission.reply(), error: null }, { status: 400 })
    const moved = await rescheduleBooking(bookingId, submission.value, client)
    if (!moved) throw notFound()
    throw redirectWithToast(
      `/client/bookings/${bookingId}`,
      moved.status === 'confirmed'
        ? 'Booking moved. Your interpreter can make the new time and has been asked to confirm it.'
        : 'Booking moved. We are finding an interpreter for the new time.',
    )
  } catch (error) {
    if (!(error instanceof BookingRuleError)) throw error
    return data({ result: undefined, error: error.message }, { status: 409 })
  }
}

/** The rating form: 400 when invalid or the booking is not completed, 409 when rated already. */
async function rateAction(formData: FormData, bookingId: string, client: ClientUser) {
  const submission = parseWithZod(formData, { schema: bookingRatingSchema })
  if (submission.status !== 'success')
    return data({ form: 'rating', result: submission.reply(), error: null }, { status: 400 })
  switch (await rateBooking(bookingId, submission.value, client)) {
    case 'missing':
      throw notFound()
    case 'not-completed':
      return data(
        { form: 'rating', result: undefined, error: 'Only a completed assignment can be rated.' },
        { status: 400 },
      )
    case 'rated-already':
      return data(
        { form: 'rating', result: undefined, error: 'This assignment has been rated already.' },
        { status: 409 },
      )
    case 'rated':
      throw redirectWithToast(
        `/client/bookings/${bookingId}#rating-heading`,
        'Thank you: your rating was sent.',
      )
  }
}

export default function ClientBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, timeline, files, requesterName, timeZones } = loaderData
  const [searchParams] = useSearchParams()
  const ratingReply = actionData && 'form' in actionData ? actionData.result : undefined
  const rescheduleReply = actionData && 'form' in actionData ? undefined : actionData?.result
  const confirmingCancel = searchParams.get('cancel') === '1'
  const details: [string, string][] = [
    ['When', booking.when],
    ['Duration', `${booking.durationMinutes} minutes`],
    ['Language', `${booking.language} and English`],
    ['How', booking.modality],
    ['Setting', booking.setting],
    [booking.locationLabel, booking.location],
    ['Contact on the day', booking.contact],
    ...(booking.notes ? ([['Notes', booking.notes]] as [string, string][]) : []),
    ...(booking.requestedGender
      ? ([['Interpreter’s gender', booking.requestedGender]] as [string, string][])
      : []),
    ...(requesterName ? ([['Booked by', requesterName]] as [string, string][]) : []),
    ...(loaderData.team ? ([['Team', loaderData.team.label]] as [string, string][]) : []),
    ...(loaderData.series ? ([['Series', loaderData.series]] as [string, string][]) : []),
    ...(booking.enteredByStaff
      ? ([
          ['Entered by', requesterName ? `Our staff, on ${requesterName}'s behalf` : 'Our staff'],
        ] as [string, string][])
      : []),
  ]
  return (
    <div className="mx-auto max-w-3xl">
      <p className="text-sm">
        <Link to="/client/bookings" className="text-brand-700 underline">
          All bookings
        </Link>
      </p>
      <h1 id="booking-title" className="mt-2 text-2xl font-bold text-slate-900">
        {booking.language} interpreter, {booking.modality}
      </h1>
      {booking.urgent && booking.open ? (
        <p className="mt-2 rounded-md border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-900">
          Urgent: this booking starts in less than 24 hours; our dispatch team is on it.
        </p>
      ) : null}
      {booking.rareNotice ? (
        <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          {booking.rareNotice}
        </p>
      ) : null}
      {actionData?.error ? <FormMessage tone="error">{actionData.error}</FormMessage> : null}
      <section
        aria-labelledby="status-heading"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
      >
        <h2 id="status-heading" className="font-semibold text-slate-900">
          Status
        </h2>
        <div className="mt-2">
          <BookingTimeline booking={timeline} />
        </div>
        {booking.lateCancellation ? (
          <p className="mt-2 text-sm text-slate-700">
            Cancelled within {booking.windowHours} hours of the start.
          </p>
        ) : null}
      </section>
      {loaderData.team ? (
        <TeamSeats
          seats={loaderData.team.seats}
          currentId={booking.id}
          progress={{ filled: loaderData.team.filled, label: loaderData.team.progress }}
          hrefOf={(seatId) => `/client/bookings/${seatId}`}
        />
      ) : null}
      {loaderData.rating ? (
        <BookingRating
          rating={loaderData.rating.given}
          interpreterFirstName={timeline.interpreterFirstName}
          lastResult={ratingReply}
          constraint={loaderData.rating.constraint}
        />
      ) : null}
      <section
        aria-labelledby="details-heading"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
      >
        <h2 id="details-heading" className="font-semibold text-slate-900">
          Details
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          {details.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="wrap-anywhere whitespace-pre-wrap text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {files.length > 0 ? (
          <>
            <h3 className="mt-4 text-sm font-semibold text-slate-900">Preparation files</h3>
            <PreparationFileList
              files={files}
              hrefOf={(file) => `/client/bookings/${booking.id}/files/${file.id}`}
              label="Preparation files"
            />
          </>
        ) : null}
      </section>
      {booking.open ? (
        <>
          <CancelBookingSection
            bookingPath={`/client/bookings/${booking.id}`}
            latePolicy={booking.latePolicy}
            confirming={confirmingCancel}
            inSeries={loaderData.series !== null}
          />
          <RescheduleBookingSection
            reply={rescheduleReply}
            constraint={loaderData.constraint}
            current={{
              date: booking.localDate,
              time: booking.localTime,
              timeZone: booking.timeZone,
              durationMinutes: booking.durationMinutes,
            }}
            timeZones={timeZones}
            intro="A confirmed interpreter who can make the new time keeps the booking and is asked to confirm it; otherwise the booking goes back to our dispatch team."
          />
        </>
      ) : null}
    </div>
  )
}
