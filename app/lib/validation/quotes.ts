import { z } from 'zod'
import { MAX_RATE_UNITS, RATE_DECIMALS } from '../../domain/billing'
import { parseDecimal } from '../../domain/money'
import {
  MAX_QUOTE_LINE_DESCRIPTION,
  MAX_QUOTE_LINES,
  MAX_QUOTE_PAGES,
  MAX_QUOTE_WORDS,
  MAX_RUSH_PERCENT,
  priceQuoteLines,
  quoteLineKinds,
  type QuotePricingInput,
} from '../../domain/quote-pricing'
import {
  formatCents,
  MAX_QUOTE_PRICE_CENTS,
  QUOTE_MAX_FILES,
  quoteLanguages,
} from '../../domain/quotes'
import { amountField } from './amount'

export const SOURCE_LANGUAGE_MESSAGE = 'Please choose the language of your documents.'
export const TARGET_LANGUAGES_MESSAGE = 'Please choose at least one language to translate into.'
export const SAME_LANGUAGE_MESSAGE =
  'The languages to translate into must differ from the language of the documents.'
export const DEADLINE_MESSAGE = 'Please choose a deadline after today.'
export const FILES_MESSAGE = 'Please choose at least one file: PDF, DOCX, XLSX or PPTX.'
export const TOO_MANY_FILES_MESSAGE = `Please send at most ${QUOTE_MAX_FILES} files.`
export const QUOTE_FILE_TOO_LARGE_MESSAGE =
  'A file is larger than 25 MB, the limit for each file. Nothing was stored.'
export const wrongQuoteFileMessage = (name: string) =>
  `${name || 'A file'} is not a PDF, DOCX, XLSX or PPTX file. Nothing was stored.`
export const LINES_MESSAGE = 'Please add at least one line.'
export const TOO_MANY_LINES_MESSAGE = `Please use at most ${MAX_QUOTE_LINES} lines.`
export const LINE_KIND_MESSAGE = 'Please choose per word, per page or a flat fee.'
export const LINE_DESCRIPTION_MESSAGE = 'Please describe the line, such as Spanish, certified.'
export const WORDS_MESSAGE = `Please enter the number of words, a whole number from 1 to ${MAX_QUOTE_WORDS.toLocaleString('en-US')}.`
export const PAGES_MESSAGE = `Please enter the number of pages, a whole number from 1 to ${MAX_QUOTE_PAGES.toLocaleString('en-US')}.`
export const QUANTITY_MESSAGE = 'Please enter a whole number of words or pages.'
export const RATE_PER_WORD_MESSAGE = 'Please enter the price of a word in dollars, such as 0.1250.'
export const UNIT_PRICE_MESSAGE = 'Please enter the amount in dollars and cents, such as 25.00.'
export const MINIMUM_FEE_MESSAGE =
  'Please enter the minimum fee in dollars and cents, such as 150.00, or leave it empty.'
export const RUSH_MESSAGE = `Please enter the rush surcharge as a whole percentage from 1 to ${MAX_RUSH_PERCENT}, or leave it empty.`
export const TOTAL_MESSAGE = `The total must be more than $0.00 and at most ${formatCents(MAX_QUOTE_PRICE_CENTS)}.`
export const PRICE_EXPIRY_MESSAGE = 'Please choose an expiry date after today.'

const isoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), message)

const files = z
  .array(z.instanceof(File), { error: FILES_MESSAGE })
  .min(1, FILES_MESSAGE)
  .max(QUOTE_MAX_FILES, TOO_MANY_FILES_MESSAGE)

/**
 * A client's quote request (docs/product.md#translation-quotes). The deadline is checked
 * against the office's today; each file's type and size are checked on the server from its
 * content, after this schema.
 */
export function quoteRequestSchema(today: string) {
  return z
    .object({
      sourceLanguage: z.enum(quoteLanguages, { error: SOURCE_LANGUAGE_MESSAGE }),
      targetLanguages: z
        .array(z.enum(quoteLanguages, { error: TARGET_LANGUAGES_MESSAGE }), {
          error: TARGET_LANGUAGES_MESSAGE,
        })
        .min(1, TARGET_LANGUAGES_MESSAGE)
        .max(quoteLanguages.length),
      deadline: isoDate(DEADLINE_MESSAGE).refine((value) => value > today, DEADLINE_MESSAGE),
      certified: z.literal('on').optional(),
      purchaseOrder: z.string().trim().max(100, 'Please use at most 100 characters.').optional(),
      files,
    })
    .superRefine((value, context) => {
      if (value.targetLanguages.includes(value.sourceLanguage))
        context.addIssue({
          code: 'custom',
          path: ['targetLanguages'],
          message: SAME_LANGUAGE_MESSAGE,
        })
    })
}

export type QuoteRequestValues = z.infer<ReturnType<typeof quoteRequestSchema>>

/** A count of words or pages: a whole number, typed without separators or with commas. */
const countPattern = /^(\d{1,8}|\d{1,3}(?:,\d{3}){1,2})$/

function parseCount(text: string | undefined, max: number): number | undefined {
  if (text === undefined || !countPattern.test(text)) return undefined
  const count = Number(text.replace(/,/g, ''))
  return count >= 1 && count <= max ? count : undefined
}

/**
 * One line of staff's price (app/domain/quote-pricing.ts). Which fields it needs depends on
 * its kind, so the kind decides here: words or pages with their price (a word's to 4
 * decimals, in rate units), or for a flat fee the amount alone.
 */
const quotePriceLine = z
  .object({
    kind: z.enum(quoteLineKinds, { error: LINE_KIND_MESSAGE }),
    description: z
      .string({ error: LINE_DESCRIPTION_MESSAGE })
      .trim()
      .min(1, LINE_DESCRIPTION_MESSAGE)
      .max(
        MAX_QUOTE_LINE_DESCRIPTION,
        `Please use at most ${MAX_QUOTE_LINE_DESCRIPTION} characters.`,
      ),
    quantity: z.string().trim().max(12, QUANTITY_MESSAGE).optional(),
    unitPrice: amountField({
      decimals: RATE_DECIMALS,
      max: MAX_QUOTE_PRICE_CENTS * 100,
      message: UNIT_PRICE_MESSAGE,
    }),
  })
  .superRefine((line, context) => {
    const issue = (path: 'quantity' | 'unitPrice', message: string) =>
      context.addIssue({ code: 'custom', path: [path], message })
    if (line.kind !== 'flat') {
      const max = line.kind === 'per_word' ? MAX_QUOTE_WORDS : MAX_QUOTE_PAGES
      if (parseCount(line.quantity, max) === undefined)
        issue('quantity', line.kind === 'per_word' ? WORDS_MESSAGE : PAGES_MESSAGE)
    }
    const units = parseDecimal(line.unitPrice, RATE_DECIMALS)
    if (units === undefined) return
    if (line.kind === 'per_word') {
      if (units < 1 || units > MAX_RATE_UNITS) issue('unitPrice', RATE_PER_WORD_MESSAGE)
    } else if (
      parseDecimal(line.unitPrice, 2) === undefined ||
      units < 100 ||
      units > MAX_QUOTE_PRICE_CENTS * 100
    )
      issue('unitPrice', UNIT_PRICE_MESSAGE)
  })

/**
 * Staff's price (docs/product.md#translation-quotes): 1 to 20 lines, an optional minimum fee
 * and rush surcharge, and the last day the client may accept it. The total is checked
 * against the typo guard from the lines themselves.
 */
export function quotePriceSchema(today: string) {
  return z
    .object({
      intent: z.literal('price'),
      lines: z
        .array(quotePriceLine, { error: LINES_MESSAGE })
        .min(1, LINES_MESSAGE)
        .max(MAX_QUOTE_LINES, TOO_MANY_LINES_MESSAGE),
      minimumFee: amountField({
        decimals: 2,
        min: 1,
        max: MAX_QUOTE_PRICE_CENTS,
        message: MINIMUM_FEE_MESSAGE,
      }).optional(),
      rushPercent: z
        .string()
        .trim()
        .regex(/^\d{1,3}$/, RUSH_MESSAGE)
        .refine((text) => Number(text) >= 1 && Number(text) <= MAX_RUSH_PERCENT, RUSH_MESSAGE)
        .optional(),
      expiresOn: isoDate(PRICE_EXPIRY_MESSAGE).refine(
        (value) => value > today,
        PRICE_EXPIRY_MESSAGE,
      ),
    })
    .check((payload) => {
      // Only once every field is valid: a refused line is named by its own field.
      if (payload.issues.length > 0) return
      const pricing = quotePricingOf(payload.value)
      const total = pricing ? priceQuoteLines(pricing).totalCents : 0
      if (total < 1 || total > MAX_QUOTE_PRICE_CENTS)
        payload.issues.push({
          code: 'custom',
          path: [],
          message: TOTAL_MESSAGE,
          input: payload.value,
          continue: true,
        })
    })
}

export type QuotePriceValues = z.infer<ReturnType<typeof quotePriceSchema>>

/**
 * The pricing a form describes, in cents and rate units; undefined while a line's figures
 * do not parse (the schema then names the field).
 */
export function quotePricingOf(
  value: Pick<QuotePriceValues, 'lines' | 'minimumFee' | 'rushPercent'>,
): QuotePricingInput | undefined {
  const lines = value.lines.map((line) => {
    const quantity =
      line.kind === 'flat'
        ? 1
        : parseCount(line.quantity, line.kind === 'per_word' ? MAX_QUOTE_WORDS : MAX_QUOTE_PAGES)
    // A word's price in rate units; a page's or a fee in cents.
    const unitAmount = parseDecimal(line.unitPrice, line.kind === 'per_word' ? RATE_DECIMALS : 2)
    return quantity === undefined || unitAmount === undefined
      ? undefined
      : { kind: line.kind, description: line.description, quantity, unitAmount }
  })
  if (!lines.every((line) => line !== undefined)) return undefined
  return {
    lines,
    minimumCents: value.minimumFee ? (parseDecimal(value.minimumFee, 2) ?? null) : null,
    rushPercent: value.rushPercent ? Number(value.rushPercent) : null,
  }
}

/** Staff's upload of the translated files. */
export const quoteDeliverySchema = z.object({ intent: z.literal('deliver'), files })

/**
 * The client's answer to a priced quote, with the price (in cents) the page showed: the
 * answer binds to that price only.
 */
export const DECLINE_REASON_MAX = 1000

export const quoteDecisionSchema = z.object({
  intent: z.enum(['accept', 'decline'], { error: 'Please accept or decline the quote.' }),
  priceCents: z
    .string({ error: 'Please accept or decline the quote.' })
    .regex(/^\d{1,9}$/, 'Please accept or decline the quote.')
    .transform(Number),
  // Why they decline, optional: it helps staff price the next one.
  reason: z
    .string()
    .trim()
    .max(DECLINE_REASON_MAX, `Please use at most ${DECLINE_REASON_MAX} characters.`)
    .optional(),
})
