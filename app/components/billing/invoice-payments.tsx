import { DataTable } from '~/components/admin/data-table'

export interface InvoicePaymentRow {
  id: string
  receivedOn: string
  method: string
  reference: string
  amount: string
  recordedBy: string | null
}

/** An invoice's payments and credit notes, oldest first, for staff and the client alike. */
export function InvoicePayments({
  payments,
  showRecordedBy = false,
}: {
  payments: InvoicePaymentRow[]
  showRecordedBy?: boolean
}) {
  return (
    <section aria-labelledby="invoice-payments-heading" className="mt-8">
      <h2 id="invoice-payments-heading" className="text-lg font-semibold text-slate-900">
        Payments
      </h2>
      <DataTable
        caption="Payments and credit notes"
        dense
        className="mt-3"
        rows={payments}
        rowKey={(payment) => payment.id}
        empty="No payment recorded yet."
        columns={[
          {
            header: 'Received',
            width: 'w-32',
            className: 'whitespace-nowrap',
            cell: (payment) => payment.receivedOn,
          },
          { header: 'Method', rowHeader: true, width: 'w-36', cell: (payment) => payment.method },
          {
            header: 'Reference',
            cell: (payment) => payment.reference || '—',
          },
          ...(showRecordedBy
            ? [
                {
                  header: 'Recorded by',
                  cell: (payment: InvoicePaymentRow) => payment.recordedBy ?? '—',
                },
              ]
            : []),
          {
            header: 'Amount',
            width: 'w-28',
            className: 'whitespace-nowrap tabular-nums @4xl:text-right',
            cell: (payment) => payment.amount,
          },
        ]}
      />
    </section>
  )
}
