import { Form } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { minutesAndSeconds, type CallRater } from '~/domain/calls'

export interface CallQueueRow {
  callId: string
  rater: CallRater
  stars: number
  comment: string | null
  incident: boolean
  ratedAt: string
  ratedByName: string | null
  organizationName: string
  interpreterName: string
  call: string
  billableSeconds: number | null
}

/**
 * The calls in staff's quality queue (docs/product.md#call-ratings): clients' low ratings and
 * interpreters' incidents, newest first, each until someone marks it reviewed.
 */
export function CallQualityQueue({
  rows,
  total,
  action,
}: {
  rows: readonly CallQueueRow[]
  total: number
  /** Where the Mark reviewed forms post: the page staff are on. */
  action: string
}) {
  return (
    <section aria-labelledby="call-quality-heading" className="mt-10">
      <h2 id="call-quality-heading" className="text-lg font-semibold text-slate-900">
        Calls
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        On-demand calls clients rated 2 stars or fewer, and incidents interpreters flagged.
        {total > rows.length ? ` The newest ${rows.length} of ${total}.` : ''}
      </p>
      <DataTable
        caption="Calls to review"
        className="mt-2"
        rows={rows}
        rowKey={(row) => `${row.callId}-${row.rater}`}
        empty="No calls to review."
        columns={[
          {
            header: 'Call',
            rowHeader: true,
            cell: (row) => (
              <>
                <p className="font-medium text-slate-900">{row.call}</p>
                <p className="text-slate-600">
                  {row.billableSeconds ? `Connected ${minutesAndSeconds(row.billableSeconds)}` : ''}
                </p>
              </>
            ),
          },
          { header: 'Client', cell: (row) => row.organizationName },
          { header: 'Interpreter', cell: (row) => row.interpreterName },
          {
            header: 'Report',
            width: 'w-40',
            cell: (row) => (
              <span className="font-medium text-slate-900">
                {row.incident
                  ? `Incident flagged by the interpreter (quality ${row.stars} out of 5)`
                  : `Client: ${row.stars} out of 5`}
              </span>
            ),
          },
          {
            header: 'Comment',
            cell: (row) => (
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
            cell: (row) => (
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="call-reviewed" />
                <input type="hidden" name="callId" value={row.callId} />
                <input type="hidden" name="rater" value={row.rater} />
                <button
                  type="submit"
                  className="btn-secondary"
                  aria-label={`Mark reviewed: ${row.incident ? 'incident' : `${row.stars} out of 5`} for ${row.interpreterName}, ${row.call}`}
                >
                  Mark reviewed
                </button>
              </Form>
            ),
          },
        ]}
      />
    </section>
  )
}
