import type { CompanyIdentity } from '../domain/company'
import { formatCalendarDate } from '../domain/format'
import { formatCents } from '../domain/money'
import { quoteLineBasis, type PricedQuoteLine } from '../domain/quote-pricing'
import { MailButton, renderMail, type RenderedMail } from './render.server'

interface QuoteSummary {
  organizationName: string
  sourceLanguage: string
  targetLanguages: string[]
  deadline: string
}

const languagesOf = (quote: QuoteSummary) =>
  `${quote.sourceLanguage} into ${quote.targetLanguages.join(', ')}`

/** To staff: a client asked for a translation quote (docs/product.md#translation-quotes). */
export function quoteRequestedMail(options: {
  quote: QuoteSummary & { certified: boolean; fileCount: number; requesterName: string }
  quoteUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { quote, quoteUrl, company } = options
  const facts = [
    `Organisation: ${quote.organizationName}`,
    `Requested by: ${quote.requesterName}`,
    `Languages: ${languagesOf(quote)}`,
    `Deadline: ${formatCalendarDate(quote.deadline)}`,
    `Certified translation: ${quote.certified ? 'yes' : 'no'}`,
    `Files: ${quote.fileCount}`,
  ]
  return renderMail({
    subject: `Translation quote requested: ${quote.organizationName}`,
    company,
    text: [
      'A client asked for a translation quote.',
      facts.join('\n'),
      `Price it here: ${quoteUrl}`,
    ].join('\n\n'),
    body: (
      <>
        <p>A client asked for a translation quote.</p>
        <ul>
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
        <MailButton href={quoteUrl}>Price the quote</MailButton>
      </>
    ),
  })
}

/** A short e-mail to the client about their quote, with the link to it. */
function clientQuoteMail(options: {
  name: string
  subject: string
  summary: string
  linkText: string
  quoteUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { name, subject, summary, linkText, quoteUrl, company } = options
  return renderMail({
    subject,
    company,
    text: [`Hello ${name},`, summary, quoteUrl].join('\n\n'),
    body: (
      <>
        <p>Hello {name},</p>
        <p>{summary}</p>
        <MailButton href={quoteUrl}>{linkText}</MailButton>
      </>
    ),
  })
}

/**
 * To the client: staff priced their quote; it stands until its expiry date. The lines are
 * listed with the total, as on the quote's page.
 */
export function quotePricedMail(options: {
  name: string
  quote: QuoteSummary & { price: string; lines: PricedQuoteLine[]; expiresOn: string }
  quoteUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { name, quote, quoteUrl, company } = options
  const summary = `Your translation quote (${languagesOf(quote)}) is ready: ${quote.price}. The price stands until ${formatCalendarDate(quote.expiresOn)}; accept or decline it in the client portal.`
  const lines = quote.lines.map(
    (line) => `${line.description} (${quoteLineBasis(line)}): ${formatCents(line.amountCents)}`,
  )
  return renderMail({
    subject: `Your translation quote: ${quote.price}`,
    company,
    text: [
      `Hello ${name},`,
      summary,
      [...lines, `Total: ${quote.price}`].join('\n'),
      quoteUrl,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {name},</p>
        <p>{summary}</p>
        <ul>
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
        <p>
          <strong>Total: {quote.price}</strong>
        </p>
        <MailButton href={quoteUrl}>See the quote</MailButton>
      </>
    ),
  })
}

/** To the client: the translated files are ready to download. */
export function quoteDeliveredMail(options: {
  name: string
  quote: QuoteSummary
  quoteUrl: string
  company: CompanyIdentity
}): RenderedMail {
  return clientQuoteMail({
    ...options,
    subject: 'Your translation is ready',
    summary: `Your translation (${languagesOf(options.quote)}) is delivered. Download the files in the client portal.`,
    linkText: 'Download the files',
  })
}

/**
 * To staff: the client accepted (translation can start) or declined a priced quote, with
 * their reason when they gave one (docs/product.md#translation-quotes).
 */
export function quoteDecidedMail(options: {
  decision: 'accepted' | 'declined'
  quote: QuoteSummary & { price: string; deciderName: string }
  reason: string | null
  quoteUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { decision, quote, reason, quoteUrl, company } = options
  const sentence =
    decision === 'accepted'
      ? `${quote.deciderName} accepted the translation quote at ${quote.price}: the translation can start.`
      : `${quote.deciderName} declined the translation quote at ${quote.price}.`
  const facts = [
    `Organisation: ${quote.organizationName}`,
    `Languages: ${languagesOf(quote)}`,
    `Deadline: ${formatCalendarDate(quote.deadline)}`,
    ...(decision === 'declined' ? [`Reason: ${reason ?? 'none given'}`] : []),
  ]
  return renderMail({
    subject: `Translation quote ${decision}: ${quote.organizationName}`,
    company,
    text: [sentence, facts.join('\n'), `The quote: ${quoteUrl}`].join('\n\n'),
    body: (
      <>
        <p>{sentence}</p>
        <ul>
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
        <MailButton href={quoteUrl}>Open the quote</MailButton>
      </>
    ),
  })
}
