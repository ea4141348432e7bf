import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { CallRater } from '~/domain/calls'
import { redirectWithToast } from '~/lib/toast.server'
import { bookingRatingSchema } from '~/lib/validation/booking-rating'
import { callQualitySchema } from '~/lib/validation/calls'
import { rateCall } from '~/models/calls/call-ratings.server'

const wordsOf: Record<CallRater, { ratedAlready: string; sent: string }> = {
  client: {
    ratedAlready: 'This call has been rated already.',
    sent: 'Thank you: your rating was sent.',
  },
  interpreter: {
    ratedAlready: 'You have sent your report on this call already.',
    sent: 'Thank you: your report was sent.',
  },
}

/**
 * A party's rating of their ended call (docs/product.md#call-ratings), for the client's and
 * the interpreter's call pages: 400 when invalid or the call cannot be rated, 409 when rated
 * already; back to the call's page (`back`) with thanks.
 */
export async function rateCallAction(input: {
  callId: string
  rater: CallRater
  userId: string
  formData: FormData
  back: string
}) {
  const submission = parseWithZod(input.formData, {
    schema: input.rater === 'client' ? bookingRatingSchema : callQualitySchema,
  })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { stars, comment } = submission.value
  const incident = 'incident' in submission.value && submission.value.incident === 'on'
  const outcome = await rateCall(
    input.callId,
    input.rater,
    { stars, incident, comment: comment || null },
    input.userId,
  )
  const words = wordsOf[input.rater]
  if (outcome !== 'rated')
    return data(
      {
        result: submission.reply({
          formErrors: [
            outcome === 'rated-already'
              ? words.ratedAlready
              : 'Only a call that connected and ended can be rated.',
          ],
        }),
      },
      { status: outcome === 'rated-already' ? 409 : 400 },
    )
  return redirectWithToast(input.back, words.sent)
}
