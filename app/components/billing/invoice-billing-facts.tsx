/**
 * What an accounts-payable department needs besides the lines (issue and due date, terms,
 * PO / cost centre, billing address), as `invoiceBillingFacts` words it for the pages and the
 * PDF alike.
 */
export function InvoiceBillingFacts({ facts }: { facts: [string, string][] }) {
  return (
    <dl
      aria-label="Billing details"
      className="mt-4 grid gap-x-6 gap-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2"
    >
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className="text-sm font-medium text-slate-600">{term}</dt>
          <dd className="break-words whitespace-pre-line text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
