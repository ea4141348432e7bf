import { data } from 'react-router'
import { requireUser } from '~/auth/session.server'
import { notFound } from '~/lib/http/responses'
import { offerAnswerSchema } from '~/lib/validation/dispatch'
import { NEW_TIME_DECLINED_MESSAGE } from '~/domain/bookings'
import { declineNewTimeAsInterpreter } from '~/models/dispatch/new-time.server'
import { acceptOfferAsInterpreter, declineOffer } from '~/models/dispatch/offers.server'

const answerMessages = {
  accepted: 'You accepted the assignment: it is confirmed and listed under Upcoming.',
  declined: 'You declined the offer.',
  used: 'This offer was answered already.',
  expired: 'This offer has expired.',
  cancelled: 'The client cancelled this booking.',
  filled: 'This booking has been filled by another interpreter.',
  closed: 'This booking is no longer open for offers.',
  conflict:
    'You already have a confirmed assignment at that time, so this offer cannot be accepted.',
} as const

export type OfferAnswerReply = { message: string | null; tone: 'success' | 'error' }

/**
 * An interpreter's Accept or Decline of an offer, from the dashboard or the Assignments page:
 * the same answer and the same words on both.
 */
export async function answerOffer(request: Request) {
  const user = await requireUser(request, { role: 'interpreter' })
  const parsed = offerAnswerSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success)
    return data<OfferAnswerReply>({ message: null, tone: 'error' }, { status: 400 })
  if (parsed.data.intent === 'decline') {
    // Not theirs, or answered already: the same 404, nothing said about another's offer.
    if (!(await declineOffer(user.id, parsed.data.offerId))) throw notFound()
    return data<OfferAnswerReply>({ message: answerMessages.declined, tone: 'success' })
  }
  if (parsed.data.intent === 'decline-new-time') {
    const outcome = await declineNewTimeAsInterpreter(user.id, parsed.data.offerId)
    if (!outcome) throw notFound()
    if (outcome === 'declined')
      return data<OfferAnswerReply>({ message: NEW_TIME_DECLINED_MESSAGE, tone: 'success' })
    return data<OfferAnswerReply>(
      { message: 'This new time can no longer be answered.', tone: 'error' },
      { status: 409 },
    )
  }
  const result = await acceptOfferAsInterpreter(user.id, parsed.data.offerId)
  if (!result) throw notFound()
  if (result.outcome === 'accepted')
    return data<OfferAnswerReply>({ message: answerMessages.accepted, tone: 'success' })
  return data<OfferAnswerReply>(
    { message: answerMessages[result.outcome], tone: 'error' },
    { status: 409 },
  )
}
