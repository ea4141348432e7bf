import { z } from 'zod'
import { invoiceStatuses } from '~/domain/billing'

/** A calendar month as the month input sends it: `2026-03`. */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/** The staff Invoices screen's filters, from the URL; anything malformed falls back to none. */
export const invoiceFiltersSchema = z.object({
  month: z.string().regex(MONTH).catch(''),
  status: z.enum([...invoiceStatuses, 'all']).catch('all'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
})
export type InvoiceFilters = z.infer<typeof invoiceFiltersSchema>

/** Staff's buttons on one invoice: send it to the client, or record the payment. */
export const invoiceActionSchema = z.object({
  intent: z.enum(['send', 'mark-paid'], 'Please choose Send invoice or Mark paid.'),
})
