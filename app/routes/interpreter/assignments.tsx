import type { ReactNode } from 'react'
import { Download } from 'lucide-react'
import { data, Form, Link } from 'react-router'
import { EmptyState } from '~/components/admin/empty-state'
import { CloseoutBadge } from '~/components/billing/closeout-summary'
import { locationLabel } from '~/domain/bookings'
import { formatInZone } from '~/domain/format'
import { bookingTitle } from '~/domain/dispatch'
import { timeZoneWithName } from '~/domain/availability'
import { requireUser } from '~/auth/session.server'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { offerAnswerSchema } from '~/lib/validation/dispatch'
import { closeoutsDueOf, closeoutStatusesOf } from '~/models/billing/closeouts.server'
import { assignmentsOf } from '~/models/dispatch/assignments.server'
import { acceptOfferAsInterpreter, declineOffer } from '~/models/dispatch/offers.server'
import type { Route } from './+types/assignments'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Assignments',
      description: 'Offers to answer and your assignments.',
      path: '/interpreter/assignments',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'interpreter' })
  const [assignments, due] = await Promise.all([assignmentsOf(user.id), closeoutsDueOf(user.id)])
  if (!assignments) throw notFound()
  const closeoutStatuses = await closeoutStatusesOf(assignments.past.map((row) => row.bookingId))
  return {
    ...assignments,
    past: assignments.past.map((row) => ({
      ...row,
      closeoutStatus: closeoutStatuses.get(row.bookingId) ?? null,
    })),
    closeoutsDue: due.map((row) => ({
      bookingId: row.bookingId,
      title: bookingTitle(row),
      startsAt: row.startsAt,
      organizationName: row.organizationName,
      dueAt: row.dueAt,
      overdue: row.overdue,
      returned: row.status === 'returned',
      returnReason: row.returnReason,
    })),
  }
}

const answerMessages = {
  accepted: 'You accepted the assignment: it is confirmed and listed under Upcoming.',
  declined: 'You declined the offer.',
  used: 'This offer was answered already.',
  expired: 'This offer has expired.',
  cancelled: 'The client cancelled this booking.',
  filled: 'This booking has been filled by another interpreter.',
  closed: 'This booking is no longer open for offers.',
  conflict:
    'You already have a confirmed assignment at that time, so this offer cannot be accepted.',
} as const

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, { role: 'interpreter' })
  const parsed = offerAnswerSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ message: null, tone: 'error' as const }, { status: 400 })
  if (parsed.data.intent === 'decline') {
    // Not theirs, or answered already: the same 404, nothing said about another's offer.
    if (!(await declineOffer(user.id, parsed.data.offerId))) throw notFound()
    return { message: answerMessages.declined, tone: 'success' as const }
  }
  const result = await acceptOfferAsInterpreter(user.id, parsed.data.offerId)
  if (!result) throw notFound()
  if (result.outcome === 'accepted')
    return { message: answerMessages.accepted, tone: 'success' as const }
  return data({ message: answerMessages[result.outcome], tone: 'error' as const }, { status: 409 })
}

export default function AssignmentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { timeZone, offers, upcoming, past, closeoutsDue } = loaderData
  const when = (instant: Date | string) => formatInZone(instant, timeZone)
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold text-slate-900">Assignments</h1>
      <p className="mt-1 text-slate-600">
        Times are in your time zone, {timeZoneWithName(timeZone)}.
      </p>
      <div role="status" className="mt-4 empty:hidden">
        {actionData?.message ? (
          <p
            className={`rounded-md px-4 py-3 text-sm font-medium ring-1 ${
              actionData.tone === 'success'
                ? 'bg-green-50 text-green-900 ring-green-300'
                : 'bg-red-50 text-red-900 ring-red-300'
            }`}
          >
            {actionData.message}
          </p>
        ) : null}
      </div>

      <section aria-labelledby="closeouts-due-heading" className="mt-6">
        <h2 id="closeouts-due-heading" className="text-lg font-semibold text-slate-900">
          Closeouts due
        </h2>
        {closeoutsDue.length === 0 ? (
          <p className="mt-2 text-slate-700">No closeouts due.</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {closeoutsDue.map((due) => (
              <li
                key={due.bookingId}
                className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
              >
                <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  {due.title}
                  {due.returned ? <CloseoutBadge status="returned" /> : null}
                  {due.overdue ? <CloseoutBadge status="overdue" /> : null}
                </h3>
                <p className="text-slate-700">
                  {when(due.startsAt)}, for {due.organizationName}
                </p>
                <p className="text-sm text-slate-700">Due by {when(due.dueAt)}</p>
                {due.returned && due.returnReason ? (
                  <p className="mt-1 text-sm break-words text-slate-900">
                    <strong>What to correct:</strong> {due.returnReason}
                  </p>
                ) : null}
                <Link
                  to={`/interpreter/assignments/${due.bookingId}/closeout`}
                  className="btn-primary mt-3"
                  aria-label={`Close out ${due.title}, ${when(due.startsAt)}`}
                >
                  {due.returned ? 'Correct the closeout' : 'Close out'}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="offers-heading" className="mt-8">
        <h2 id="offers-heading" className="text-lg font-semibold text-slate-900">
          Offers
        </h2>
        {offers.length === 0 ? (
          <p className="mt-2 text-slate-700">No offers wait for your answer.</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {offers.map((offer) => (
              <li
                key={offer.offerId}
                className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
              >
                <h3 className="font-semibold text-slate-900">{bookingTitle(offer)}</h3>
                <p className="text-slate-700">
                  {when(offer.startsAt)}, {offer.durationMinutes} minutes, for{' '}
                  {offer.organizationName}
                </p>
                <p className="break-words text-slate-700">
                  {locationLabel[offer.modality]}: {offer.location}
                </p>
                <p className="text-sm text-slate-600">Open until {when(offer.expiresAt)}</p>
                <Form method="post" className="mt-3 flex flex-wrap gap-3">
                  <input type="hidden" name="offerId" value={offer.offerId} />
                  <button
                    type="submit"
                    name="intent"
                    value="accept"
                    className="btn-primary"
                    aria-label={`Accept ${bookingTitle(offer)}, ${when(offer.startsAt)}`}
                  >
                    Accept
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="decline"
                    className="btn-secondary"
                    aria-label={`Decline ${bookingTitle(offer)}, ${when(offer.startsAt)}`}
                  >
                    Decline
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="upcoming-heading" className="mt-8">
        <h2 id="upcoming-heading" className="text-lg font-semibold text-slate-900">
          Upcoming
        </h2>
        {upcoming.length === 0 ? (
          <EmptyState title="No Upcoming Assignments" headingLevel={3}>
            Assignments you accept appear here with all their details.
          </EmptyState>
        ) : (
          <ul className="mt-2 space-y-3">
            {upcoming.map((assignment) => (
              <li
                key={assignment.bookingId}
                className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
              >
                <h3 className="font-semibold text-slate-900">{bookingTitle(assignment)}</h3>
                <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                  <Detail term="When">
                    {when(assignment.startsAt)} ({assignment.durationMinutes} minutes)
                  </Detail>
                  <Detail term="Client">{assignment.organizationName}</Detail>
                  <Detail term={locationLabel[assignment.modality]}>{assignment.location}</Detail>
                  <Detail term="Contact on the day">
                    {assignment.contactName}, {assignment.contactPhone}
                  </Detail>
                  {assignment.notes ? <Detail term="Notes">{assignment.notes}</Detail> : null}
                </dl>
                <a
                  href={`/interpreter/assignments/${assignment.bookingId}/ics`}
                  download
                  className="btn-secondary mt-3"
                  aria-label={`Download the calendar file of ${bookingTitle(assignment)}, ${when(assignment.startsAt)}`}
                >
                  <Download aria-hidden="true" className="size-4" /> Add to calendar (.ics)
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="past-heading" className="mt-8">
        <h2 id="past-heading" className="text-lg font-semibold text-slate-900">
          Past
        </h2>
        {past.length === 0 ? (
          <p className="mt-2 text-slate-700">No past assignments yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            {past.map((assignment) => (
              <li
                key={assignment.bookingId}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-slate-800"
              >
                <span>
                  <span className="font-medium">{bookingTitle(assignment)}</span>,{' '}
                  {when(assignment.startsAt)}, {assignment.organizationName}
                </span>
                {assignment.closeoutStatus ? (
                  <Link
                    to={`/interpreter/assignments/${assignment.bookingId}/closeout`}
                    className="inline-flex items-center gap-2 text-sm text-brand-700 underline"
                    aria-label={`Closeout of ${bookingTitle(assignment)}, ${when(assignment.startsAt)}`}
                  >
                    Closeout <CloseoutBadge status={assignment.closeoutStatus} />
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  )
}
