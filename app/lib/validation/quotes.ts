import { z } from 'zod'
import { MAX_QUOTE_PRICE_CENTS, QUOTE_MAX_FILES, quoteLanguages } from '../../domain/quotes'
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
export const PRICE_MESSAGE = 'Please enter the price in dollars and cents, such as 1250.00.'
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

/** Staff's price: dollars and cents, and the last day the client may accept it. */
export function quotePriceSchema(today: string) {
  return z.object({
    intent: z.literal('price'),
    price: amountField({
      decimals: 2,
      min: 1,
      max: MAX_QUOTE_PRICE_CENTS,
      message: PRICE_MESSAGE,
    }),
    expiresOn: isoDate(PRICE_EXPIRY_MESSAGE).refine((value) => value > today, PRICE_EXPIRY_MESSAGE),
  })
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
