import { and, count, eq } from 'drizzle-orm'
import { translationQuoteFiles, translationQuotes } from '../../../db/schema'
import { calendarDate } from '../../domain/onboarding'
import { quoteDeliveredMail } from '../../emails/quotes.server'
import { now } from '../../platform/clock.server'
import { db } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { postTranslationJob } from '../billing/ledger.server'
import { withStoredFiles } from '../stored-files.server'
import { mailQuoteClient } from './client-mail.server'
import type { NewQuoteFile } from './request.server'
import { lockQuote } from './rows.server'
import { QuoteRuleError } from './rules.server'

/** Staff upload translated files of an accepted quote (before marking it delivered). */
export async function addQuoteDelivery(
  quoteId: string,
  files: NewQuoteFile[],
  actor: Actor,
): Promise<void> {
  // Checked before the files are stored, and again under the lock.
  const [current] = await db()
    .select({ status: translationQuotes.status })
    .from(translationQuotes)
    .where(eq(translationQuotes.id, quoteId))
  if (current?.status !== 'accepted')
    throw new QuoteRuleError('Only an accepted quote takes translated files.')
  await withStoredFiles('quotes', files, async (tx, fileIds) => {
    const quote = await lockQuote(tx, quoteId)
    if (quote?.status !== 'accepted')
      throw new QuoteRuleError('Only an accepted quote takes translated files.')
    await tx
      .insert(translationQuoteFiles)
      .values(fileIds.map((fileId) => ({ quoteId, fileId, kind: 'delivery' as const })))
    await recordAudit(
      actor,
      {
        action: 'quote_delivery_uploaded',
        entityType: 'translation_quote',
        entityId: quoteId,
        after: { files: files.map((file) => file.originalName) },
      },
      tx,
    )
  })
}

/** Staff mark an accepted quote with translated files delivered; the client is e-mailed. */
export async function markQuoteDelivered(quoteId: string, actor: Actor): Promise<void> {
  await db().transaction(async (tx) => {
    const quote = await lockQuote(tx, quoteId)
    if (!quote) throw new QuoteRuleError('This quote does not exist.')
    if (quote.status !== 'accepted')
      throw new QuoteRuleError('Only an accepted quote can be marked delivered.')
    const [delivered] = await tx
      .select({ files: count() })
      .from(translationQuoteFiles)
      .where(
        and(eq(translationQuoteFiles.quoteId, quoteId), eq(translationQuoteFiles.kind, 'delivery')),
      )
    if (!delivered?.files)
      throw new QuoteRuleError('Please upload the translated files before marking it delivered.')
    await tx
      .update(translationQuotes)
      .set({ status: 'delivered', deliveredAt: now() })
      .where(eq(translationQuotes.id, quoteId))
    // The delivered job goes on the organization's invoice for the month of delivery.
    await postTranslationJob(tx, quote, calendarDate(now()))
    await recordAudit(
      actor,
      {
        action: 'quote_delivered',
        entityType: 'translation_quote',
        entityId: quoteId,
        before: { status: 'accepted' },
        after: { status: 'delivered', files: delivered.files },
      },
      tx,
    )
    await mailQuoteClient(tx, quote, 'quote-delivered', (person, summary, quoteUrl, company) =>
      quoteDeliveredMail({ name: person.name, quote: summary, quoteUrl, company }),
    )
  })
}
