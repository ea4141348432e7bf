import { requireClient } from '~/auth/client.server'
import { invoicePdfResponse } from '~/lib/billing/invoice-pdf-response'
import { requireUuidParam } from '~/lib/http/params'
import { forbidden, notFound } from '~/lib/http/responses'
import { clientInvoicePdf } from '~/models/billing/invoices.server'
import type { Route } from './+types/invoice-pdf'

/**
 * The PDF of one of the organization's sent invoices, for its managers. Another
 * organization's invoice, or any invoice for a requester, is refused with 403 and the answer
 * says nothing about it; an unknown or still open invoice is 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const client = await requireClient(request, { resource: true })
  const pdf = await clientInvoicePdf(requireUuidParam(params, 'invoiceId'), client.client)
  if (pdf === 'missing') throw notFound()
  if (pdf === 'forbidden') throw forbidden()
  return invoicePdfResponse(pdf)
}
