import { describe, expect, it } from 'vitest'
import {
  CREDIT_REASON_MESSAGE,
  invoicePaymentSchema,
  organizationBillingSchema,
  PAYMENT_AMOUNT_MESSAGE,
  PAYMENT_FUTURE_MESSAGE,
  PAYMENT_TERMS_MESSAGE,
} from './invoices'

const today = '2026-04-02'
const payment = (values: Record<string, string>) =>
  invoicePaymentSchema(today).safeParse({
    intent: 'payment',
    amount: '100.00',
    receivedOn: today,
    method: 'check',
    reference: '',
    ...values,
  })
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe('the payment form', () => {
  it('takes dollars and cents received by today', () => {
    expect(payment({}).success).toBe(true)
    expect(messages(payment({ amount: '0.00' }))).toEqual([PAYMENT_AMOUNT_MESSAGE])
    expect(messages(payment({ amount: '100,00' }))).toEqual([PAYMENT_AMOUNT_MESSAGE])
    expect(messages(payment({ amount: '-5' }))).toEqual([PAYMENT_AMOUNT_MESSAGE])
    expect(messages(payment({ receivedOn: '2026-04-03' }))).toEqual([PAYMENT_FUTURE_MESSAGE])
    expect(payment({ method: 'bitcoin' }).success).toBe(false)
  })

  it('wants the reason of a credit note', () => {
    expect(messages(payment({ method: 'credit_note' }))).toEqual([CREDIT_REASON_MESSAGE])
    expect(payment({ method: 'credit_note', reference: 'Late start' }).success).toBe(true)
  })
})

describe('the billing settings form', () => {
  it('takes terms from 0 to 365 days', () => {
    const terms = (paymentTermsDays: string) =>
      organizationBillingSchema.safeParse({ paymentTermsDays })
    expect(terms('30').data).toEqual({
      paymentTermsDays: 30,
      billingAddress: '',
      purchaseOrder: '',
    })
    expect(terms('0').success).toBe(true)
    expect(messages(terms('366'))).toEqual([PAYMENT_TERMS_MESSAGE])
    expect(messages(terms('net 30'))).toEqual([PAYMENT_TERMS_MESSAGE])
  })
})
