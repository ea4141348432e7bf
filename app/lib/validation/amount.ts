import { z } from 'zod'
import { amountPattern, parseDecimal } from '../../domain/money'

/** Room for the longest amount the format allows ("$999,999,999.9999"). */
const MAX_AMOUNT_LENGTH = 20

/**
 * A typed amount field of any form (docs/product.md#validation): the one format
 * `parseDecimal` reads, then a range in the amount's smallest unit (cents, tenths of a mile,
 * rate units). Every refusal carries the field's own message, so it shows next to the field.
 * Read the valid text with `parseDecimal(text, decimals)`.
 */
export function amountField({
  decimals,
  min = 0,
  max,
  message,
}: {
  decimals: number
  /** The smallest value in the smallest unit: 1 where zero means nothing to pay. */
  min?: number
  max: number
  message: string
}) {
  return z
    .string({ error: message })
    .trim()
    .max(MAX_AMOUNT_LENGTH, { error: message, abort: true })
    .regex(amountPattern(decimals), { error: message, abort: true })
    .refine((text) => {
      const units = parseDecimal(text, decimals)
      return units !== undefined && units >= min && units <= max
    }, message)
}
