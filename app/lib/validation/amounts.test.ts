import { describe, expect, it } from 'vitest'
import { closeoutSchema, EXPENSE_AMOUNT_MESSAGE, MILEAGE_MESSAGE } from './closeout'
import {
  MINIMUM_FEE_MESSAGE,
  quotePriceSchema,
  RATE_PER_WORD_MESSAGE,
  UNIT_PRICE_MESSAGE,
} from './quotes'
import { MILEAGE_MESSAGE as MILEAGE_RATE_MESSAGE, RATE_MESSAGE, ratesSchema } from './rates'

/**
 * Every amount field of every form: a decimal comma ("100,00", "1,5", "9,99") is refused on
 * its own field with the field's message (docs/product.md#validation), never read as a
 * hundred times the amount.
 */

const now = new Date('2026-05-12T17:00:00Z')
const closeout = closeoutSchema({
  now,
  timeZone: 'America/New_York',
  bookedStart: new Date('2026-05-12T14:00:00Z'),
  onSite: true,
  lateCancelled: false,
})
const quotePriceForm = (line: Record<string, string>) => ({
  intent: 'price',
  lines: [{ description: 'Spanish, certified', ...line }],
  expiresOn: '2026-06-01',
})
const closeoutForm = {
  outcome: 'completed',
  startDate: '2026-05-12',
  startTime: '10:00',
  endDate: '2026-05-12',
  endTime: '11:15',
}
const expense = (amount: string) => ({
  expenses: [{ description: 'Parking', amount, keptExpenseId: crypto.randomUUID() }],
})
const rates = ratesSchema(now)
const ratesForm = {
  modality: 'on_site',
  clientRate: '1.1667',
  interpreterRate: '0.75',
  minimumMinutes: '120',
  mileageRate: '0.70',
  effectiveFrom: '2026-05-13T09:00',
}

interface Schema {
  safeParse(value: unknown): {
    success: boolean
    error?: { issues: { path: PropertyKey[]; message: string }[] }
  }
}

/** The messages of the parse by field path (`expenses.0.amount`). */
function errorsOf(schema: Schema, value: unknown) {
  const result = schema.safeParse(value)
  const errors: Record<string, string[]> = {}
  for (const issue of result.error?.issues ?? [])
    (errors[issue.path.join('.')] ??= []).push(issue.message)
  return errors
}

const cases = [
  {
    field: 'quote flat fee',
    schema: quotePriceSchema('2026-05-12'),
    path: 'lines.0.unitPrice',
    message: UNIT_PRICE_MESSAGE,
    form: (text: string) => quotePriceForm({ kind: 'flat', unitPrice: text }),
    taken: ['100.00', '1,250.50', '$99'],
    refused: ['100,00', '1,5', '1.250,50', '12.125'],
  },
  {
    field: 'quote price per word',
    schema: quotePriceSchema('2026-05-12'),
    path: 'lines.0.unitPrice',
    message: RATE_PER_WORD_MESSAGE,
    form: (text: string) =>
      quotePriceForm({ kind: 'per_word', quantity: '1,200', unitPrice: text }),
    taken: ['0.1250', '$0.12', '1'],
    refused: ['0.0000', '100.0001'],
  },
  {
    field: 'quote minimum fee',
    schema: quotePriceSchema('2026-05-12'),
    path: 'minimumFee',
    message: MINIMUM_FEE_MESSAGE,
    form: (text: string) => ({
      ...quotePriceForm({ kind: 'flat', unitPrice: '10' }),
      minimumFee: text,
    }),
    taken: ['150.00', '1,500', '$99'],
    refused: ['150,00', '1,5', '0'],
  },
  {
    field: 'closeout mileage',
    schema: closeout,
    path: 'mileage',
    message: MILEAGE_MESSAGE,
    form: (text: string) => ({ ...closeoutForm, mileage: text }),
    taken: ['1.5', '12', '120.4'],
    refused: ['1,5', '12,4', '1.2.3'],
  },
  {
    field: 'closeout expense amount',
    schema: closeout,
    path: 'expenses.0.amount',
    message: EXPENSE_AMOUNT_MESSAGE,
    form: (text: string) => ({ ...closeoutForm, ...expense(text) }),
    taken: ['9.99', '12', '$3.50'],
    refused: ['9,99', '12,50', '3,5'],
  },
  {
    field: 'client rate per minute',
    schema: rates,
    path: 'clientRate',
    message: RATE_MESSAGE,
    form: (text: string) => ({ ...ratesForm, clientRate: text }),
    taken: ['0.9167', '$1.1667', '2'],
    refused: ['0,9167', '1,1667', '0,75'],
  },
  {
    field: 'mileage rate',
    schema: rates,
    path: 'mileageRate',
    message: MILEAGE_RATE_MESSAGE,
    form: (text: string) => ({ ...ratesForm, mileageRate: text }),
    taken: ['0.70', '0', '$1.05'],
    refused: ['0,70', '1,05', '0,7'],
  },
]

describe.each(cases)('the $field field', ({ schema, path, message, form, ...texts }) => {
  it.each(texts.taken)('takes %j', (text) => {
    expect(errorsOf(schema, form(text))).toEqual({})
  })

  it.each(texts.refused)('refuses %j with its message on the field', (text) => {
    expect(errorsOf(schema, form(text))).toEqual({ [path]: [message] })
  })
})
