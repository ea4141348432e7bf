import { data, Link, redirect, useNavigation } from 'react-router'
import { QuoteAnswerStep } from '~/components/quotes/quote-answer-step'
import { FormMessage } from '~/components/layout/auth-card'
import { QuotePriceLines } from '~/components/quotes/quote-price-lines'
import { QuoteStatusBadge } from '~/components/quotes/quote-status-badge'
import { QuoteFacts, QuoteFileList, QuotesBackLink } from '~/components/quotes/quote-summary'
import { canDecideQuote, formatCents, quoteDisplayStatus } from '~/domain/quotes'
import { requireClient } from '~/auth/client.server'
import { formatCalendarDate } from '~/domain/format'
import { revalidateAfterConflict } from '~/lib/http/conflict-revalidation'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { quoteDecisionSchema } from '~/lib/validation/quotes'
import { clientQuote } from '~/models/quotes/client-views.server'
import { decideQuote } from '~/models/quotes/decision.server'
import { QuoteRuleError, quoteToday } from '~/models/quotes/rules.server'
import type { Route } from './+types/quotes.detail'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Translation quote',
      description: 'One translation quote: its files, price and delivery.',
      path: '/client/quotes',
      noindex: true,
    },
    matches,
  )

const notices = {
  requested: 'Thank you: your request was sent. We will e-mail you when it is priced.',
  accepted: 'Quote accepted. We will e-mail you when the translation is delivered.',
  declined: 'Quote declined.',
} as const

export async function loader({ request, params }: Route.LoaderArgs) {
  const client = await requireClient(request)
  const found = await clientQuote(requireUuidParam(params, 'quoteId'), {
    userId: client.id,
    ...client.client,
  })
  if (!found) throw notFound()
  const { quote } = found
  const today = quoteToday()
  const search = new URL(request.url).searchParams
  const notice = search.get('notice')
  // The confirmation step (`?answer=accept|decline`): the price to answer, seen once more.
  const answer = search.get('answer')
  return {
    answering:
      answer === 'accept' || answer === 'decline' ? (answer as 'accept' | 'decline') : null,
    quote: {
      ...quote,
      price: quote.priceCents === null ? null : formatCents(quote.priceCents),
      displayStatus: quoteDisplayStatus(quote, today),
      canDecide: canDecideQuote(quote, today),
    },
    priceLines: found.priceLines,
    sourceFiles: found.sourceFiles,
    deliveryFiles: found.deliveryFiles,
    notice: notice && notice in notices ? notices[notice as keyof typeof notices] : null,
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const client = await requireClient(request)
  const quoteId = requireUuidParam(params, 'quoteId')
  const parsed = quoteDecisionSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success)
    return data({ error: 'Please accept or decline the quote.' }, { status: 400 })
  try {
    const outcome = await decideQuote(
      quoteId,
      { userId: client.id, ...client.client },
      {
        decision: parsed.data.intent,
        priceCents: parsed.data.priceCents,
        reason: parsed.data.reason,
      },
      client.actor,
    )
    if (outcome === 'missing') throw notFound()
    throw redirect(`/client/quotes/${quoteId}?notice=${outcome}`)
  } catch (error) {
    if (!(error instanceof QuoteRuleError)) throw error
    return data({ error: error.message }, { status: 409 })
  }
}

// A refused answer (409: priced again, expired, answered) shows the quote as it is now.
export const shouldRevalidate = revalidateAfterConflict

/** One quote: what was asked, the price to accept or decline, the translated files. */
export default function ClientQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, priceLines, sourceFiles, deliveryFiles, notice } = loaderData
  const busy = useNavigation().state === 'submitting'
  const fileHref = (file: { fileId: string }) => `/client/quotes/${quote.id}/files/${file.fileId}`
  return (
    <div className="mx-auto max-w-3xl">
      <QuotesBackLink />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Translation quote</h1>
        <QuoteStatusBadge status={quote.displayStatus} />
      </div>
      <div className="mt-4 space-y-3" aria-live="polite">
        {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
        {actionData?.error ? <FormMessage tone="error">{actionData.error}</FormMessage> : null}
      </div>

      <section
        aria-labelledby="price-heading"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
      >
        <h2 id="price-heading" className="text-lg font-semibold text-slate-900">
          Price
        </h2>
        {quote.price === null ? (
          <p className="mt-2 text-sm text-slate-700">
            We are pricing your request and will e-mail you when the price is ready.
          </p>
        ) : (
          <>
            <p className="mt-2 text-2xl font-semibold text-slate-900">{quote.price}</p>
            {priceLines.length > 0 && !(loaderData.answering && quote.canDecide) ? (
              <QuotePriceLines
                lines={priceLines}
                totalCents={quote.priceCents!}
                caption="How the price is made up"
              />
            ) : null}
            {quote.status === 'priced' && quote.priceExpiresOn ? (
              <p className="mt-1 text-sm text-slate-700">
                {quote.displayStatus === 'expired'
                  ? `This price expired on ${formatCalendarDate(quote.priceExpiresOn)}. Please contact us for a new one.`
                  : `Valid until ${formatCalendarDate(quote.priceExpiresOn)}.`}
              </p>
            ) : null}
            {quote.status === 'accepted' ? (
              <p className="mt-1 text-sm text-slate-700">
                You accepted this price. We are translating your documents.
              </p>
            ) : null}
            {quote.status === 'declined' ? (
              <p className="mt-1 text-sm text-slate-700">You declined this price.</p>
            ) : null}
          </>
        )}
        {quote.canDecide && quote.price !== null ? (
          loaderData.answering ? (
            <QuoteAnswerStep
              answer={loaderData.answering}
              price={quote.price}
              priceCents={quote.priceCents!}
              lines={priceLines}
              backTo={`/client/quotes/${quote.id}`}
              busy={busy}
            />
          ) : (
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to="?answer=accept" className="btn-primary">
                Accept quote
              </Link>
              <Link to="?answer=decline" className="btn-secondary">
                Decline quote
              </Link>
            </div>
          )
        ) : null}
      </section>

      {quote.status === 'delivered' ? (
        <section
          aria-labelledby="delivery-heading"
          className="mt-6 rounded-lg border border-green-200 bg-white p-5"
        >
          <h2 id="delivery-heading" className="text-lg font-semibold text-slate-900">
            Translated files
          </h2>
          <QuoteFileList files={deliveryFiles} hrefOf={fileHref} label="Translated files" />
        </section>
      ) : null}

      <section
        aria-labelledby="request-heading"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
      >
        <h2 id="request-heading" className="text-lg font-semibold text-slate-900">
          Your request
        </h2>
        <div className="mt-3">
          <QuoteFacts quote={quote} />
        </div>
        <h3 className="mt-5 font-semibold text-slate-900">Your documents</h3>
        <QuoteFileList files={sourceFiles} hrefOf={fileHref} label="Your documents" />
      </section>
    </div>
  )
}
