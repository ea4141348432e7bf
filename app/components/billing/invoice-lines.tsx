import { DataTable } from '~/components/admin/data-table'
import type { invoiceLineCells } from '~/lib/billing/invoice-display'

export type InvoiceLineRow = ReturnType<typeof invoiceLineCells>[number] & { id: string }

const numeric = 'whitespace-nowrap tabular-nums @4xl:text-right'

/**
 * An invoice's lines (date, description, minutes, rate, amount, travel, total) and their sums,
 * under a "Lines" heading, for staff and for the client alike. A translation job has no
 * minutes nor rate.
 */
export function InvoiceLines({
  lines,
  totals,
}: {
  lines: InvoiceLineRow[]
  totals: {
    amount: string
    premiums: string
    travel: string
    total: string
    paid: string
    balance: string
  }
}) {
  return (
    <section aria-labelledby="invoice-lines-heading" className="mt-8">
      <h2 id="invoice-lines-heading" className="text-lg font-semibold text-slate-900">
        Lines
      </h2>
      <DataTable
        caption="Invoice lines"
        dense
        className="mt-3"
        rows={lines}
        rowKey={(line) => line.id}
        empty="No work on this invoice yet."
        columns={[
          {
            header: 'Date',
            width: 'w-28',
            className: 'whitespace-nowrap',
            cell: (line) => line.date,
          },
          {
            header: 'Description',
            rowHeader: true,
            cell: (line) => (
              <>
                {line.description}
                {line.details.length > 0 ? (
                  <span className="mt-1 block text-xs font-normal text-slate-600">
                    {line.details.join(' · ')}
                  </span>
                ) : null}
              </>
            ),
          },
          { header: 'Minutes', width: 'w-20', className: numeric, cell: (line) => line.minutes },
          { header: 'Rate / min', width: 'w-24', className: numeric, cell: (line) => line.rate },
          { header: 'Amount', width: 'w-28', className: numeric, cell: (line) => line.amount },
          { header: 'Travel', width: 'w-24', className: numeric, cell: (line) => line.travel },
          {
            header: 'Total',
            width: 'w-28',
            className: `${numeric} font-medium text-slate-900`,
            cell: (line) => line.total,
          },
        ]}
      />
      <dl
        aria-label="Invoice totals"
        className="mt-4 ml-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200"
      >
        <dt className="text-slate-600">Interpreting and translation</dt>
        <dd className="text-right tabular-nums text-slate-900">{totals.amount}</dd>
        {totals.premiums !== '$0.00' ? (
          <>
            <dt className="text-slate-600">Premiums</dt>
            <dd className="text-right tabular-nums text-slate-900">{totals.premiums}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">Travel and expenses</dt>
        <dd className="text-right tabular-nums text-slate-900">{totals.travel}</dd>
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="text-right font-semibold tabular-nums text-slate-900">{totals.total}</dd>
        <dt className="text-slate-600">Paid and credited</dt>
        <dd className="text-right tabular-nums text-slate-900">{totals.paid}</dd>
        <dt className="font-semibold text-slate-900">Balance due</dt>
        <dd className="text-right font-semibold tabular-nums text-slate-900">{totals.balance}</dd>
      </dl>
    </section>
  )
}
