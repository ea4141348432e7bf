/**
 * Money is integer cents everywhere (docs/product.md#money-and-rounding). Amounts typed by
 * staff are read from their digits, never through floating point, and every division rounds
 * once, half up, in integers.
 */

/**
 * `numerator / denominator` rounded half up, for non-negative integers. Integer arithmetic
 * only: `Math.round(0.145 * 100)` is 14 in floating point, this is exact.
 */
export function divideRoundingHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || numerator < 0) {
    throw new RangeError(`not a non-negative safe integer: ${numerator}`)
  }
  if (!Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`not a positive safe integer: ${denominator}`)
  }
  const quotient = Math.floor(numerator / denominator)
  const remainder = numerator - quotient * denominator
  return remainder * 2 >= denominator ? quotient + 1 : quotient
}

/**
 * A decimal amount typed by a person ("1250", "1,250.5", "$0.9167") as an integer number of
 * its smallest unit (`decimals` places), or undefined when it is not one.
 */
export function parseDecimal(text: string, decimals: number): number | undefined {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '').trim()
  const match = new RegExp(`^(\\d{1,9})(?:\\.(\\d{1,${decimals}}))?$`).exec(cleaned)
  if (!match) return undefined
  const value = Number(match[1]) * 10 ** decimals + Number((match[2] ?? '').padEnd(decimals, '0'))
  return Number.isSafeInteger(value) ? value : undefined
}

/** "1,250.5" → 125050 cents. */
export function parsePriceToCents(text: string): number | undefined {
  return parseDecimal(text, 2)
}

// One formatter for every amount: Number#toLocaleString makes a new one on each call.
const dollarsFormat = new Intl.NumberFormat('en-US')

/** 125050 → "$1,250.50"; negative amounts keep their sign in front. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const absolute = Math.abs(cents)
  const dollars = dollarsFormat.format(Math.floor(absolute / 100))
  return `${sign}$${dollars}.${String(absolute % 100).padStart(2, '0')}`
}

/** 125050 → "1250.50": for spreadsheets, which read it as a number. */
export function centsAsDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const absolute = Math.abs(cents)
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`
}
