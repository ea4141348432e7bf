import { companyLanguages } from './languages'

/**
 * Translation quotes (docs/product.md#translation-quotes): the client asks, staff price it
 * with an expiry date, the client accepts or declines, staff deliver the translated files.
 */
export const quoteStatuses = ['requested', 'priced', 'accepted', 'declined', 'delivered'] as const
export type QuoteStatus = (typeof quoteStatuses)[number]

export const quoteStatusLabels: Record<QuoteStatus, string> = {
  requested: 'Requested',
  priced: 'Priced',
  accepted: 'Accepted',
  declined: 'Declined',
  delivered: 'Delivered',
}

/** Quote files: PDF, DOCX, XLSX, PPTX, found from the content, up to 25 MB each. */
export const QUOTE_FILE_MAX_BYTES = 25 * 1024 * 1024

/** At most this many files in one request (and in one delivery upload). */
export const QUOTE_MAX_FILES = 10

/** What the file pickers offer; the server decides from the content. */
export const quoteFileAccept =
  '.pdf,.docx,.xlsx,.pptx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.openxmlformats-officedocument.presentationml.presentation'

/**
 * The languages a document can be translated from and into: English and every language
 * the company works in (app/domain/languages.ts pairs each of them with English).
 */
export const quoteLanguages = ['English', ...companyLanguages] as const

export { formatCents, parsePriceToCents } from './money'

/** The largest price staff may give, in cents: a typo guard, not a business rule. */
export const MAX_QUOTE_PRICE_CENTS = 100_000_000

/**
 * A priced quote stands until the end of its expiry date (office calendar); after that the
 * client can no longer accept or decline it and staff price it again.
 */
export function isPriceExpired(quote: { priceExpiresOn: string | null }, today: string): boolean {
  return quote.priceExpiresOn !== null && quote.priceExpiresOn < today
}

/** The client may accept or decline only a priced quote whose price has not expired. */
export function canDecideQuote(
  quote: { status: QuoteStatus; priceExpiresOn: string | null },
  today: string,
): boolean {
  return quote.status === 'priced' && !isPriceExpired(quote, today)
}

/** Staff price a new request, or price again one that is priced (an expired price, say). */
export function canPriceQuote(status: QuoteStatus): boolean {
  return status === 'requested' || status === 'priced'
}

/** What a list shows: the stored status, or Expired for a priced quote past its date. */
export type QuoteDisplayStatus = QuoteStatus | 'expired'

export function quoteDisplayStatus(
  quote: { status: QuoteStatus; priceExpiresOn: string | null },
  today: string,
): QuoteDisplayStatus {
  return quote.status === 'priced' && isPriceExpired(quote, today) ? 'expired' : quote.status
}

export const quoteDisplayLabels: Record<QuoteDisplayStatus, string> = {
  ...quoteStatusLabels,
  expired: 'Price expired',
}
