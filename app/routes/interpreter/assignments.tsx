import { Link } from 'react-router'
import { EmptyState } from '~/components/admin/empty-state'
import { CloseoutBadge } from '~/components/billing/closeout-summary'
import {
  AssignmentCards,
  OfferAnswerMessage,
  OfferCards,
} from '~/components/interpreter/assignment-cards'
import { closeoutStatusLabels } from '~/domain/billing'
import { formatInZone } from '~/domain/format'
import { bookingTitle } from '~/domain/dispatch'
import { timeZoneWithName } from '~/domain/availability'
import { requireUser } from '~/auth/session.server'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { closeoutsDueOf, closeoutStatusesOf } from '~/models/billing/closeouts.server'
import { assignmentsOf } from '~/models/dispatch/assignments.server'
import { answerOffer } from './+shared/offer-answer-action.server'
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

export const action = ({ request }: Route.ActionArgs) => answerOffer(request)

export default function AssignmentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { timeZone, offers, upcoming, past, closeoutsDue } = loaderData
  const when = (instant: Date | string) => formatInZone(instant, timeZone)
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold text-slate-900">Assignments</h1>
      <p className="mt-1 text-slate-600">
        Times are in your time zone, {timeZoneWithName(timeZone)}.
      </p>
      <OfferAnswerMessage answer={actionData} />

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
          <OfferCards offers={offers} when={when} />
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
          <AssignmentCards assignments={upcoming} when={when} />
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
                    aria-label={`Closeout ${closeoutStatusLabels[assignment.closeoutStatus]}, ${bookingTitle(assignment)}, ${when(assignment.startsAt)}`}
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
