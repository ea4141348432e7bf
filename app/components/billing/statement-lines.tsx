import { DataTable } from '~/components/admin/data-table'
import { formatRateUnits } from '~/domain/billing'
import { formatCents } from '~/domain/money'
import { formatCalendarDate } from '~/domain/format'

export interface StatementLineView {
  id: string
  workDate: string
  description: string
  minutes: number
  rateUnits: number
  amountCents: number
  mileageCents: number
  expensesCents: number
  totalCents: number
}

/**
 * A statement's assignments (docs/product.md#pay-statements), the same for the interpreter and
 * for staff: minutes × rate = amount, then mileage and expenses, and each line's total; the
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
        caption="Assignments on this statement"
        dense
        rows={lines}
        rowKey={(line) => line.id}
        empty="No assignments on this statement."
        columns={[
          {
            header: 'Date',
            width: 'w-28',
            className: 'whitespace-nowrap',
            cell: (line) => formatCalendarDate(line.workDate),
          },
          {
            header: 'Assignment',
            rowHeader: true,
            className: 'break-words',
            cell: (line) => line.description,
          },
          { header: 'Minutes', width: 'w-20', cell: (line) => line.minutes },
          {
            header: 'Rate per minute',
            width: 'w-28',
            cell: (line) => formatRateUnits(line.rateUnits),
          },
          { header: 'Amount', width: 'w-28', cell: (line) => formatCents(line.amountCents) },
          {
            header: 'Mileage and expenses',
            width: 'w-32',
            cell: (line) => formatCents(line.mileageCents + line.expensesCents),
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
