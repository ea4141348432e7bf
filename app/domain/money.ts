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
 * The one format of a typed amount (docs/product.md#validation): an optional `$`, the whole
 * part as plain digits or in thousands groups of three separated by commas (at most nine
 * digits), then optionally a point and 1 to `decimals` decimals. Anything else is refused
 * rather than guessed at, so a decimal comma ("100,00", "1,5") is never taken for a thousands
 * separator, which would make the amount a hundred or ten times larger.
 */
export function amountPattern(decimals: number): RegExp {
  return new RegExp(`^\\$? ?(\\d{1,9}|\\d{1,3}(?:,\\d{3}){1,2})(?:\\.(\\d{1,${decimals}}))?$`)
}

/**
 * A decimal amount typed by a person ("1250", "1,250.5", "$0.9167") as an integer number of
 * its smallest unit (`decimals` places), or undefined when it is not in the one format
 * ({@link amountPattern}). Every amount field of every form is read through this function.
 */
export function parseDecimal(text: string, decimals: number): number | undefined {
  const match = amountPattern(decimals).exec(text.trim())
  if (!match) return undefined
  const whole = Number(match[1]!.replace(/,/g, ''))
  const value = whole * 10 ** decimals + Number((match[2] ?? '').padEnd(decimals, '0'))
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
