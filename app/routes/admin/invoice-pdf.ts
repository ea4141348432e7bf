import { requireAdmin } from '~/auth/session.server'
import { invoicePdfResponse } from '~/lib/billing/invoice-pdf-response'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import { staffInvoicePdf } from '~/models/billing/invoices.server'
import type { Route } from './+types/invoice-pdf'

/** Any invoice's PDF for staff; an open one is marked as not final. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, { resource: true })
  const pdf = await staffInvoicePdf(requireUuidParam(params, 'invoiceId'))
  if (!pdf) throw notFound()
  return invoicePdfResponse(pdf)
}
