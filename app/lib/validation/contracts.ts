import { z } from 'zod'
import { RATE_DECIMALS } from '../../domain/billing'
import {
  billingIncrements,
  MAX_CANCELLATION_WINDOW_HOURS,
  MAX_PREMIUM_PERCENT,
  type BillingIncrement,
  type ContractTerms,
} from '../../domain/contracts'
import { companyLanguages } from '../../domain/languages'
import { modalityValues } from '../../domain/interpreter-profile'
import { parseDecimal } from '../../domain/money'
import { amountField } from './amount'
import {
  inForceField,
  mileageRateField,
  minimumMinutesField,
  officeDateTimeToUtc,
  rateField,
  travelRateField,
  travelRateUnits,
} from './rates'

// Staff type a contract's terms and pay overrides as they type rates (docs/product.md#contracts-and-pay).

export const PREMIUM_MESSAGE = `Please enter a whole percentage from 0 to ${MAX_PREMIUM_PERCENT}; 0 for none.`
export const WINDOW_MESSAGE = `Please enter whole hours from 0 to ${MAX_CANCELLATION_WINDOW_HOURS}.`
export const FEE_MESSAGE =
  'Please enter the fee in dollars with up to 2 decimals, such as 75.00, or leave it empty to bill the minimum.'
export const INCREMENT_MESSAGE = 'Please choose how billable time is rounded.'
/** A typo guard for the late-cancellation fee: $10,000. */
export const MAX_FEE_CENTS = 1_000_000

const wholeNumber = (max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(0, message).max(max, message)

/** A billing increment chosen from the list, as its form value ("15"). */
export const incrementField = () =>
  z.enum(billingIncrements.map(String) as [`${BillingIncrement}`, ...`${BillingIncrement}`[]], {
    error: INCREMENT_MESSAGE,
  })

const premiumField = () => wholeNumber(MAX_PREMIUM_PERCENT, PREMIUM_MESSAGE)

export function contractSchema(now: Date) {
  return z.object({
    modality: z.enum(modalityValues, { error: 'Please choose the modality.' }),
    clientRate: rateField(),
    minimumMinutes: minimumMinutesField(),
    increment: incrementField(),
    rareLanguagePremium: premiumField(),
    rushPremium: premiumField(),
    afterHoursPremium: premiumField(),
    cancellationWindowHours: wholeNumber(MAX_CANCELLATION_WINDOW_HOURS, WINDOW_MESSAGE),
    lateCancellationFee: amountField({
      decimals: 2,
      max: MAX_FEE_CENTS,
      message: FEE_MESSAGE,
    }).optional(),
    mileageRate: mileageRateField(),
    travelRate: travelRateField(),
    effectiveFrom: inForceField(now),
  })
}

export type ContractValues = z.infer<ReturnType<typeof contractSchema>>

/** The schema's values as the integers a contract row keeps. */
export function contractFromValues(values: ContractValues): ContractTerms & {
  modality: ContractValues['modality']
  effectiveFrom: Date
} {
  return {
    modality: values.modality,
    clientRateUnits: parseDecimal(values.clientRate, RATE_DECIMALS)!,
    minimumMinutes: values.minimumMinutes,
    incrementMinutes: Number(values.increment) as BillingIncrement,
    rareLanguagePremiumPercent: values.rareLanguagePremium,
    rushPremiumPercent: values.rushPremium,
    afterHoursPremiumPercent: values.afterHoursPremium,
    cancellationWindowHours: values.cancellationWindowHours,
    lateCancellationFeeCents:
      values.lateCancellationFee === undefined
        ? null
        : parseDecimal(values.lateCancellationFee, 2)!,
    mileageCentsPerMile: parseDecimal(values.mileageRate, 2)!,
    travelRateUnits: travelRateUnits(values.travelRate),
    effectiveFrom: officeDateTimeToUtc(values.effectiveFrom)!,
  }
}

export const PAY_FOR_WHOM_MESSAGE =
  'Please give the interpreter’s e-mail address, the language, or both.'
export const PAY_RATE_MESSAGE =
  'Please enter dollars per minute with up to 4 decimals, such as 0.8000, or leave it empty to end the override.'

/** An interpreter pay override: for an interpreter, a language, or both; no rate ends it. */
export function payOverrideSchema(now: Date) {
  return z
    .object({
      modality: z.enum(modalityValues, { error: 'Please choose the modality.' }),
      interpreterEmail: z
        .string()
        .trim()
        .max(254, 'Please use at most 254 characters.')
        .pipe(z.email('Please enter a valid email address.'))
        .optional(),
      language: z
        .enum(companyLanguages, { error: 'Please choose a language from the list.' })
        .optional(),
      payRate: rateField().optional(),
      effectiveFrom: inForceField(now),
    })
    .superRefine((values, context) => {
      if (!values.interpreterEmail && !values.language)
        context.addIssue({
          code: 'custom',
          path: ['interpreterEmail'],
          message: PAY_FOR_WHOM_MESSAGE,
        })
    })
}

export type PayOverrideValues = z.infer<ReturnType<typeof payOverrideSchema>>
