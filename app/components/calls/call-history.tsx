import { DataTable, type DataColumn } from '~/components/admin/data-table'
import type { CallMedia } from '~/domain/call-routing'
import { callStatusLabels, minutesAndSeconds, type CallStatus } from '~/domain/calls'
import { formatDateTime } from '~/domain/format'
import { formatCents } from '~/domain/money'

export interface CallHistoryRow {
  id: string
  language: string
  media: CallMedia
  status: CallStatus
  startedAt: Date | string
  billableSeconds: number | null
  /** The client's cost or the interpreter's pay, as posted; null while the call is open. */
  amountCents?: number | null
  requestedByName?: string | null
}

/**
 * A party's recent calls (docs/product.md#call-histories): when, what, how it ended, how long it
 * was connected and, where the viewer may see it, what it cost or paid.
 */
export function CallHistory({
  rows,
  amountHeader,
  showRequester = false,
}: {
  rows: readonly CallHistoryRow[]
  /** "Cost" for a client manager, "Pay" for the interpreter; none: no money column. */
  amountHeader?: 'Cost' | 'Pay'
  showRequester?: boolean
}) {
  const columns: DataColumn<CallHistoryRow>[] = [
    { header: 'Started', rowHeader: true, cell: (row) => formatDateTime(new Date(row.startedAt)) },
    {
      header: 'Call',
      cell: (row) => `${row.language}, ${row.media === 'video' ? 'video' : 'audio only'}`,
    },
    ...(showRequester
      ? [{ header: 'Requested by', cell: (row: CallHistoryRow) => row.requestedByName ?? '—' }]
      : []),
    { header: 'Status', cell: (row) => callStatusLabels[row.status] },
    {
      header: 'Duration',
      cell: (row) => (row.billableSeconds ? minutesAndSeconds(row.billableSeconds) : '—'),
    },
    ...(amountHeader
      ? [
          {
            header: amountHeader,
            cell: (row: CallHistoryRow) =>
              row.amountCents === null || row.amountCents === undefined
                ? '—'
                : formatCents(row.amountCents),
          },
        ]
      : []),
  ]
  return (
    <DataTable
      caption="Recent calls"
      dense
      className="mt-3"
      rows={rows}
      rowKey={(row) => row.id}
      empty="No calls yet."
      columns={columns}
    />
  )
}
