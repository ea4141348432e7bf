import { useEffect, useRef } from 'react'
import { Form, Link } from 'react-router'
import type { PricedQuoteLine } from '~/domain/quote-pricing'
import { DECLINE_REASON_MAX } from '~/lib/validation/quotes'
import { QuotePriceLines } from './quote-price-lines'

/**
 * The step between "Accept quote" or "Decline quote" and the answer (docs/product.md#translation-quotes):
 * the price once more, line by line, with what accepting means, or an optional reason for declining. The
 * answer carries the price shown here, so a price changed meanwhile is refused, not taken.
 */
export function QuoteAnswerStep({
  answer,
  price,
  priceCents,
  lines,
  backTo,
  busy,
}: {
  answer: 'accept' | 'decline'
  price: string
  priceCents: number
  lines: PricedQuoteLine[]
  backTo: string
  busy: boolean
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  // The step replaces the buttons pressed: focus moves to it, so it is read next.
  useEffect(() => heading.current?.focus(), [answer])
  return (
    <Form
      method="post"
      aria-labelledby="answer-heading"
      className="mt-4 space-y-3 rounded-md bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <h3 id="answer-heading" ref={heading} tabIndex={-1} className="font-semibold text-slate-900">
        {answer === 'accept'
          ? `Accept this quote for ${price}?`
          : `Decline this quote for ${price}?`}
      </h3>
      <QuotePriceLines lines={lines} totalCents={priceCents} caption="The quote's lines" />
      <p className="text-sm text-slate-700">
        {answer === 'accept'
          ? `We start translating when you accept, and invoice ${price} on delivery.`
          : 'We will not translate these documents. You can ask for a new quote at any time.'}
      </p>
      <input type="hidden" name="intent" value={answer} />
      <input type="hidden" name="priceCents" value={priceCents} />
      {answer === 'decline' ? (
        <div>
          <label htmlFor="decline-reason" className="field-label">
            Reason (optional)
          </label>
          <p id="decline-reason-hint" className="mt-1 text-sm text-slate-600">
            It helps us price your next request.
          </p>
          <textarea
            id="decline-reason"
            name="reason"
            rows={3}
            maxLength={DECLINE_REASON_MAX}
            aria-describedby="decline-reason-hint"
            className="field-input"
          />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          {answer === 'accept' ? 'Confirm and accept' : 'Decline the quote'}
        </button>
        <Link to={backTo} className="btn-secondary">
          Back
        </Link>
      </div>
    </Form>
  )
}
