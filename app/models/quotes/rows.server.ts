import { and, asc, eq, type SQL } from 'drizzle-orm'
import {
  organizations,
  quotePriceLines,
  storedFiles,
  translationQuoteFiles,
  translationQuotes,
  users,
} from '../../../db/schema'
import type { OrganizationRole } from '../../domain/organizations'
import type { Database } from '../../platform/db.server'
import { db } from '../../platform/runtime.server'

/**
 * Translation quotes (docs/product.md#translation-quotes): a client's request with its
 * files, staff's price, the client's decision and staff's delivery. Every change is one
 * transaction with its audit entry and its e-mail. This file reads the rows the other
 * quote files share: a quote with its organization and requester, its files, its lock.
 */

/** The signed-in client: requesters see their own quotes, managers the organization's. */
export interface QuoteViewer {
  userId: string
  organizationId: string
  role: OrganizationRole
}

/** The quotes `viewer` may see. */
export function visibleTo(viewer: QuoteViewer): SQL {
  const sameOrganization = eq(translationQuotes.organizationId, viewer.organizationId)
  return viewer.role === 'manager'
    ? sameOrganization
    : and(sameOrganization, eq(translationQuotes.requestedById, viewer.userId))!
}

const quoteColumns = {
  id: translationQuotes.id,
  organizationId: translationQuotes.organizationId,
  organizationName: organizations.name,
  requestedById: translationQuotes.requestedById,
  requesterName: users.name,
  sourceLanguage: translationQuotes.sourceLanguage,
  targetLanguages: translationQuotes.targetLanguages,
  deadline: translationQuotes.deadline,
  certified: translationQuotes.certified,
  purchaseOrder: translationQuotes.purchaseOrder,
  status: translationQuotes.status,
  priceCents: translationQuotes.priceCents,
  priceExpiresOn: translationQuotes.priceExpiresOn,
  pricedAt: translationQuotes.pricedAt,
  decidedAt: translationQuotes.decidedAt,
  declineReason: translationQuotes.declineReason,
  deliveredAt: translationQuotes.deliveredAt,
  createdAt: translationQuotes.createdAt,
}

/** Quotes with their organization's and requester's names, for lists and pages. */
export function quotesQuery(tx?: Database) {
  return db(tx)
    .select(quoteColumns)
    .from(translationQuotes)
    .innerJoin(organizations, eq(organizations.id, translationQuotes.organizationId))
    .leftJoin(users, eq(users.id, translationQuotes.requestedById))
}

export type QuoteRow = Awaited<ReturnType<typeof quotesQuery>>[number]

export interface QuoteFile {
  fileId: string
  kind: 'source' | 'delivery'
  originalName: string
  byteSize: number
  addedAt: Date
}

/** A quote's files, the client's and the translated ones, oldest first. */
export async function filesOf(quoteId: string): Promise<QuoteFile[]> {
  return db()
    .select({
      fileId: translationQuoteFiles.fileId,
      kind: translationQuoteFiles.kind,
      originalName: storedFiles.originalName,
      byteSize: storedFiles.byteSize,
      addedAt: translationQuoteFiles.addedAt,
    })
    .from(translationQuoteFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, translationQuoteFiles.fileId))
    .where(eq(translationQuoteFiles.quoteId, quoteId))
    .orderBy(asc(translationQuoteFiles.addedAt), asc(storedFiles.originalName))
}

/** One file of a quote, with what decides who may download it. */
export async function quoteFileRow(quoteId: string, fileId: string) {
  const [row] = await db()
    .select({
      organizationId: translationQuotes.organizationId,
      requestedById: translationQuotes.requestedById,
      status: translationQuotes.status,
      kind: translationQuoteFiles.kind,
      file: {
        mediaType: storedFiles.mediaType,
        originalName: storedFiles.originalName,
        byteSize: storedFiles.byteSize,
        storageKey: storedFiles.storageKey,
      },
    })
    .from(translationQuoteFiles)
    .innerJoin(translationQuotes, eq(translationQuotes.id, translationQuoteFiles.quoteId))
    .innerJoin(storedFiles, eq(storedFiles.id, translationQuoteFiles.fileId))
    .where(
      and(eq(translationQuoteFiles.quoteId, quoteId), eq(translationQuoteFiles.fileId, fileId)),
    )
  return row
}

/** The quote's row, locked for the rest of the transaction. */
export async function lockQuote(tx: Database, quoteId: string) {
  const [quote] = await tx
    .select()
    .from(translationQuotes)
    .where(eq(translationQuotes.id, quoteId))
    .for('update')
  return quote
}

/** A quote's price lines, in order; none before it is priced. */
export async function priceLinesOf(quoteId: string) {
  return db()
    .select({
      kind: quotePriceLines.kind,
      description: quotePriceLines.description,
      quantity: quotePriceLines.quantity,
      unitAmount: quotePriceLines.unitAmount,
      amountCents: quotePriceLines.amountCents,
    })
    .from(quotePriceLines)
    .where(eq(quotePriceLines.quoteId, quoteId))
    .orderBy(asc(quotePriceLines.position))
}
