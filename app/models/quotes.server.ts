import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm'
import {
  clientMemberships,
  organizations,
  storedFiles,
  translationQuoteFiles,
  translationQuotes,
  users,
} from '../../db/schema'
import { calendarDate } from '../domain/onboarding'
import type { OrganizationRole } from '../domain/organizations'
import {
  canDecideQuote,
  canPriceQuote,
  formatCents,
  isPriceExpired,
  quoteStatuses,
  type QuoteStatus,
} from '../domain/quotes'
import { quoteDeliveredMail, quotePricedMail, quoteRequestedMail } from '../emails/quotes.server'
import type { RenderedMail } from '../emails/render.server'
import type { CompanyIdentity } from '../domain/company'
import { PAGE_SIZE } from '../lib/admin/list-filters'
import { now } from '../platform/clock.server'
import type { Database } from '../platform/db.server'
import { enqueueMail } from '../platform/mail/outbox.server'
import { db, runtime } from '../platform/runtime.server'
import { claimOrganizationStorage } from './organization-storage.server'
import { sizeOfNewFiles, withStoredFiles, type NewFile } from './stored-files.server'
import { recordAudit, type Actor } from './audit.server'
import { postTranslationJob } from './billing/ledger.server'

/**
 * Translation quotes (docs/product.md#translation-quotes): a client's request with its
 * files, staff's price, the client's decision and staff's delivery. Every change is one
 * transaction with its audit entry and its e-mail.
 */

/** A quote document: its bytes, or the upload already streamed to storage. */
export type NewQuoteFile = NewFile

/** A refused step of the quote's life (a decision on an expired price, a second accept). */
export class QuoteRuleError extends Error {
  override name = 'QuoteRuleError'
}

/** The signed-in client: requesters see their own quotes, managers the organization's. */
export interface QuoteViewer {
  userId: string
  organizationId: string
  role: OrganizationRole
}

export interface NewQuoteRequest {
  sourceLanguage: string
  targetLanguages: string[]
  deadline: string
  certified: boolean
  purchaseOrder: string | null
  files: NewQuoteFile[]
}

/** The office's calendar day: a price stands until the end of its expiry date there. */
export function quoteToday(): string {
  return calendarDate(now())
}

function visibleTo(viewer: QuoteViewer): SQL {
  const sameOrganization = eq(translationQuotes.organizationId, viewer.organizationId)
  return viewer.role === 'manager'
    ? sameOrganization
    : and(sameOrganization, eq(translationQuotes.requestedById, viewer.userId))!
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
  deliveredAt: translationQuotes.deliveredAt,
  createdAt: translationQuotes.createdAt,
}

function quotesQuery(tx?: Database) {
  return db(tx)
    .select(quoteColumns)
    .from(translationQuotes)
    .innerJoin(organizations, eq(organizations.id, translationQuotes.organizationId))
    .leftJoin(users, eq(users.id, translationQuotes.requestedById))
}

export type QuoteRow = Awaited<ReturnType<typeof quotesQuery>>[number]

/** The quotes a client sees, newest first. */
export async function listClientQuotes(viewer: QuoteViewer): Promise<QuoteRow[]> {
  return quotesQuery()
    .where(visibleTo(viewer))
    .orderBy(desc(translationQuotes.createdAt), desc(translationQuotes.id))
}

export interface QuoteFile {
  fileId: string
  kind: 'source' | 'delivery'
  originalName: string
  byteSize: number
  addedAt: Date
}

async function filesOf(quoteId: string): Promise<QuoteFile[]> {
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
  const files = await filesOf(quoteId)
  return {
    quote,
    sourceFiles: files.filter((file) => file.kind === 'source'),
    deliveryFiles:
      quote.status === 'delivered' ? files.filter((file) => file.kind === 'delivery') : [],
  }
}

/** One quote with all its files, for staff. */
export async function staffQuote(quoteId: string) {
  const [quote] = await quotesQuery().where(eq(translationQuotes.id, quoteId))
  if (!quote) return undefined
  const files = await filesOf(quoteId)
  return {
    quote,
    sourceFiles: files.filter((file) => file.kind === 'source'),
    deliveryFiles: files.filter((file) => file.kind === 'delivery'),
  }
}

async function quoteFileRow(quoteId: string, fileId: string) {
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

/** A quote's file for staff; undefined when the quote has no such file. */
export async function staffQuoteFile(quoteId: string, fileId: string) {
  return (await quoteFileRow(quoteId, fileId))?.file
}

async function lockQuote(tx: Database, quoteId: string) {
  const [quote] = await tx
    .select()
    .from(translationQuotes)
    .where(eq(translationQuotes.id, quoteId))
    .for('update')
  return quote
}

/**
 * The client's answer to a priced quote, with the price their page showed: an answer binds
 * to that price only, never to one staff gave after the page was loaded.
 */
export interface QuoteAnswer {
  decision: 'accept' | 'decline'
  /** The price on the client's screen, in cents. */
  priceCents: number
}

/**
 * The client accepts or declines a priced quote: only theirs ('missing' otherwise), only
 * while priced and not expired, and only at the price they saw. The row is locked, so of
 * two answers at once the second finds it decided and is refused, and a new price from
 * staff lands either before the answer (which is then refused) or after it (refused too).
 */
export async function decideQuote(
  quoteId: string,
  viewer: QuoteViewer,
  answer: QuoteAnswer,
  actor: Actor,
): Promise<'missing' | 'accepted' | 'declined'> {
  return db().transaction(async (tx) => {
    const [visible] = await tx
      .select({ id: translationQuotes.id })
      .from(translationQuotes)
      .where(and(eq(translationQuotes.id, quoteId), visibleTo(viewer)))
    if (!visible) return 'missing'
    const quote = (await lockQuote(tx, quoteId))!
    const today = quoteToday()
    if (!canDecideQuote(quote, today))
      throw new QuoteRuleError(
        quote.status === 'priced' && isPriceExpired(quote, today)
          ? 'This price has expired. Please ask us for a new one.'
          : quote.status === 'requested'
            ? 'This quote has no price yet.'
            : 'This quote has already been answered.',
      )
    const status = answer.decision === 'accept' ? 'accepted' : 'declined'
    if (quote.priceCents !== answer.priceCents)
      throw new QuoteRuleError(
        `This quote was priced again at ${formatCents(quote.priceCents!)} after you opened it. Nothing was ${status}: please look at the new price and answer again.`,
      )
    await tx
      .update(translationQuotes)
      .set({ status, decidedAt: now() })
      .where(eq(translationQuotes.id, quoteId))
    await recordAudit(
      actor,
      {
        action: answer.decision === 'accept' ? 'quote_accepted' : 'quote_declined',
        entityType: 'translation_quote',
        entityId: quoteId,
        before: { status: quote.status },
        after: { status, priceCents: quote.priceCents },
      },
      tx,
    )
    return status
  })
}

/** Who hears about a quote: its requester, or the organization's managers when they left. */
async function clientRecipients(tx: Database, quote: typeof translationQuotes.$inferSelect) {
  const people = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: clientMemberships.role,
    })
    .from(clientMemberships)
    .innerJoin(users, eq(users.id, clientMemberships.userId))
    .where(
      and(
        eq(clientMemberships.organizationId, quote.organizationId),
        eq(users.active, true),
        quote.requestedById
          ? or(eq(users.id, quote.requestedById), eq(clientMemberships.role, 'manager' as const))
          : eq(clientMemberships.role, 'manager' as const),
      ),
    )
  const requester = people.filter((person) => person.id === quote.requestedById)
  return requester.length > 0 ? requester : people.filter((person) => person.role === 'manager')
}

async function summaryOf(tx: Database, quote: typeof translationQuotes.$inferSelect) {
  const [organization] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, quote.organizationId))
  return {
    organizationName: organization?.name ?? '',
    sourceLanguage: quote.sourceLanguage,
    targetLanguages: quote.targetLanguages,
    deadline: quote.deadline,
  }
}

/** E-mails the quote's client (see `clientRecipients`) in the caller's transaction. */
async function mailClient(
  tx: Database,
  quote: typeof translationQuotes.$inferSelect,
  template: 'quote-priced' | 'quote-delivered',
  render: (
    person: { name: string },
    summary: Awaited<ReturnType<typeof summaryOf>>,
    quoteUrl: string,
    company: CompanyIdentity,
  ) => RenderedMail,
) {
  const { config } = runtime()
  const summary = await summaryOf(tx, quote)
  const quoteUrl = `${config.siteUrl}/client/quotes/${quote.id}`
  const recipients = await clientRecipients(tx, quote)
  await enqueueMail(
    tx,
    recipients.map((person) => ({
      template,
      to: person.email,
      replyTo: config.mailReplyTo,
      reference: `translation_quote:${quote.id}`,
      ...render(person, summary, quoteUrl, config.company),
    })),
  )
}

/**
 * Staff price a quote (a new one, or a priced one again, say after its price expired) and
 * the client is e-mailed the price and its expiry date.
 */
export async function priceQuote(
  quoteId: string,
  price: { priceCents: number; expiresOn: string },
  actor: Actor,
): Promise<void> {
  await db().transaction(async (tx) => {
    const quote = await lockQuote(tx, quoteId)
    if (!quote) throw new QuoteRuleError('This quote does not exist.')
    if (!canPriceQuote(quote.status))
      throw new QuoteRuleError('This quote has been answered and can no longer be priced.')
    await tx
      .update(translationQuotes)
      .set({
        status: 'priced',
        priceCents: price.priceCents,
        priceExpiresOn: price.expiresOn,
        pricedById: actor.id,
        pricedAt: now(),
      })
      .where(eq(translationQuotes.id, quoteId))
    await recordAudit(
      actor,
      {
        action: 'quote_priced',
        entityType: 'translation_quote',
        entityId: quoteId,
        before: { status: quote.status, priceCents: quote.priceCents },
        after: { status: 'priced', ...price },
      },
      tx,
    )
    await mailClient(tx, quote, 'quote-priced', (person, summary, quoteUrl, company) =>
      quotePricedMail({
        name: person.name,
        quote: { ...summary, price: formatCents(price.priceCents), expiresOn: price.expiresOn },
        quoteUrl,
        company,
      }),
    )
  })
}

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
    await mailClient(tx, quote, 'quote-delivered', (person, summary, quoteUrl, company) =>
      quoteDeliveredMail({ name: person.name, quote: summary, quoteUrl, company }),
    )
  })
}

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
