import { Link, useSearchParams } from 'react-router'
import { z } from 'zod'
import { BookingStatusBadge } from '~/components/dispatch/booking-status-badge'
import {
  BookingDetailsSection,
  CancelBookingSection,
  RescheduleBookingSection,
} from '~/components/dispatch/booking-changes'
import { BookingOffers } from '~/components/dispatch/booking-offers'
import { DispatchPanel } from '~/components/dispatch/dispatch-panel'
import { FormMessage } from '~/components/layout/auth-card'
import { PreparationFileList } from '~/components/dispatch/preparation-files'
import { timeZoneOptions } from '~/domain/availability'
import { seriesPosition } from '~/domain/booking-series'
import { teamSeatLabel } from '~/domain/booking-teams'
import { TeamSeats } from '~/components/dispatch/team-seats'
import { ratingSummary } from '~/domain/booking-ratings'
import { locationLabel, settingLabel } from '~/domain/bookings'
import { cancellationNow, payRatesForBooking } from '~/models/billing/contracts.server'
import { payRateSourceLabel, type PayRateSource } from '~/domain/contracts'
import { formatRateUnits } from '~/domain/billing'
import { bookingTitle, rankingNote, travelLabel } from '~/domain/dispatch'
import { modalityLabel, requestedGenderLabel } from '~/domain/interpreter-profile'
import { requireAdmin } from '~/auth/session.server'
import { formatInZone } from '~/domain/format'
import { officeTimeZone } from '~/domain/office'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { bookingDetailsSchema, rescheduleSchema } from '~/lib/validation/booking'
import { assignInterpreterSchema } from '~/lib/validation/dispatch'
import { ratingsOfInterpreters } from '~/models/booking-ratings.server'
import { bookingForStaff } from '~/models/dispatch/bookings.server'
import { dispatchListFor } from '~/models/dispatch/eligibility.server'
import { directAssignmentPending } from '~/models/dispatch/offers.server'
import { now } from '~/platform/clock.server'
import {
  assignAction,
  cancelAction,
  detailsAction,
  offerAction,
  rescheduleAction,
} from './bookings.detail.server'
import type { Route } from './+types/bookings.detail'

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta(
    {
      title: 'Booking',
      description: 'A booking and its eligible interpreters.',
      path: `/admin/bookings/${params.bookingId}`,
      noindex: true,
    },
    matches,
  )

const OPEN = new Set(['requested', 'offered', 'unfilled'])
/** What staff may still cancel or move (app/models/dispatch/booking-changes.server.ts). */
const CHANGEABLE = new Set([...OPEN, 'confirmed'])

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const bookingId = z.uuid().safeParse(params.bookingId)
  if (!bookingId.success) throw notFound()
  const found = await bookingForStaff(bookingId.data)
  if (!found) throw notFound()
  const open = OPEN.has(found.booking.status)
  const list = open ? await dispatchListFor(found.booking) : { eligible: [], excluded: [] }
  const offered = new Set(found.offers.map((offer) => offer.interpreterId))
  const held = open ? await directAssignmentPending(found.booking.id) : undefined
  const heldOffer = held && found.offers.find((offer) => offer.interpreterId === held.interpreterId)
  // Every eligible interpreter's average in one grouped query.
  const eligibleIds = list.eligible.map((interpreter) => interpreter.id)
  const ratings = await ratingsOfInterpreters(eligibleIds)
  const payRates = await payRatesForBooking(found.booking, eligibleIds)
  // A moved booking whose interpreter has not confirmed its new time (docs/product.md#bookings).
  const newTimeOffer = found.offers.find((offer) => offer.status === 'reconfirm')
  return {
    ...found,
    newTime: newTimeOffer
      ? {
          interpreter: `${newTimeOffer.firstName} ${newTimeOffer.lastName}`,
          until: formatInZone(newTimeOffer.expiresAt, officeTimeZone()),
          lapsed: newTimeOffer.expiresAt <= now(),
        }
      : null,
    open,
    heldFor: heldOffer ? `${heldOffer.firstName} ${heldOffer.lastName}` : null,
    assignConstraint: formConstraint(assignInterpreterSchema),
    changeable: CHANGEABLE.has(found.booking.status),
    latePolicy: (await cancellationNow(found.booking)).latePolicy,
    timeZones: timeZoneOptions(found.booking.timeZone),
    rescheduleConstraint: formConstraint(rescheduleSchema(now())),
    detailsConstraint: formConstraint(bookingDetailsSchema),
    eligible: list.eligible.map((interpreter) => ({
      id: interpreter.id,
      name: `${interpreter.firstName} ${interpreter.lastName}`,
      completedWithOrganization: interpreter.completedWithOrganization,
      hoursThisHalfMonth: Math.round((interpreter.minutesThisHalfMonth / 60) * 10) / 10,
      travel: travelLabel(interpreter.travel, interpreter.travelRadiusMiles),
      offered: offered.has(interpreter.id),
      preference: rankingNote(interpreter),
      ratings: ratingSummary(ratings.get(interpreter.id)),
      pay: payLabel(payRates.get(interpreter.id)!, found.booking.language),
    })),
    excluded: list.excluded.map(({ interpreter, reasons }) => ({
      id: interpreter.id,
      name: `${interpreter.firstName} ${interpreter.lastName}`,
      reasons,
    })),
  }
}

/** "Pays $0.8500 a minute (Rate for Somali)": which pay rate the interpreter would get. */
function payLabel(rate: { rateUnits: number; source: PayRateSource }, language: string) {
  return `Pays ${formatRateUnits(rate.rateUnits)} a minute (${payRateSourceLabel(rate.source, language)})`
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const bookingId = z.uuid().safeParse(params.bookingId)
  if (!bookingId.success) throw notFound()
  const form = await request.formData()
  switch (form.get('intent')) {
    case 'assign':
      return assignAction(form, bookingId.data, admin.actor)
    case 'cancel':
      return cancelAction(form, bookingId.data, admin.actor)
    case 'reschedule':
      return rescheduleAction(form, bookingId.data, admin.actor)
    case 'details':
      return detailsAction(form, bookingId.data, admin.actor)
    default:
      return offerAction(form, bookingId.data, admin.actor)
  }
}

export default function BookingDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, offers, files, eligible, excluded, open, heldFor } = loaderData
  const error =
    actionData && 'errors' in actionData ? actionData.errors.interpreterIds?.[0] : undefined
  const assignReply = actionData && 'assign' in actionData ? actionData.assign : undefined
  const rescheduleReply =
    actionData && 'reschedule' in actionData ? actionData.reschedule : undefined
  const ruleError = actionData && 'ruleError' in actionData ? actionData.ruleError : undefined
  const detailsReply = actionData && 'details' in actionData ? actionData.details : undefined
  const [searchParams] = useSearchParams()
  const details: [string, string][] = [
    ['Client', loaderData.organizationName],
    ['Requested by', loaderData.requesterName ?? 'Unknown'],
    // Staff entered it for the client (by phone or e-mail).
    ...(loaderData.enteredByName
      ? ([['Entered by', loaderData.enteredByName]] as [string, string][])
      : []),
    ['Starts', formatInZone(booking.startsAt, booking.timeZone)],
    ['Duration', `${booking.durationMinutes} minutes`],
    ['Language', booking.language],
    ['Modality', modalityLabel(booking.modality)],
    ['Setting', settingLabel(booking.setting)],
    [locationLabel[booking.modality], booking.location],
    ['Contact on the day', `${booking.contactName}, ${booking.contactPhone}`],
    ['Notes', booking.notes || 'None'],
    ['Interpreter’s gender', requestedGenderLabel(booking.requestedGender)],
    ...(loaderData.team
      ? ([['Team', teamSeatLabel(loaderData.team.position, loaderData.team.seats.length)]] as [
          string,
          string,
        ][])
      : []),
    ...(loaderData.series
      ? ([['Series', seriesPosition(loaderData.series.position, loaderData.series.count)]] as [
          string,
          string,
        ][])
      : []),
    [
      'Interpreter',
      loaderData.interpreterFirstName
        ? `${loaderData.interpreterFirstName} ${loaderData.interpreterLastName}`
        : 'None yet',
    ],
  ]
  return (
    <div className="max-w-5xl">
      <p>
        <Link to="/admin/bookings" className="text-sm font-medium text-brand-700 underline">
          Back to Bookings
        </Link>
      </p>
      <h1 id="booking-heading" className="mt-2 text-2xl font-bold text-slate-900">
        {bookingTitle(booking)}
      </h1>
      {ruleError ? <FormMessage tone="error">{ruleError}</FormMessage> : null}
      <p className="mt-1 flex items-center gap-2 text-slate-700">
        Status: <BookingStatusBadge status={booking.status} />
        {booking.urgent ? <span className="font-medium">Urgent</span> : null}
      </p>
      {loaderData.newTime ? (
        <p
          className={`mt-3 rounded-md px-4 py-2 text-sm ring-1 ${
            loaderData.newTime.lapsed
              ? 'bg-red-50 text-red-900 ring-red-300'
              : 'bg-amber-50 text-amber-900 ring-amber-300'
          }`}
        >
          {loaderData.newTime.lapsed
            ? `New time not confirmed: ${loaderData.newTime.interpreter} did not answer by ${loaderData.newTime.until}. Call them, or move or cancel the booking.`
            : `New time sent: waiting for ${loaderData.newTime.interpreter} to confirm it (until ${loaderData.newTime.until}).`}
        </p>
      ) : null}
      <dl className="mt-6 grid gap-x-6 gap-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
        {details.map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm font-medium text-slate-600">{term}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      {loaderData.team ? (
        <TeamSeats
          seats={loaderData.team.seats.map((seat) => ({
            id: seat.id,
            status: seat.status,
            interpreterName: seat.interpreterFirstName
              ? `${seat.interpreterFirstName} ${seat.interpreterLastName}`
              : null,
          }))}
          currentId={booking.id}
          progress={loaderData.team}
          hrefOf={(seatId) => `/admin/bookings/${seatId}`}
        />
      ) : null}

      {loaderData.changeable ? (
        <div className="max-w-3xl">
          <RescheduleBookingSection
            reply={rescheduleReply}
            constraint={loaderData.rescheduleConstraint}
            current={{
              date: booking.localDate,
              time: booking.localTime,
              timeZone: booking.timeZone,
              durationMinutes: booking.durationMinutes,
            }}
            timeZones={loaderData.timeZones}
            intro="A confirmed interpreter who can make the new time keeps the booking and is asked to confirm it; otherwise it goes back to Requested. The interpreter and the client who booked are e-mailed."
          />
          <BookingDetailsSection
            reply={detailsReply}
            constraint={loaderData.detailsConstraint}
            current={{
              location: booking.location,
              contactName: booking.contactName,
              contactPhone: booking.contactPhone,
              notes: booking.notes ?? '',
            }}
            locationLabel={locationLabel[booking.modality]}
          />
          <CancelBookingSection
            bookingPath={`/admin/bookings/${booking.id}`}
            latePolicy={loaderData.latePolicy}
            confirming={searchParams.get('cancel') === '1'}
            staff
            inSeries={loaderData.series !== undefined}
          />
        </div>
      ) : null}

      <section aria-labelledby="files-heading" className="mt-8">
        <h2 id="files-heading" className="text-lg font-semibold text-slate-900">
          Preparation files
        </h2>
        {files.length === 0 ? (
          <p className="mt-2 text-slate-700">The client attached no preparation files.</p>
        ) : (
          <PreparationFileList
            files={files}
            hrefOf={(file) => `/admin/bookings/${booking.id}/files/${file.id}`}
            label="Preparation files"
          />
        )}
      </section>

      {offers.length > 0 ? <BookingOffers offers={offers} /> : null}

      {open ? (
        <DispatchPanel
          eligible={eligible}
          excluded={excluded}
          heldFor={heldFor}
          offerError={error}
          assignConstraint={loaderData.assignConstraint}
          assignReply={assignReply}
        />
      ) : null}
    </div>
  )
}
