import { eq } from 'drizzle-orm'
import { quotePriceLines, translationQuotes } from '../../../db/schema'
import { priceQuoteLines, type QuotePricingInput } from '../../domain/quote-pricing'
import { canPriceQuote, formatCents, MAX_QUOTE_PRICE_CENTS } from '../../domain/quotes'
import { quotePricedMail } from '../../emails/quotes.server'
import { now } from '../../platform/clock.server'
import { db } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { mailQuoteClient } from './client-mail.server'
import { lockQuote } from './rows.server'
import { QuoteRuleError } from './rules.server'

/**
 * Staff price a quote (a new one, or a priced one again, say after its price expired) as
 * lines (app/domain/quote-pricing.ts) and the client is e-mailed the lines, the total and
 * the expiry date. The lines and the total are written together; pricing again replaces
 * the lines. Returns the total in cents.
 */
export async function priceQuote(
  quoteId: string,
  input: { pricing: QuotePricingInput; expiresOn: string },
  actor: Actor,
): Promise<number> {
  const priced = priceQuoteLines(input.pricing)
  if (priced.lines.length === 0 || priced.totalCents < 1)
    throw new QuoteRuleError('A price needs at least one line and a total above zero.')
  if (priced.totalCents > MAX_QUOTE_PRICE_CENTS)
    throw new QuoteRuleError(`A price may be at most ${formatCents(MAX_QUOTE_PRICE_CENTS)}.`)
  const price = { priceCents: priced.totalCents, expiresOn: input.expiresOn }
  return db().transaction(async (tx) => {
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
    await tx.delete(quotePriceLines).where(eq(quotePriceLines.quoteId, quoteId))
    await tx
      .insert(quotePriceLines)
      .values(priced.lines.map((line, position) => ({ quoteId, position, ...line })))
    await recordAudit(
      actor,
      {
        action: 'quote_priced',
        entityType: 'translation_quote',
        entityId: quoteId,
        before: { status: quote.status, priceCents: quote.priceCents },
        after: { status: 'priced', ...price, lines: priced.lines },
      },
      tx,
    )
    await mailQuoteClient(tx, quote, 'quote-priced', (person, summary, quoteUrl, company) =>
      quotePricedMail({
        name: person.name,
        quote: {
          ...summary,
          price: formatCents(price.priceCents),
          lines: priced.lines,
          expiresOn: price.expiresOn,
        },
        quoteUrl,
        company,
      }),
    )
    return price.priceCents
  })
}
