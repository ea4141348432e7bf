import { calendarDate } from '../../domain/onboarding'
import { now } from '../../platform/clock.server'

/** A refused step of the quote's life (a decision on an expired price, a second accept). */
export class QuoteRuleError extends Error {
  override name = 'QuoteRuleError'
}

/** The office's calendar day: a price stands until the end of its expiry date there. */
export function quoteToday(): string {
  return calendarDate(now())
}
