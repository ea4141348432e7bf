import { getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import { FieldShell, hintIdOf } from '~/components/ui/field-shell'
import { CheckboxGroupField } from '~/components/ui/form-fields'
import { MAX_TRAVEL_RADIUS_MILES, modalities, type Modality } from '~/domain/interpreter-profile'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import { SavedNotice, useProfileForm, useProfileFormSummary } from './profile-section'

/** Modalities and the travel radius for on-site work: saved at once. */
export function ProfileWorkForm({
  saved,
  constraint,
  lastResult,
  notice,
  submitting,
}: {
  saved: { modalities: Modality[]; travelRadiusMiles: string }
  constraint: FormConstraint
  lastResult: SubmissionResult<string[]> | undefined
  notice: string | undefined
  submitting: boolean
}) {
  const { form, fields } = useProfileForm({
    id: 'work-preferences',
    lastResult,
    constraint,
    defaultValue: saved,
  })
  const { formProps, summary } = useProfileFormSummary(form, lastResult, [
    [fields.modalities, 'How you interpret'],
    [fields.travelRadiusMiles, 'Travel radius'],
  ])
  const radius = fields.travelRadiusMiles
  const radiusHint = `Whole miles, 0 to ${MAX_TRAVEL_RADIUS_MILES}; needed for on-site work.`
  const { key, ...radiusProps } = getInputProps(radius, {
    type: 'number',
    ariaDescribedBy: hintIdOf(radius, radiusHint),
  })
  return (
    <>
      <SavedNotice notice={notice} />
      <Form method="post" {...formProps} className="space-y-4" preventScrollReset>
        <ErrorSummary {...summary} headingLevel={3} />
        <input type="hidden" name="intent" value="work" />
        <CheckboxGroupField
          meta={fields.modalities}
          legend="How you interpret"
          options={modalities}
        />
        <FieldShell field={radius} label="Travel radius (miles)" hint={radiusHint}>
          <input
            key={key}
            {...radiusProps}
            step={1}
            // What the browser says when the radius is out of range: the schema's message.
            title={constraint.travelRadiusMiles?.title}
            inputMode="numeric"
            className="field-input max-w-40"
          />
        </FieldShell>
        <button type="submit" className="btn-primary" disabled={submitting}>
          Save how you work
        </button>
      </Form>
    </>
  )
}
