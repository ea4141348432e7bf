import { describe, expect, it } from 'vitest'
import {
  canDecideQuote,
  canPriceQuote,
  formatCents,
  parsePriceToCents,
  quoteDisplayStatus,
} from './quotes'

describe('parsePriceToCents', () => {
  it.each([
    ['1250', 125000],
    ['1250.5', 125050],
    ['1,250.05', 125005],
    ['$ 99.99', 9999],
    ['0.01', 1],
    ['  12.30 ', 1230],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parsePriceToCents(text)).toBe(cents)
  })

  it.each(['', 'abc', '12.345', '-5', '1e3', '12.', '.5', '1 250'])('refuses %j', (text) => {
    expect(parsePriceToCents(text)).toBeUndefined()
  })

  it('never goes through floating point (0.29 is 29 cents)', () => {
    expect(parsePriceToCents('0.29')).toBe(29)
    expect(parsePriceToCents('1.15')).toBe(115)
  })
})

describe('formatCents', () => {
  it('writes dollars with thousands separators and two decimals', () => {
    expect(formatCents(125050)).toBe('$1,250.50')
    expect(formatCents(5)).toBe('$0.05')
  })
})

describe('quote rules', () => {
  const today = '2026-03-10'
  it('lets the client decide a priced quote until the end of its expiry date', () => {
    expect(canDecideQuote({ status: 'priced', priceExpiresOn: '2026-03-10' }, today)).toBe(true)
    expect(canDecideQuote({ status: 'priced', priceExpiresOn: '2026-03-09' }, today)).toBe(false)
    expect(canDecideQuote({ status: 'accepted', priceExpiresOn: '2026-04-01' }, today)).toBe(false)
    expect(canDecideQuote({ status: 'requested', priceExpiresOn: null }, today)).toBe(false)
  })

  it('shows an expired price as such', () => {
    expect(quoteDisplayStatus({ status: 'priced', priceExpiresOn: '2026-03-01' }, today)).toBe(
      'expired',
    )
    expect(quoteDisplayStatus({ status: 'declined', priceExpiresOn: '2026-03-01' }, today)).toBe(
      'declined',
    )
  })

  it('lets staff price new and priced quotes only', () => {
    expect(canPriceQuote('requested')).toBe(true)
    expect(canPriceQuote('priced')).toBe(true)
    expect(canPriceQuote('accepted')).toBe(false)
    expect(canPriceQuote('declined')).toBe(false)
  })
})
