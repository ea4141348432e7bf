import { eq } from 'drizzle-orm'
import { translationQuotes } from '../../../db/schema'
import { canPriceQuote, formatCents } from '../../domain/quotes'
import { quotePricedMail } from '../../emails/quotes.server'
import { now } from '../../platform/clock.server'
import { db } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { mailQuoteClient } from './client-mail.server'
import { lockQuote } from './rows.server'
import { QuoteRuleError } from './rules.server'

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
    await mailQuoteClient(tx, quote, 'quote-priced', (person, summary, quoteUrl, company) =>
      quotePricedMail({
        name: person.name,
        quote: { ...summary, price: formatCents(price.priceCents), expiresOn: price.expiresOn },
        quoteUrl,
        company,
      }),
    )
  })
}
