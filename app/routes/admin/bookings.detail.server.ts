import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { z } from 'zod'
import { notFound } from '../../lib/http/responses'
import { redirectWithToast } from '../../lib/toast.server'
import { assignInterpreterSchema, sendOffersSchema } from '../../lib/validation/dispatch'
import type { Actor } from '../../models/audit.server'
import { assignInterpreter } from '../../models/dispatch/direct-assignment.server'
import { sendOffers } from '../../models/dispatch/offers.server'

/**
 * The booking screen's two forms (app/routes/admin/bookings.detail.tsx): offers to the
 * interpreters ticked or to all eligible, and a direct assignment of one interpreter.
 * Each success goes to the offers, which take focus (app/components/layout/sidebar-shell.tsx).
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
