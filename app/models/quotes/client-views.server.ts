import { and, desc, eq } from 'drizzle-orm'
import { translationQuotes } from '../../../db/schema'
import {
  filesOf,
  priceLinesOf,
  quoteFileRow,
  quotesQuery,
  visibleTo,
  type QuoteRow,
  type QuoteViewer,
} from './rows.server'

/** The quotes a client sees, newest first. */
export async function listClientQuotes(viewer: QuoteViewer): Promise<QuoteRow[]> {
  return quotesQuery()
    .where(visibleTo(viewer))
    .orderBy(desc(translationQuotes.createdAt), desc(translationQuotes.id))
}

/**
 * One quote as its client sees it, or undefined when it is not theirs to see (another
 * organization's, or a colleague's for a requester). The translated files show once the
 * quote is delivered.
 */
export async function clientQuote(quoteId: string, viewer: QuoteViewer) {
  const [quote] = await quotesQuery().where(
    and(eq(translationQuotes.id, quoteId), visibleTo(viewer)),
  )
  if (!quote) return undefined
  const [files, priceLines] = await Promise.all([filesOf(quoteId), priceLinesOf(quoteId)])
  return {
    quote,
    priceLines,
    sourceFiles: files.filter((file) => file.kind === 'source'),
    deliveryFiles:
      quote.status === 'delivered' ? files.filter((file) => file.kind === 'delivery') : [],
  }
}

export type QuoteFileAccess =
  | { state: 'missing' }
  | { state: 'forbidden' }
  | { state: 'found'; file: NonNullable<Awaited<ReturnType<typeof quoteFileRow>>>['file'] }

/**
 * A quote's file for the client's download: 'missing' when there is no such file (or a
 * translated file not delivered yet), 'forbidden' when it is someone else's.
 */
export async function clientQuoteFile(
  quoteId: string,
  fileId: string,
  viewer: QuoteViewer,
): Promise<QuoteFileAccess> {
  const row = await quoteFileRow(quoteId, fileId)
  if (!row) return { state: 'missing' }
  const visible =
    row.organizationId === viewer.organizationId &&
    (viewer.role === 'manager' || row.requestedById === viewer.userId)
  if (!visible) return { state: 'forbidden' }
  if (row.kind === 'delivery' && row.status !== 'delivered') return { state: 'missing' }
  return { state: 'found', file: row.file }
}
