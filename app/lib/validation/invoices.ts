import { z } from 'zod'
import { invoiceStatuses } from '~/domain/billing'
import { MAX_PAYMENT_TERMS_DAYS, paymentMethodValues } from '~/domain/receivables'
import { amountField } from './amount'

/** A calendar month as the month input sends it: `2026-03`. */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/** The staff Invoices screen's filters, from the URL; anything malformed falls back to none. */
export const invoiceFiltersSchema = z.object({
  month: z.string().regex(MONTH).catch(''),
  status: z.enum([...invoiceStatuses, 'all']).catch('all'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
})
export type InvoiceFilters = z.infer<typeof invoiceFiltersSchema>

/** Staff's buttons on one invoice: send it to the client, or record a payment. */
export const invoiceActionSchema = z.object({
  intent: z.enum(['send', 'payment'], 'Please choose Send invoice or Record payment.'),
})

export const PAYMENT_AMOUNT_MESSAGE =
  'Please enter the amount in dollars and cents, such as 1250.00, of at least $0.01.'
export const PAYMENT_DATE_MESSAGE = 'Please enter the day the payment was received.'
export const PAYMENT_FUTURE_MESSAGE = 'The day received cannot be in the future.'
export const PAYMENT_METHOD_MESSAGE = 'Please choose how it was paid.'
export const CREDIT_REASON_MESSAGE = 'Please say why the invoice is credited.'
/** A bank reference or a credit note's reason, not a letter. */
export const MAX_PAYMENT_REFERENCE_LENGTH = 200

/**
 * A payment or credit note staff record on a sent invoice (docs/product.md#payments): an
 * amount in dollars and cents, the day it was received (not after today), how, and a
 * reference (a check number; for a credit note, its reason, which is required). The cap on
 * the amount is a typo guard; the balance is checked by the model with the invoice locked.
 */
export function invoicePaymentSchema(today: string) {
  return z
    .object({
      intent: z.literal('payment'),
      amount: amountField({
        decimals: 2,
        min: 1,
        max: MAX_PAYMENT_CENTS,
        message: PAYMENT_AMOUNT_MESSAGE,
      }),
      receivedOn: z
        .string({ error: PAYMENT_DATE_MESSAGE })
        .trim()
        .regex(ISO_DATE, PAYMENT_DATE_MESSAGE)
        .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), PAYMENT_DATE_MESSAGE)
        .refine((value) => value <= today, PAYMENT_FUTURE_MESSAGE),
      method: z.enum(paymentMethodValues, PAYMENT_METHOD_MESSAGE),
      reference: z.string().trim().max(MAX_PAYMENT_REFERENCE_LENGTH).optional().default(''),
    })
    .superRefine((value, context) => {
      if (value.method === 'credit_note' && !value.reference)
        context.addIssue({ code: 'custom', path: ['reference'], message: CREDIT_REASON_MESSAGE })
    })
}
export type InvoicePaymentValues = z.infer<ReturnType<typeof invoicePaymentSchema>>

/** A typo guard: ten million dollars. */
export const MAX_PAYMENT_CENTS = 1_000_000_000
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

export const PAYMENT_TERMS_MESSAGE = `Please enter whole days from 0 (due on receipt) to ${MAX_PAYMENT_TERMS_DAYS}.`
export const MAX_BILLING_ADDRESS_LENGTH = 500
export const MAX_PURCHASE_ORDER_LENGTH = 100

/** An organization's billing settings, set by staff (docs/product.md#accounts-receivable). */
export const organizationBillingSchema = z.object({
  paymentTermsDays: z
    .string({ error: PAYMENT_TERMS_MESSAGE })
    .trim()
    .regex(/^\d{1,3}$/, PAYMENT_TERMS_MESSAGE)
    .transform(Number)
    .refine((days) => days <= MAX_PAYMENT_TERMS_DAYS, PAYMENT_TERMS_MESSAGE),
  billingAddress: z
    .string()
    .trim()
    .max(
      MAX_BILLING_ADDRESS_LENGTH,
      `Please keep the address under ${MAX_BILLING_ADDRESS_LENGTH} characters.`,
    )
    .optional()
    .default(''),
  purchaseOrder: z
    .string()
    .trim()
    .max(
      MAX_PURCHASE_ORDER_LENGTH,
      `Please keep the PO or cost centre under ${MAX_PURCHASE_ORDER_LENGTH} characters.`,
    )
    .optional()
    .default(''),
})
export type OrganizationBillingValues = z.infer<typeof organizationBillingSchema>
