import { DataTable } from '~/components/admin/data-table'
import { formatRateUnits, travelTimeNote } from '~/domain/billing'
import { payRateSourceShort, type PayRateSource } from '~/domain/contracts'
import { formatCents } from '~/domain/money'
import { formatCalendarDate } from '~/domain/format'

export interface StatementLineView {
  id: string
  workDate: string
  description: string
  minutes: number
  rateUnits: number
  rateSource: PayRateSource
  amountCents: number
  mileageCents: number
  expensesCents: number
  travelMinutes: number
  travelTimeCents: number
  totalCents: number
}

/**
 * A statement's assignments and on-demand calls (docs/product.md#pay-statements), the same for the interpreter and
 * for staff: minutes × rate = amount, then mileage, travel time and expenses, and each line's total; the
 * statement's total below.
 */
export function StatementLines({
  lines,
  totalCents,
}: {
  lines: readonly StatementLineView[]
  totalCents: number
}) {
  return (
    <>
      <DataTable
        caption="Work on this statement"
        dense
        rows={lines}
        rowKey={(line) => line.id}
        empty="No work on this statement yet."
        columns={[
          {
            header: 'Date',
            width: 'w-28',
            className: 'whitespace-nowrap',
            cell: (line) => formatCalendarDate(line.workDate),
          },
          {
            header: 'Work',
            rowHeader: true,
            className: 'break-words',
            cell: (line) => line.description,
          },
          {
            header: 'Minutes',
            width: 'w-20',
            // 0: a call the client hung up within 30 s, paid by the second (its description says so).
            cell: (line) => (line.minutes === 0 ? '—' : line.minutes),
          },
          {
            header: 'Rate per minute',
            width: 'w-28',
            cell: (line) => (
              <>
                {formatRateUnits(line.rateUnits)}
                <span className="block text-xs text-slate-600">
                  {payRateSourceShort[line.rateSource]}
                </span>
              </>
            ),
          },
          { header: 'Amount', width: 'w-28', cell: (line) => formatCents(line.amountCents) },
          {
            header: 'Travel and expenses',
            width: 'w-32',
            cell: (line) => (
              <>
                {formatCents(line.mileageCents + line.expensesCents + line.travelTimeCents)}
                {line.travelMinutes > 0 ? (
                  <span className="block text-xs text-slate-600">
                    {travelTimeNote(line.travelMinutes)}
                  </span>
                ) : null}
              </>
            ),
          },
          {
            header: 'Line total',
            width: 'w-28',
            className: 'font-medium text-slate-900',
            cell: (line) => formatCents(line.totalCents),
          },
        ]}
      />
      <p className="mt-4 text-right text-lg font-semibold text-slate-900">
        Statement total: {formatCents(totalCents)}
      </p>
    </>
  )
}
