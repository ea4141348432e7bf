import { rateInput } from '~/domain/billing'
import { centsAsDecimal } from '~/domain/money'
import { requireAdmin } from '~/auth/session.server'
import { toCsv, type CsvColumn } from '~/lib/http/csv'
import { accountingExportSchema } from '~/lib/validation/accounting-export'
import { recordAudit } from '~/models/audit.server'
import { accountingLines, type AccountingLine } from '~/models/billing/accounting-export.server'
import type { Route } from './+types/accounting-export'

const columns: CsvColumn<AccountingLine>[] = [
  { header: 'Type', value: (line) => line.type },
  { header: 'Document', value: (line) => line.document },
  { header: 'Period', value: (line) => line.period },
  { header: 'Party', value: (line) => line.party },
  { header: 'Status', value: (line) => line.status },
  { header: 'Work date', value: (line) => line.workDate },
  { header: 'Description', value: (line) => line.description },
  { header: 'Minutes', value: (line) => line.minutes },
  {
    header: 'Rate per minute (USD)',
    value: (line) => (line.rateUnits === null ? null : rateInput(line.rateUnits)),
  },
  { header: 'Amount (USD)', value: (line) => centsAsDecimal(line.amountCents) },
  { header: 'Travel and expenses (USD)', value: (line) => centsAsDecimal(line.travelCents) },
  { header: 'Total (USD)', value: (line) => centsAsDecimal(line.totalCents) },
]

/**
 * `/admin/accounting-export?from=YYYY-MM-DD&to=YYYY-MM-DD`: a CSV of the statement and invoice
 * lines of every document whose period overlaps the range (docs/product.md#accounting-export).
 * A missing or impossible date is answered 400 with what to fix.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, { resource: true })
  const searchParams = new URL(request.url).searchParams
  const parsed = accountingExportSchema.safeParse({
    from: searchParams.get('from') ?? undefined,
    to: searchParams.get('to') ?? undefined,
  })
  if (!parsed.success)
    return new Response(parsed.error.issues.map((issue) => issue.message).join('\n'), {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  const { from, to } = parsed.data
  const lines = await accountingLines(from, to)
  await recordAudit(admin.actor, {
    action: 'export',
    entityType: 'accounting',
    after: { from, to, rows: lines.length },
  })
  return new Response(toCsv(lines, columns), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="accounting-${from}-to-${to}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
