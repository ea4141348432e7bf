import { z } from 'zod'
import {
  addDays,
  addYears,
  documentStepKeys,
  TRAINING_VALID_YEARS,
  type IsoDate,
} from '../../domain/onboarding'

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Please enter a real date.')

export const EXPIRED_MESSAGE = 'This expiry date has passed. Please upload a current document.'
export const ISSUED_AFTER_EXPIRY_MESSAGE = 'The issue date must be on or before the expiry date.'
export const ISSUED_IN_FUTURE_MESSAGE = 'The issue date cannot be in the future.'
export const TRAINING_DATE_MESSAGE =
  'Please enter the issue date, or the expiry date the certificate states.'
export const LANGUAGE_MESSAGE = 'Please choose the language this certificate is for.'
export const FILE_MESSAGE = 'Please choose a PDF, JPEG or PNG file.'
export const WRONG_CREDENTIAL_TYPE_MESSAGE =
  'This file is not a PDF, JPEG or PNG file. Nothing was stored.'
export const CREDENTIAL_TOO_LARGE_MESSAGE =
  'This file is larger than 10 MB, the limit for documents. Nothing was stored.'

/**
 * An onboarding document upload (docs/product.md#interpreter-portal). The dates are checked
 * against the office's today: an expiry date today or earlier is refused (the document would
 * be Expired at once). The file's type and size are checked on the server from its content.
 */
export function credentialUploadSchema(today: IsoDate, languages: readonly string[]) {
  return z
    .object({
      intent: z.literal('upload'),
      step: z.enum(documentStepKeys, { error: 'Please choose a step.' }),
      language: z.string().trim().max(100).optional(),
      issuedOn: isoDate.optional(),
      expiresOn: isoDate.optional(),
      file: z.instanceof(File, { error: FILE_MESSAGE }),
    })
    .superRefine((value, context) => {
      if (value.expiresOn && value.expiresOn <= today)
        context.addIssue({ code: 'custom', path: ['expiresOn'], message: EXPIRED_MESSAGE })
      if (value.issuedOn && value.issuedOn > today)
        context.addIssue({ code: 'custom', path: ['issuedOn'], message: ISSUED_IN_FUTURE_MESSAGE })
      else if (value.issuedOn && value.expiresOn && value.issuedOn > value.expiresOn)
        context.addIssue({
          code: 'custom',
          path: ['issuedOn'],
          message: ISSUED_AFTER_EXPIRY_MESSAGE,
        })
      if (value.step === 'medical_training' && !value.issuedOn && !value.expiresOn)
        context.addIssue({ code: 'custom', path: ['issuedOn'], message: TRAINING_DATE_MESSAGE })
      if (value.step === 'medical_training' && value.issuedOn && !value.expiresOn) {
        const validUntil = addYears(value.issuedOn, TRAINING_VALID_YEARS)
        if (validUntil <= today)
          context.addIssue({
            code: 'custom',
            path: ['issuedOn'],
            message: `A training certificate is valid for 1 year: this one expired on ${validUntil}. Please upload a current one.`,
          })
      }
      if (value.step === 'language_proficiency' && !languages.includes(value.language ?? ''))
        context.addIssue({ code: 'custom', path: ['language'], message: LANGUAGE_MESSAGE })
    })
}

/** The earliest expiry date the date picker offers: tomorrow. */
export function earliestExpiry(today: IsoDate): IsoDate {
  return addDays(today, 1)
}

export const signAgreementSchema = z.object({
  intent: z.literal('sign'),
  signedName: z
    .string({ error: 'Please type your full name as your signature.' })
    .trim()
    .min(1, 'Please type your full name as your signature.')
    .max(200, 'Please use at most 200 characters.'),
  agree: z.literal('on', {
    error: 'Please confirm that you have read and agree to the agreement.',
  }),
})

const BANK_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9 -]{3,40}$/

export const payoutDetailsSchema = z
  .object({
    intent: z.literal('payout'),
    payeeName: z
      .string({ error: 'Please enter the name payments are made out to.' })
      .trim()
      .min(1, 'Please enter the name payments are made out to.')
      .max(200, 'Please use at most 200 characters.'),
    method: z.enum(['email', 'bank'], { error: 'Please choose how you are paid.' }),
    account: z
      .string({ error: 'Please enter your payout e-mail or bank reference.' })
      .trim()
      .min(1, 'Please enter your payout e-mail or bank reference.')
      .max(254, 'Please use at most 254 characters.'),
  })
  .superRefine((value, context) => {
    if (value.method === 'email' && !z.email().safeParse(value.account).success)
      context.addIssue({
        code: 'custom',
        path: ['account'],
        message: 'Please enter a valid payout e-mail address.',
      })
    if (value.method === 'bank' && !BANK_REFERENCE.test(value.account))
      context.addIssue({
        code: 'custom',
        path: ['account'],
        message: 'Please enter the bank reference: 4 to 41 letters, digits, spaces or dashes.',
      })
  })

export const NAME_MISMATCH_MESSAGE = (name: string) =>
  `Please type your full name as it appears on your profile: ${name}.`
