import { z } from 'zod'
import { RATE_DECIMALS } from '../../domain/billing'
import { callMedia } from '../../domain/call-routing'
import type { BillingIncrement } from '../../domain/contracts'
import { parseDecimal } from '../../domain/money'
import { incrementField } from './contracts'
import { inForceField, minimumMinutesField, officeDateTimeToUtc, rateField } from './rates'

/**
 * New on-demand call rates for one medium (docs/product.md#on-demand-call-billing), typed like
 * the booking rates: dollars per minute, whole minutes, and an "in force from" not in the past.
 */
export function callRatesSchema(now: Date) {
  return z.object({
    media: z.enum(callMedia, { error: 'Please choose video or audio.' }),
    clientRate: rateField(),
    interpreterRate: rateField(),
    minimumMinutes: minimumMinutesField(),
    increment: incrementField(),
    effectiveFrom: inForceField(now),
  })
}

export type CallRatesValues = z.infer<ReturnType<typeof callRatesSchema>>

/** The schema's values as the integers the call rates table keeps. */
export function callRatesFromValues(values: CallRatesValues) {
  return {
    media: values.media,
    clientRateUnits: parseDecimal(values.clientRate, RATE_DECIMALS)!,
    interpreterRateUnits: parseDecimal(values.interpreterRate, RATE_DECIMALS)!,
    minimumMinutes: values.minimumMinutes,
    incrementMinutes: Number(values.increment) as BillingIncrement,
    effectiveFrom: officeDateTimeToUtc(values.effectiveFrom)!,
  }
}

/**
 * An organization's contract for one medium's calls: the client's rate, minimum and rounding;
 * the interpreter's pay stays the default call rate's.
 */
export function callContractSchema(now: Date) {
  return callRatesSchema(now).omit({ interpreterRate: true })
}

export type CallContractValues = z.infer<ReturnType<typeof callContractSchema>>

/** The contract schema's values as the integers the call rates table keeps. */
export function callContractFromValues(values: CallContractValues) {
  const { interpreterRateUnits: _none, ...contract } = callRatesFromValues({
    ...values,
    interpreterRate: '0',
  })
  return contract
}
