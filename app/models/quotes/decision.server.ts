import { and, eq } from 'drizzle-orm'
import { organizations, translationQuotes } from '../../../db/schema'
import { canDecideQuote, formatCents, isPriceExpired } from '../../domain/quotes'
import { quoteDecidedMail } from '../../emails/quotes.server'
import { now } from '../../platform/clock.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { lockQuote, visibleTo, type QuoteViewer } from './rows.server'
import { QuoteRuleError, quoteToday } from './rules.server'

/**
 * The client's answer to a priced quote, with the price their page showed: an answer binds
 * to that price only, never to one staff gave after the page was loaded.
 */
export interface QuoteAnswer {
  decision: 'accept' | 'decline'
  /** The price on the client's screen, in cents. */
  priceCents: number
  /** Why they decline, if they say (kept only with a decline). */
  reason?: string
}

/**
 * The client accepts or declines a priced quote: only theirs ('missing' otherwise), only
 * while priced and not expired, and only at the price they saw. Staff are e-mailed the
 * answer (a decline with its reason, when given) in the same transaction. The row is locked, so of
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
    const declineReason = status === 'declined' ? answer.reason?.trim() || null : null
    await tx
      .update(translationQuotes)
      .set({ status, decidedAt: now(), declineReason })
      .where(eq(translationQuotes.id, quoteId))
    const [organization] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, quote.organizationId))
    const { config } = runtime()
    await enqueueMail(tx, [
      {
        template: `quote-${status}`,
        to: config.staffNotifyEmail,
        reference: `translation_quote:${quoteId}`,
        ...quoteDecidedMail({
          decision: status,
          quote: {
            organizationName: organization?.name ?? '',
            sourceLanguage: quote.sourceLanguage,
            targetLanguages: quote.targetLanguages,
            deadline: quote.deadline,
            price: formatCents(quote.priceCents!),
            deciderName: actor.name,
          },
          reason: declineReason,
          quoteUrl: `${config.siteUrl}/admin/quotes/${quoteId}`,
          company: config.company,
        }),
      },
    ])
    await recordAudit(
      actor,
      {
        action: answer.decision === 'accept' ? 'quote_accepted' : 'quote_declined',
        entityType: 'translation_quote',
        entityId: quoteId,
        before: { status: quote.status },
        after: {
          status,
          priceCents: quote.priceCents,
          ...(declineReason ? { declineReason } : {}),
        },
      },
      tx,
    )
    return status
  })
}
