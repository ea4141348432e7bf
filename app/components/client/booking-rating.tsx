import { Form } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import { TextareaField } from '~/components/ui/native-fields'
import { RadioGroupField } from '~/components/ui/native-inputs'
import { ratingStarLabels, ratingStars } from '~/domain/booking-ratings'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'

const ratingLabels = {
  stars: 'How was the interpreter?',
  comment: 'Comment (optional)',
}

const starOptions = ratingStars.map((stars) => ({
  value: String(stars),
  label: ratingStarLabels[stars],
}))

export interface ShownRating {
  stars: number
  comment: string | null
  ratedByName: string | null
  ratedOn: string
}

/**
 * A completed booking's or an ended call's rating (docs/product.md#client-portal,
 * docs/product.md#call-ratings): the form until it is rated, then the rating instead.
 */
export function BookingRating({
  rating,
  interpreterFirstName,
  lastResult,
  constraint,
  subject = 'assignment',
}: {
  rating: ShownRating | null
  interpreterFirstName: string | null
  lastResult: FormReply | undefined
  constraint: FormConstraint
  subject?: 'assignment' | 'call'
}) {
  const { formProps, field, summary } = useNativeFormWithValues<typeof ratingLabels>({
    lastResult,
    constraint,
    labels: ratingLabels,
  })
  return (
    <section
      aria-labelledby="rating-heading"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="rating-heading" className="font-semibold text-slate-900">
        {rating ? 'Your rating' : `Rate this ${subject}`}
      </h2>
      {rating ? (
        <div className="mt-2 text-sm text-slate-800">
          <p>
            <span aria-hidden="true" className="mr-2 text-lg tracking-wide text-amber-700">
              {'★'.repeat(rating.stars)}
              {'☆'.repeat(5 - rating.stars)}
            </span>
            <span className="font-medium">{rating.stars} out of 5</span>
          </p>
          {rating.comment ? (
            <p className="mt-2 wrap-anywhere whitespace-pre-wrap">{rating.comment}</p>
          ) : null}
          <p className="mt-2 text-slate-600">
            Rated {rating.ratedByName ? `by ${rating.ratedByName} ` : ''}on {rating.ratedOn}.
          </p>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            Tell us how the {subject} went
            {interpreterFirstName ? ` with ${interpreterFirstName}` : ''}.{' '}
            {subject === 'assignment'
              ? 'Your organization rates each assignment once; our quality team reads every low rating.'
              : 'Our quality team reads every low rating.'}
          </p>
          <Form method="post" {...formProps} className="mt-3 space-y-4">
            <ErrorSummary {...summary} headingLevel={3} />
            <input type="hidden" name="intent" value="rate" />
            <RadioGroupField field={field('stars')} options={starOptions} />
            <TextareaField field={field('comment')} rows={3} />
            <button type="submit" className="btn-primary">
              Send rating
            </button>
          </Form>
        </>
      )}
    </section>
  )
}
