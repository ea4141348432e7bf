import { and, eq, or } from 'drizzle-orm'
import { clientMemberships, organizations, type translationQuotes, users } from '../../../db/schema'
import type { CompanyIdentity } from '../../domain/company'
import type { RenderedMail } from '../../emails/render.server'
import type { Database } from '../../platform/db.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { runtime } from '../../platform/runtime.server'

type Quote = typeof translationQuotes.$inferSelect

/** Who hears about a quote: its requester, or the organization's managers when they left. */
async function clientRecipients(tx: Database, quote: Quote) {
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

async function summaryOf(tx: Database, quote: Quote) {
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
export async function mailQuoteClient(
  tx: Database,
  quote: Quote,
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
