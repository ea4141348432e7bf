import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_RATE_UNITS, RATE_UNITS_PER_CENT } from './billing'
import { divideRoundingHalfUp } from './money'
import {
  flatFeePricing,
  MAX_QUOTE_LINES,
  MAX_QUOTE_PAGES,
  MAX_QUOTE_WORDS,
  MAX_RUSH_PERCENT,
  priceQuoteLines,
  quoteLineAmountCents,
  quoteLineBasis,
  type QuoteLineInput,
  type QuotePricingInput,
} from './quote-pricing'

const description = fc.constantFrom('Spanish, certified', 'French', 'Formatting')
const line: fc.Arbitrary<QuoteLineInput> = fc.oneof(
  fc.record({
    kind: fc.constant('per_word' as const),
    description,
    quantity: fc.integer({ min: 1, max: MAX_QUOTE_WORDS }),
    unitAmount: fc.integer({ min: 0, max: MAX_RATE_UNITS }),
  }),
  fc.record({
    kind: fc.constant('per_page' as const),
    description,
    quantity: fc.integer({ min: 1, max: MAX_QUOTE_PAGES }),
    unitAmount: fc.integer({ min: 0, max: 100_000 }),
  }),
  fc.record({
    kind: fc.constant('flat' as const),
    description,
    quantity: fc.constant(1),
    unitAmount: fc.integer({ min: 0, max: 10_000_000 }),
  }),
)
const pricing: fc.Arbitrary<QuotePricingInput> = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: MAX_QUOTE_LINES }),
  minimumCents: fc.option(fc.integer({ min: 1, max: 100_000_000 }), { nil: null }),
  rushPercent: fc.option(fc.integer({ min: 1, max: MAX_RUSH_PERCENT }), { nil: null }),
})

const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0)

describe('quote pricing', () => {
  it('the total is the sum of the lines, in whole cents, none negative', () => {
    fc.assert(
      fc.property(pricing, (input) => {
        const price = priceQuoteLines(input)
        for (const priced of price.lines) {
          expect(Number.isSafeInteger(priced.amountCents)).toBe(true)
          expect(priced.amountCents).toBeGreaterThanOrEqual(0)
        }
        expect(price.totalCents).toBe(sum(price.lines.map((priced) => priced.amountCents)))
      }),
    )
  })

  it('keeps staff’s lines, in order, each rounded once from its own figures', () => {
    fc.assert(
      fc.property(pricing, (input) => {
        const price = priceQuoteLines(input)
        const typed = price.lines.slice(0, input.lines.length)
        expect(typed.map((priced) => priced.description)).toEqual(
          input.lines.map((entry) => entry.description),
        )
        input.lines.forEach((entry, index) => {
          const expected =
            entry.kind === 'per_word'
              ? divideRoundingHalfUp(entry.quantity * entry.unitAmount, RATE_UNITS_PER_CENT)
              : entry.quantity * entry.unitAmount
          expect(typed[index]!.amountCents).toBe(expected)
        })
        expect(price.subtotalCents).toBe(sum(typed.map((priced) => priced.amountCents)))
      }),
    )
  })

  it('adds the minimum fee exactly when the subtotal is under it, for the difference', () => {
    fc.assert(
      fc.property(pricing, (input) => {
        const price = priceQuoteLines(input)
        const minimum = price.lines.filter((priced) => priced.kind === 'minimum')
        const applies = input.minimumCents !== null && price.subtotalCents < input.minimumCents
        expect(minimum).toHaveLength(applies ? 1 : 0)
        if (applies) {
          expect(minimum[0]!.description).toBe('Minimum fee')
          expect(price.subtotalCents + minimum[0]!.amountCents).toBe(input.minimumCents)
          expect(minimum[0]!.amountCents).toBeGreaterThan(0)
        }
        // Before any rush, the price is never under the minimum.
        const beforeRush = sum(
          price.lines.filter((priced) => priced.kind !== 'rush').map((p) => p.amountCents),
        )
        expect(beforeRush).toBe(Math.max(price.subtotalCents, input.minimumCents ?? 0))
      }),
    )
  })

  it('adds the rush line exactly when rush is set, on the price after the minimum', () => {
    fc.assert(
      fc.property(pricing, (input) => {
        const price = priceQuoteLines(input)
        const rush = price.lines.filter((priced) => priced.kind === 'rush')
        expect(rush).toHaveLength(input.rushPercent === null ? 0 : 1)
        if (input.rushPercent !== null) {
          const base = Math.max(price.subtotalCents, input.minimumCents ?? 0)
          expect(rush[0]!.description).toBe(`Rush (${input.rushPercent}%)`)
          expect(rush[0]!.amountCents).toBe(divideRoundingHalfUp(base * input.rushPercent, 100))
          // Rounded once: within half a cent of the exact surcharge.
          const error = rush[0]!.amountCents * 100 - base * input.rushPercent
          expect(2 * error).toBeGreaterThan(-100)
          expect(2 * error).toBeLessThanOrEqual(100)
          expect(price.lines.at(-1)).toBe(rush[0])
        }
      }),
    )
  })

  it('creates or loses no cent: without a minimum or rush, the total is the typed lines', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: MAX_QUOTE_LINES }), (lines) => {
        const price = priceQuoteLines({ lines, minimumCents: null, rushPercent: null })
        expect(price.lines).toHaveLength(lines.length)
        expect(price.totalCents).toBe(sum(lines.map(quoteLineAmountCents)))
      }),
    )
  })

  it('prices an agency’s quote: two lines, the minimum, then 25% rush', () => {
    const price = priceQuoteLines({
      lines: [
        { kind: 'per_word', description: 'Spanish, certified', quantity: 1200, unitAmount: 1250 },
        { kind: 'per_page', description: 'Formatting', quantity: 3, unitAmount: 500 },
      ],
      minimumCents: 25_000,
      rushPercent: 25,
    })
    expect(price.lines.map((priced) => [priced.description, priced.amountCents])).toEqual([
      ['Spanish, certified', 15_000],
      ['Formatting', 1_500],
      ['Minimum fee', 8_500],
      ['Rush (25%)', 6_250],
    ])
    expect(price.totalCents).toBe(31_250)
    expect(price.lines.map(quoteLineBasis)).toEqual([
      '1,200 words × $0.1250',
      '3 pages × $5.00',
      'Raises the price to the minimum',
      'Surcharge for a rush deadline',
    ])
  })

  it('rounds a per-word line half up, once', () => {
    // 3 words at $0.0050 = 1.5 cents → 2; 1 word at $0.0049 = 0.49 cents → 0.
    expect(quoteLineAmountCents({ kind: 'per_word', quantity: 3, unitAmount: 50 })).toBe(2)
    expect(quoteLineAmountCents({ kind: 'per_word', quantity: 1, unitAmount: 49 })).toBe(0)
    // A rush of 25% on $0.02 is half a cent: rounded up.
    expect(
      priceQuoteLines({ ...flatFeePricing(2), rushPercent: 25 }).lines.at(-1)?.amountCents,
    ).toBe(1)
  })

  it('a subtotal at the minimum exactly takes no minimum line', () => {
    const price = priceQuoteLines({ ...flatFeePricing(5000), minimumCents: 5000 })
    expect(price.lines).toHaveLength(1)
    expect(price.totalCents).toBe(5000)
  })
})
