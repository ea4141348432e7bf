import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { amountPattern, formatCents, parseDecimal } from './money'

/** Places after the point that amount fields take: miles, dollars, rates per minute. */
const decimals = fc.constantFrom(1, 2, 4)

/** The largest whole part an amount field takes: nine digits. */
const MAX_WHOLE = 999_999_999

/** `units` (an integer of `places` decimals) as plain digits: 123456, 2 → "1234.56". */
function plain(units: number, places: number): string {
  if (places === 0) return String(units)
  const text = String(units).padStart(places + 1, '0')
  return `${text.slice(0, -places)}.${text.slice(-places)}`
}

/** The same with thousands commas in groups of three: "1,234.56". */
function grouped(units: number, places: number): string {
  const [whole, fraction] = plain(units, places).split('.')
  const withCommas = whole!.replace(/\B(?=(\d{3})+$)/g, ',')
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`
}

/** What a text the format allows is worth, worked out apart from the parser (in BigInt). */
function valueOf(text: string, places: number): bigint {
  const [whole, fraction = ''] = text.replace(/[$\s,]/g, '').split('.')
  return BigInt(whole!) * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, '0') || '0')
}

/** Texts made of what people type into an amount field, in any order. */
const typed = fc.string({
  unit: fc.constantFrom('0', '1', '5', '9', ',', '.', '$', ' ', '-', 'e'),
  maxLength: 16,
})

describe('parseDecimal: the one format of a typed amount', () => {
  it('reads plain digits, thousands groups of three and an optional dollar sign', () => {
    expect(parseDecimal('1250', 2)).toBe(125_000)
    expect(parseDecimal('1,234.56', 2)).toBe(123_456)
    expect(parseDecimal('$1,234,567.5', 2)).toBe(123_456_750)
    expect(parseDecimal('$ 0.9167', 4)).toBe(9167)
    expect(parseDecimal('1,500', 1)).toBe(15_000)
    expect(parseDecimal(' 12.4 ', 1)).toBe(124)
  })

  it.each([
    ['100,00', 2],
    ['9,99', 2],
    ['1,5', 1],
    ['1.234,56', 2],
    ['1,2345', 2],
    ['12,34,567', 2],
    ['1234,567', 2],
    [',123', 2],
    ['1,', 2],
    ['1,,000', 2],
    ['1 250', 2],
    ['1e3', 2],
    ['1234567890', 2],
    ['1,000,000,000', 2],
    ['-5', 2],
    ['12.', 2],
    ['.5', 2],
    ['12.345', 2],
  ])('refuses %j rather than guess what it meant', (text, places) => {
    expect(parseDecimal(text, places)).toBeUndefined()
  })

  it('reads back any amount written plainly or with thousands groups', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_WHOLE }),
        fc.nat({ max: 9_999 }),
        decimals,
        fc.boolean(),
        fc.boolean(),
        (whole, fraction, places, withCommas, withDollar) => {
          const units = whole * 10 ** places + (fraction % 10 ** places)
          const text = (withDollar ? '$' : '') + (withCommas ? grouped : plain)(units, places)
          expect(parseDecimal(text, places)).toBe(units)
        },
      ),
    )
  })

  it('reads what formatCents writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_WHOLE * 100 + 99 }), (cents) => {
        expect(parseDecimal(formatCents(cents), 2)).toBe(cents)
      }),
    )
  })

  it('never takes a decimal comma: one or two digits after a comma are refused, whatever comes before', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: MAX_WHOLE }),
        fc.stringMatching(/^\d{1,2}$/),
        decimals,
        (whole, fraction, places) => {
          expect(parseDecimal(`${whole},${fraction}`, places)).toBeUndefined()
          expect(parseDecimal(`$${whole},${fraction}`, places)).toBeUndefined()
        },
      ),
    )
  })

  it('refuses a single comma anywhere but as a thousands separator', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: MAX_WHOLE }),
        fc.nat(),
        decimals,
        (whole, at, places) => {
          const digits = String(whole)
          // One comma is a thousands comma only with three digits after it and one to three before.
          const cuts = Array.from({ length: digits.length - 1 }, (_, index) => index + 1).filter(
            (index) => !(digits.length - index === 3 && index <= 3),
          )
          fc.pre(cuts.length > 0)
          const cut = cuts[at % cuts.length]!
          const text = `${digits.slice(0, cut)},${digits.slice(cut)}`
          expect(parseDecimal(text, places)).toBeUndefined()
        },
      ),
    )
  })

  it('never throws, and what it reads is worth exactly its digits', () => {
    fc.assert(
      fc.property(typed, decimals, (text, places) => {
        const units = parseDecimal(text, places)
        if (units === undefined) return
        expect(Number.isSafeInteger(units) && units >= 0).toBe(true)
        expect(BigInt(units)).toBe(valueOf(text, places))
      }),
      { numRuns: 2_000 },
    )
  })

  it('the pattern the forms’ schemas check takes exactly the texts the parser reads', () => {
    fc.assert(
      fc.property(typed, decimals, (text, places) => {
        const trimmed = text.trim()
        expect(amountPattern(places).test(trimmed)).toBe(
          parseDecimal(trimmed, places) !== undefined,
        )
      }),
      { numRuns: 2_000 },
    )
  })
})
