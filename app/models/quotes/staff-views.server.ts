import { count, desc, eq, inArray } from 'drizzle-orm'
import { translationQuotes } from '../../../db/schema'
import { quoteStatuses, type QuoteStatus } from '../../domain/quotes'
import { PAGE_SIZE } from '../../lib/admin/list-filters'
import { db } from '../../platform/runtime.server'
import { filesOf, priceLinesOf, quoteFileRow, quotesQuery } from './rows.server'

/** Staff's list: one status (or all), newest first, a page at a time. */
export async function listQuotes(filters: { status: QuoteStatus | 'all'; page: number }) {
  const where = filters.status === 'all' ? undefined : eq(translationQuotes.status, filters.status)
  const [items, [total]] = await Promise.all([
    quotesQuery()
      .where(where)
      .orderBy(desc(translationQuotes.createdAt), desc(translationQuotes.id))
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE),
    db().select({ total: count() }).from(translationQuotes).where(where),
  ])
  return { items, total: total?.total ?? 0, pageSize: PAGE_SIZE }
}

/** How many quotes are in each status. */
export async function quoteCounts(): Promise<Record<QuoteStatus, number>> {
  const rows = await db()
    .select({ status: translationQuotes.status, total: count() })
    .from(translationQuotes)
    .where(inArray(translationQuotes.status, [...quoteStatuses]))
    .groupBy(translationQuotes.status)
  const counts = Object.fromEntries(quoteStatuses.map((status) => [status, 0])) as Record<
    QuoteStatus,
    number
  >
  for (const row of rows) counts[row.status] = row.total
  return counts
}

/** One quote with all its files, for staff. */
export async function staffQuote(quoteId: string) {
  const [quote] = await quotesQuery().where(eq(translationQuotes.id, quoteId))
  if (!quote) return undefined
  const [files, priceLines] = await Promise.all([filesOf(quoteId), priceLinesOf(quoteId)])
  return {
    quote,
    priceLines,
    sourceFiles: files.filter((file) => file.kind === 'source'),
    deliveryFiles: files.filter((file) => file.kind === 'delivery'),
  }
}

/** A quote's file for staff; undefined when the quote has no such file. */
export async function staffQuoteFile(quoteId: string, fileId: string) {
  return (await quoteFileRow(quoteId, fileId))?.file
}
