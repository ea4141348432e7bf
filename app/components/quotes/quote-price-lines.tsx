import { formatCents } from '~/domain/money'
import { quoteLineBasis, type PricedQuoteLine } from '~/domain/quote-pricing'

/**
 * A priced quote's lines and total (docs/product.md#translation-quotes): each line's
 * description, how it was reached ("1,200 words × $0.1250") and its amount. The same table
 * on the client's page, its confirmation step and staff's dialog.
 */
export function QuotePriceLines({
  lines,
  totalCents,
  caption,
}: {
  lines: Pick<PricedQuoteLine, 'kind' | 'description' | 'quantity' | 'unitAmount' | 'amountCents'>[]
  totalCents: number
  caption: string
}) {
  return (
    <table className="mt-3 w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          <th scope="col" className="py-2 pr-3 font-medium">
            Line
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Amount
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {lines.map((line, index) => (
          <tr key={index}>
            <td className="py-2 pr-3 align-top">
              <span className="block break-words text-slate-900">{line.description}</span>
              <span className="block text-slate-600">{quoteLineBasis(line)}</span>
            </td>
            <td className="py-2 text-right align-top whitespace-nowrap text-slate-900 tabular-nums">
              {formatCents(line.amountCents)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t-2 border-slate-300">
          <th scope="row" className="py-2 pr-3 font-semibold text-slate-900">
            Total
          </th>
          <td className="py-2 text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums">
            {formatCents(totalCents)}
          </td>
        </tr>
      </tfoot>
    </table>
  )
}
