import { Form } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import { CheckboxField, TextareaField } from '~/components/ui/native-fields'
import { RadioGroupField } from '~/components/ui/native-inputs'
import { ratingStarLabels, ratingStars } from '~/domain/booking-ratings'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'

const labels = {
  stars: 'How was the call’s sound and picture?',
  incident: 'Flag an incident for staff',
  comment: 'What happened (optional unless you flag an incident)',
}

const starOptions = ratingStars.map((stars) => ({
  value: String(stars),
  label: ratingStarLabels[stars],
}))

export interface GivenQualityRating {
  stars: number
  incident: boolean
  comment: string | null
}

/**
 * The interpreter's rating after a call (docs/product.md#call-ratings): its technical quality,
 * and an incident flagged for staff; then what they sent.
 */
export function CallQualityRating({
  rating,
  lastResult,
  constraint,
}: {
  rating: GivenQualityRating | null
  lastResult: FormReply | undefined
  constraint: FormConstraint
}) {
  const { formProps, field, summary } = useNativeFormWithValues<typeof labels>({
    lastResult,
    constraint,
    labels,
  })
  return (
    <section
      aria-labelledby="quality-heading"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="quality-heading" className="font-semibold text-slate-900">
        {rating ? 'Your report' : 'Rate the call'}
      </h2>
      {rating ? (
        <div className="mt-2 text-sm text-slate-800">
          <p className="font-medium">Technical quality: {rating.stars} out of 5</p>
          <p className="mt-1">
            {rating.incident ? 'Incident flagged for staff.' : 'No incident flagged.'}
          </p>
          {rating.comment ? (
            <p className="mt-2 wrap-anywhere whitespace-pre-wrap">{rating.comment}</p>
          ) : null}
        </div>
      ) : (
        <Form method="post" {...formProps} className="mt-3 space-y-4">
          <ErrorSummary {...summary} headingLevel={3} />
          <input type="hidden" name="intent" value="rate" />
          <RadioGroupField field={field('stars')} options={starOptions} />
          <CheckboxField
            field={field('incident')}
            hint="Abuse, a safety concern, a confidentiality breach: staff read every incident."
          />
          <TextareaField field={field('comment')} rows={3} />
          <button type="submit" className="btn-primary">
            Send report
          </button>
        </Form>
      )}
    </section>
  )
}
