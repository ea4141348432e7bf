import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { z } from 'zod'
import { notFound } from '../../lib/http/responses'
import { redirectWithToast } from '../../lib/toast.server'
import { bookingDetailsSchema, rescheduleSchema } from '../../lib/validation/booking'
import {
  assignInterpreterSchema,
  sendOffersSchema,
  staffCancelSchema,
} from '../../lib/validation/dispatch'
import { BookingRuleError } from '../../models/bookings.server'
import {
  cancelBooking,
  changeBookingDetails,
  rescheduleBooking,
} from '../../models/dispatch/booking-changes.server'
import { now } from '../../platform/clock.server'
import type { Actor } from '../../models/audit.server'
import { assignInterpreter } from '../../models/dispatch/direct-assignment.server'
import { sendOffers } from '../../models/dispatch/offers.server'

/**
 * The booking screen's forms (app/routes/admin/bookings.detail.tsx): offers to the
 * interpreters ticked or to all eligible, a direct assignment of one interpreter (each
 * success goes to the offers, which take focus: app/components/layout/sidebar-shell.tsx),
 * and staff's cancellation and new time (back to the booking's heading).
 */

/** A booking that is gone, or no longer open for offers: both forms answer alike. */
function notOpen(outcome: 'missing' | 'closed', here: string): never {
  if (outcome === 'missing') throw notFound()
  throw redirectWithToast(here, 'This booking is no longer open for offers.', 'error')
}

export async function offerAction(form: FormData, bookingId: string, actor: Actor) {
  const parsed = sendOffersSchema.safeParse({
    intent: form.get('intent'),
    interpreterIds: form.getAll('interpreterIds'),
  })
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>
    return data(
      { errors: { interpreterIds: errors.interpreterIds ?? ['Choose who to offer it to.'] } },
      { status: 400 },
    )
  }
  const outcome = await sendOffers(
    bookingId,
    parsed.data.intent === 'offer-all'
      ? { all: true }
      : { interpreterIds: parsed.data.interpreterIds },
    actor,
  )
  const here = `/admin/bookings/${bookingId}`
  switch (outcome.outcome) {
    case 'missing':
    case 'closed':
      return notOpen(outcome.outcome, here)
    case 'held':
      return redirectWithToast(
        here,
        'This booking is held for the interpreter assigned to it until they answer.',
        'error',
      )
    case 'not-eligible':
      return data(
        { errors: { interpreterIds: ['Someone chosen is no longer eligible; look again.'] } },
        { status: 400 },
      )
    case 'nobody':
      return redirectWithToast(here, 'Everyone chosen has had this offer already.', 'error')
    case 'sent':
      return redirectWithToast(
        `${here}#offers-heading`,
        `Offer sent to ${outcome.count} ${outcome.count === 1 ? 'interpreter' : 'interpreters'}.`,
      )
  }
}

export async function assignAction(form: FormData, bookingId: string, actor: Actor) {
  const submission = parseWithZod(form, { schema: assignInterpreterSchema })
  if (submission.status !== 'success') return data({ assign: submission.reply() }, { status: 400 })
  const refuse = (fieldErrors: Record<string, string[]>) =>
    data({ assign: submission.reply({ fieldErrors }) }, { status: 400 })
  const outcome = await assignInterpreter(bookingId, submission.value, actor)
  const here = `/admin/bookings/${bookingId}`
  switch (outcome.outcome) {
    case 'missing':
    case 'closed':
      return notOpen(outcome.outcome, here)
    case 'unknown-interpreter':
      return refuse({ interpreterId: ['Choose an interpreter of this booking’s language.'] })
    case 'blocked':
      return refuse({
        interpreterId: ['The client asked not to send this interpreter: choose someone else.'],
      })
    case 'reason-needed':
      return refuse({
        overrideReason: [
          `Not eligible: ${outcome.reasons.join('; ')}. Write why they may take this booking.`,
        ],
      })
    case 'asked':
      return redirectWithToast(
        `${here}#offers-heading`,
        `Assigned to ${outcome.interpreterName}: waiting for their confirmation.`,
      )
  }
}

/** A change the booking's state no longer allows: said at the top of the page. */
async function unlessRuleBroken<T>(work: () => Promise<T>) {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof BookingRuleError)) throw error
    return data({ ruleError: error.message }, { status: 409 })
  }
}

export async function cancelAction(form: FormData, bookingId: string, actor: Actor) {
  const parsed = staffCancelSchema.safeParse({
    askedBy: form.get('askedBy'),
    scope: form.get('scope'),
  })
  const here = `/admin/bookings/${bookingId}`
  if (!parsed.success)
    return redirectWithToast(`${here}?cancel=1`, 'Say who asked for the cancellation.', 'error')
  return unlessRuleBroken(async () => {
    const cancelled = await cancelBooking(
      bookingId,
      { staff: actor },
      { clientAsked: parsed.data.askedBy === 'client', scope: parsed.data.scope },
    )
    if (!cancelled) throw notFound()
    const what =
      cancelled.count === 1 ? 'Booking cancelled' : `${cancelled.count} bookings cancelled`
    return redirectWithToast(
      `${here}#booking-heading`,
      cancelled.late
        ? `${what}: a late cancellation, billed to the client.`
        : `${what}. Nothing is billed for ${cancelled.count === 1 ? 'it' : 'them'}.`,
    )
  })
}

export async function rescheduleAction(form: FormData, bookingId: string, actor: Actor) {
  const submission = parseWithZod(form, { schema: rescheduleSchema(now()) })
  if (submission.status !== 'success')
    return data({ reschedule: submission.reply() }, { status: 400 })
  return unlessRuleBroken(async () => {
    const moved = await rescheduleBooking(bookingId, submission.value, { staff: actor })
    if (!moved) throw notFound()
    return redirectWithToast(
      `/admin/bookings/${bookingId}#booking-heading`,
      moved.status === 'confirmed'
        ? 'Booking moved. The interpreter can make the new time and has been asked to confirm it.'
        : 'Booking moved. It is back to Requested, to dispatch for the new time.',
    )
  })
}

export async function detailsAction(form: FormData, bookingId: string, actor: Actor) {
  const submission = parseWithZod(form, { schema: bookingDetailsSchema })
  if (submission.status !== 'success') return data({ details: submission.reply() }, { status: 400 })
  return unlessRuleBroken(async () => {
    const outcome = await changeBookingDetails(bookingId, submission.value, actor)
    if (!outcome) throw notFound()
    return redirectWithToast(
      `/admin/bookings/${bookingId}#booking-heading`,
      outcome === 'changed'
        ? 'Details saved. The interpreter and the client who booked are e-mailed the change.'
        : 'Nothing changed.',
    )
  })
}
