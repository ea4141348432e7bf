import { requireAdmin } from '~/auth/session.server'
import { toCsv } from '~/lib/http/csv'
import { receivablesCsvColumns, type ReceivableCsvRow } from '~/lib/billing/receivables-csv'
import { recordAudit } from '~/models/audit.server'
import { receivables } from '~/models/billing/receivables.server'
import type { Route } from './+types/receivables-export'

/**
 * `/admin/receivables/export`: the accounts-receivable screen as a CSV, as of today
 * (docs/product.md#accounts-receivable); audited with its row count.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, { resource: true })
  const { today, organizations, totals } = await receivables()
  const rows: ReceivableCsvRow[] = [
    ...organizations.map((entry) => ({ ...entry, invoiceCount: entry.invoices.length })),
    {
      ...totals,
      organizationName: 'Total',
      invoiceCount: organizations.reduce((count, entry) => count + entry.invoices.length, 0),
    },
  ]
  await recordAudit(admin.actor, {
    action: 'export',
    entityType: 'receivables',
    after: { asOf: today, rows: organizations.length },
  })
  return new Response(toCsv(rows, receivablesCsvColumns), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="receivables-${today}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
