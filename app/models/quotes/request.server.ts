import { eq } from 'drizzle-orm'
import { organizations, translationQuoteFiles, translationQuotes } from '../../../db/schema'
import { quoteRequestedMail } from '../../emails/quotes.server'
import { now } from '../../platform/clock.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { runtime } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { claimOrganizationStorage } from '../organization-storage.server'
import { sizeOfNewFiles, withStoredFiles, type NewFile } from '../stored-files.server'
import type { QuoteViewer } from './rows.server'

/** A quote document: its bytes, or the upload already streamed to storage. */
export type NewQuoteFile = NewFile

export interface NewQuoteRequest {
  sourceLanguage: string
  targetLanguages: string[]
  deadline: string
  certified: boolean
  purchaseOrder: string | null
  files: NewQuoteFile[]
}

/**
 * A client asks for a quote: the files, the request, its audit entry and staff's e-mail,
 * within the organization's storage quota (`StorageQuotaError` beyond it).
 */
export async function requestQuote(
  viewer: QuoteViewer,
  input: NewQuoteRequest,
  actor: Actor,
): Promise<string> {
  return withStoredFiles('quotes', input.files, async (tx, fileIds) => {
    await claimOrganizationStorage(tx, viewer.organizationId, sizeOfNewFiles(input.files))
    const [quote] = await tx
      .insert(translationQuotes)
      .values({
        organizationId: viewer.organizationId,
        requestedById: viewer.userId,
        sourceLanguage: input.sourceLanguage,
        targetLanguages: input.targetLanguages,
        deadline: input.deadline,
        certified: input.certified,
        purchaseOrder: input.purchaseOrder,
        createdAt: now(),
      })
      .returning({ id: translationQuotes.id })
    const quoteId = quote!.id
    await tx
      .insert(translationQuoteFiles)
      .values(fileIds.map((fileId) => ({ quoteId, fileId, kind: 'source' as const })))
    await recordAudit(
      actor,
      {
        action: 'quote_requested',
        entityType: 'translation_quote',
        entityId: quoteId,
        after: {
          sourceLanguage: input.sourceLanguage,
          targetLanguages: input.targetLanguages,
          deadline: input.deadline,
          certified: input.certified,
          files: fileIds.length,
        },
      },
      tx,
    )
    const [organization] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, viewer.organizationId))
    const { config } = runtime()
    const mail = quoteRequestedMail({
      quote: {
        organizationName: organization?.name ?? '',
        requesterName: actor.name,
        sourceLanguage: input.sourceLanguage,
        targetLanguages: input.targetLanguages,
        deadline: input.deadline,
        certified: input.certified,
        fileCount: fileIds.length,
      },
      quoteUrl: `${config.siteUrl}/admin/quotes/${quoteId}`,
      company: config.company,
    })
    await enqueueMail(tx, [
      {
        template: 'quote-requested',
        to: config.staffNotifyEmail,
        reference: `translation_quote:${quoteId}`,
        ...mail,
      },
    ])
    return quoteId
  })
}
