import { z } from 'zod'
import { bookingStatuses } from '~/domain/bookings'
import { boardViews } from '~/domain/dispatch-board'
import { modalityValues } from '~/domain/interpreter-profile'

/** The Bookings screen's filters, from the URL; anything malformed falls back to none. */
export const bookingFiltersSchema = z.object({
  status: z.enum([...bookingStatuses, 'all']).catch('all'),
  from: z.iso.date().catch(''),
  to: z.iso.date().catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
})

/**
 * The dispatch board's view and filters, from the URL; anything malformed falls back to none
 * (the date to today, `today`, which the loader passes). `interpreter` is an interpreter's id
 * or `none` (no interpreter yet).
 */
export function boardFiltersSchema(today: string) {
  return z.object({
    view: z.enum(boardViews).catch('day'),
    date: z.iso.date().catch(today),
    status: z.enum([...bookingStatuses, 'all']).catch('all'),
    language: z.string().trim().max(100).catch(''),
    modality: z.enum([...modalityValues, 'all']).catch('all'),
    organization: z.uuid().catch(''),
    interpreter: z.union([z.uuid(), z.literal('none')]).catch(''),
    page: z.coerce.number().int().min(1).max(10_000).catch(1),
  })
}
export type BoardFilters = z.infer<ReturnType<typeof boardFiltersSchema>>

/** Staff offer a booking to the interpreters they ticked, or to every eligible one. */
export const sendOffersSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('offer-selected'),
    interpreterIds: z
      .array(z.uuid())
      .min(1, 'Choose at least one interpreter, or offer to all eligible.'),
  }),
  z.object({ intent: z.literal('offer-all') }),
])

/** An interpreter's answer to an offer in the portal. */
export const offerAnswerSchema = z.object({
  // `decline-new-time`: the confirmed interpreter cannot make the time a booking moved to.
  intent: z.enum(['accept', 'decline', 'decline-new-time']),
  offerId: z.uuid(),
})

/** The longest reason staff may give for assigning an interpreter a rule excludes. */
export const OVERRIDE_REASON_MAX = 1000

/**
 * Staff assign one interpreter by name. The reason is required only when a rule excludes
 * the interpreter, which the server decides (app/models/dispatch/direct-assignment.server.ts).
 */
export const assignInterpreterSchema = z.object({
  interpreterId: z.uuid('Choose the interpreter to assign.'),
  overrideReason: z
    .string()
    .trim()
    .max(OVERRIDE_REASON_MAX, `Keep the reason to ${OVERRIDE_REASON_MAX} characters or fewer.`)
    .optional()
    .transform((reason) => reason || undefined),
})

/** Which bookings of a series a cancellation takes; anything else means this one only. */
export const seriesScopeField = z.enum(['one', 'following', 'all']).catch('one')

/** Staff cancel a booking and say who asked: a late cancellation is billed only to a client who did. */
export const staffCancelSchema = z.object({
  askedBy: z.enum(['client', 'company']),
  scope: seriesScopeField,
})
