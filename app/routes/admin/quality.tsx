import { MessageSquareWarning } from 'lucide-react'
import { data, Form, Link, useLocation } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { EmptyState } from '~/components/admin/empty-state'
import { Pagination } from '~/components/admin/list-controls'
import { LOW_RATING_MAX_STARS } from '~/domain/booking-ratings'
import { bookingTitle } from '~/domain/dispatch'
import { formatDateTime, formatInZone } from '~/domain/format'
import { requireAdmin } from '~/auth/session.server'
import { seoMeta } from '~/lib/seo/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { qualityQueueSchema, ratingReviewedSchema } from '~/lib/validation/booking-rating'
import { lowRatingQueue, markRatingReviewed } from '~/models/booking-ratings.server'
import { CallQualityQueue } from '~/components/admin/call-quality-queue'
import { callReviewedSchema } from '~/lib/validation/calls'
import { callQualityQueue, markCallRatingReviewed } from '~/models/calls/call-ratings.server'
import type { Route } from './+types/quality'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Quality',
      description: 'Low ratings from clients, for staff to review.',
      path: '/admin/quality',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { page } = qualityQueueSchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const [queue, calls] = await Promise.all([lowRatingQueue(page), callQualityQueue(1)])
  return {
    calls: {
      total: calls.total,
      rows: calls.rows.map((row) => ({
        callId: row.callId,
        rater: row.rater,
        stars: row.stars,
        comment: row.comment,
        incident: row.incident,
        ratedAt: formatDateTime(row.createdAt),
        ratedByName: row.ratedByName,
        organizationName: row.organizationName,
        interpreterName: row.interpreterFirstName
          ? `${row.interpreterFirstName} ${row.interpreterLastName}`
          : '—',
        call: `${row.language}, ${row.media === 'video' ? 'video' : 'audio only'}, ${formatDateTime(row.startedAt)}`,
        billableSeconds: row.billableSeconds,
      })),
    },
    page,
    total: queue.total,
    pageSize: queue.pageSize,
    rows: queue.rows.map((row) => ({
      bookingId: row.bookingId,
      stars: row.stars,
      comment: row.comment,
      ratedAt: formatDateTime(row.createdAt),
      ratedByName: row.ratedByName,
      organizationName: row.organizationName,
      interpreterName: `${row.interpreterFirstName} ${row.interpreterLastName}`,
      title: bookingTitle(row),
      when: formatInZone(row.startsAt, row.timeZone),
    })),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await request.formData()
  // Back to the page staff were on: the rows after it move up.
  const back = `/admin/quality${new URL(request.url).search}`
  if (form.get('intent') === 'call-reviewed') {
    const call = callReviewedSchema.safeParse(Object.fromEntries(form))
    if (!call.success) return data({ error: 'Choose a call to mark reviewed.' }, { status: 400 })
    return (await markCallRatingReviewed(call.data.callId, call.data.rater, admin.actor))
      ? redirectWithToast(back, 'Call marked reviewed.')
      : redirectWithToast(back, 'This call is no longer in the queue.', 'error')
  }
  const parsed = ratingReviewedSchema.safeParse({ bookingId: form.get('bookingId') })
  if (!parsed.success) return data({ error: 'Choose a rating to mark reviewed.' }, { status: 400 })
  return (await markRatingReviewed(parsed.data.bookingId, admin.actor))
    ? redirectWithToast(back, 'Rating marked reviewed.')
    : redirectWithToast(back, 'This rating is no longer in the queue.', 'error')
}

type Row = Route.ComponentProps['loaderData']['rows'][number]

/**
 * Staff's quality queue (docs/product.md#quality): clients' low ratings, newest first, each
 * until someone marks it reviewed.
 */
export default function QualityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageSize } = loaderData
  const { search } = useLocation()
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Quality</h1>
      <p className="mt-1 text-slate-600">
        Assignments clients rated {LOW_RATING_MAX_STARS} stars or fewer, newest first. Look into
        each one, then mark it reviewed to take it off this list.
      </p>
      {actionData?.error ? (
        <p role="alert" className="mt-4 font-medium text-red-700">
          {actionData.error}
        </p>
      ) : null}
      {total === 0 ? (
        <EmptyState icon={MessageSquareWarning} title="No Low Ratings to Review">
          Ratings of {LOW_RATING_MAX_STARS} stars or fewer appear here until someone reviews them.
        </EmptyState>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-700">
            {total} {total === 1 ? 'rating' : 'ratings'} to review
          </p>
          <DataTable
            caption="Low ratings to review"
            className="mt-2"
            rows={rows}
            rowKey={(row) => row.bookingId}
            columns={[
              {
                header: 'Booking',
                rowHeader: true,
                cell: (row: Row) => (
                  <>
                    <Link
                      to={`/admin/bookings/${row.bookingId}`}
                      className="font-medium text-brand-700 underline hover:text-brand-800"
                    >
                      {row.title}
                    </Link>
                    <p className="text-slate-600">{row.when}</p>
                  </>
                ),
              },
              { header: 'Client', cell: (row: Row) => row.organizationName },
              { header: 'Interpreter', cell: (row: Row) => row.interpreterName },
              {
                header: 'Rating',
                width: 'w-28',
                cell: (row: Row) => (
                  <span className="font-medium text-slate-900">{row.stars} out of 5</span>
                ),
              },
              {
                header: 'Comment',
                cell: (row: Row) => (
                  <>
                    <p className="wrap-anywhere whitespace-pre-wrap text-slate-800">
                      {row.comment ?? 'No comment'}
                    </p>
                    <p className="mt-1 text-slate-600">
                      {row.ratedByName ? `${row.ratedByName}, ` : ''}
                      {row.ratedAt}
                    </p>
                  </>
                ),
              },
              {
                header: 'Actions',
                width: 'w-40',
                cell: (row: Row) => (
                  <Form method="post" action={`/admin/quality${search}`}>
                    <input type="hidden" name="bookingId" value={row.bookingId} />
                    <button
                      type="submit"
                      className="btn-secondary"
                      aria-label={`Mark reviewed: ${row.stars} out of 5 for ${row.interpreterName}, ${row.title}, ${row.when}`}
                    >
                      Mark reviewed
                    </button>
                  </Form>
                ),
              },
            ]}
          />
        </>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} />
      <CallQualityQueue {...loaderData.calls} action={`/admin/quality${search}`} />
    </>
  )
}
