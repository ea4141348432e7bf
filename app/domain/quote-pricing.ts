import { formatRateUnits, RATE_UNITS_PER_CENT } from './billing'
import { divideRoundingHalfUp, formatCents } from './money'

/**
 * A translation quote's price as lines, the way an agency prices translation
 * (docs/product.md#translation-quotes): words at a rate per word, pages at a price per page,
 * flat fees; then a minimum fee that raises a small job to the minimum, then a rush
 * surcharge on what that comes to. Integer cents only: each line is rounded once, half up,
 * and the quote's price is the sum of its lines, always.
 */

export const quoteLineKinds = ['per_word', 'per_page', 'flat'] as const
export type QuoteLineKind = (typeof quoteLineKinds)[number]

/** With the lines the rules add to staff's: the minimum fee's difference and the rush surcharge. */
export const pricedLineKinds = [...quoteLineKinds, 'minimum', 'rush'] as const
export type PricedLineKind = (typeof pricedLineKinds)[number]

export const quoteLineKindLabels: Record<QuoteLineKind, string> = {
  per_word: 'Per word',
  per_page: 'Per page',
  flat: 'Flat fee',
}

/** At most this many lines staff type (the minimum and rush lines come on top). */
export const MAX_QUOTE_LINES = 20
/** Typo guards, not business rules. */
export const MAX_QUOTE_WORDS = 10_000_000
export const MAX_QUOTE_PAGES = 100_000
export const MAX_RUSH_PERCENT = 200
export const MAX_QUOTE_LINE_DESCRIPTION = 200

/** A line as staff type it. */
export interface QuoteLineInput {
  kind: QuoteLineKind
  description: string
  /** Words or pages; 1 for a flat fee. */
  quantity: number
  /**
   * The price of one: per word in rate units (hundredths of a cent, app/domain/billing.ts),
   * so "$0.1250 a word" is exact; per page and flat in cents.
   */
  unitAmount: number
}

export interface QuotePricingInput {
  lines: QuoteLineInput[]
  /** The least the quote may cost, in cents; null for none. */
  minimumCents: number | null
  /** A surcharge in whole percent on the price after the minimum; null for none. */
  rushPercent: number | null
}

export interface PricedQuoteLine {
  kind: PricedLineKind
  description: string
  /** Words or pages (1 for a flat fee); null for the minimum and rush lines. */
  quantity: number | null
  /** As in {@link QuoteLineInput}; null for the minimum and rush lines. */
  unitAmount: number | null
  amountCents: number
}

export interface QuotePrice {
  lines: PricedQuoteLine[]
  /** The sum of staff's lines, before the minimum and rush. */
  subtotalCents: number
  totalCents: number
}

export const MINIMUM_FEE_DESCRIPTION = 'Minimum fee'
export const rushDescription = (percent: number) => `Rush (${percent}%)`

/** One typed line's amount: rounded once, half up, to the cent. */
export function quoteLineAmountCents(
  line: Pick<QuoteLineInput, 'kind' | 'quantity' | 'unitAmount'>,
) {
  switch (line.kind) {
    case 'per_word':
      return divideRoundingHalfUp(line.quantity * line.unitAmount, RATE_UNITS_PER_CENT)
    case 'per_page':
      return line.quantity * line.unitAmount
    case 'flat':
      return line.unitAmount
  }
}

/**
 * The quote's lines and total: staff's lines, then "Minimum fee" for the difference when
 * their subtotal is under the minimum, then "Rush (n%)" on the subtotal after the minimum.
 */
export function priceQuoteLines(input: QuotePricingInput): QuotePrice {
  const lines: PricedQuoteLine[] = input.lines.map((line) => ({
    kind: line.kind,
    description: line.description,
    quantity: line.kind === 'flat' ? 1 : line.quantity,
    unitAmount: line.unitAmount,
    amountCents: quoteLineAmountCents(line),
  }))
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0)
  let afterMinimum = subtotalCents
  if (input.minimumCents !== null && subtotalCents < input.minimumCents) {
    lines.push({
      kind: 'minimum',
      description: MINIMUM_FEE_DESCRIPTION,
      quantity: null,
      unitAmount: null,
      amountCents: input.minimumCents - subtotalCents,
    })
    afterMinimum = input.minimumCents
  }
  if (input.rushPercent !== null && input.rushPercent > 0)
    lines.push({
      kind: 'rush',
      description: rushDescription(input.rushPercent),
      quantity: null,
      unitAmount: null,
      amountCents: divideRoundingHalfUp(afterMinimum * input.rushPercent, 100),
    })
  return {
    lines,
    subtotalCents,
    totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
  }
}

/** A quote priced as one flat fee (seeded data and tests). */
export function flatFeePricing(cents: number, description = 'Translation'): QuotePricingInput {
  return {
    lines: [{ kind: 'flat', description, quantity: 1, unitAmount: cents }],
    minimumCents: null,
    rushPercent: null,
  }
}

const countFormat = new Intl.NumberFormat('en-US')

/**
 * How a line was reached, as the client reads it: "1,200 words × $0.1250",
 * "3 pages × $25.00", "Flat fee"; the minimum and rush lines say it in their description.
 */
export function quoteLineBasis(line: Pick<PricedQuoteLine, 'kind' | 'quantity' | 'unitAmount'>) {
  const count = line.quantity ?? 0
  const unit = line.unitAmount ?? 0
  switch (line.kind) {
    case 'per_word':
      return `${countFormat.format(count)} ${count === 1 ? 'word' : 'words'} × ${formatRateUnits(unit)}`
    case 'per_page':
      return `${countFormat.format(count)} ${count === 1 ? 'page' : 'pages'} × ${formatCents(unit)}`
    case 'flat':
      return 'Flat fee'
    case 'minimum':
      return 'Raises the price to the minimum'
    case 'rush':
      return 'Surcharge for a rush deadline'
  }
}
