import { Form } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import { FieldShell, hintIdOf } from '~/components/ui/field-shell'
import { CheckboxGroupField, SelectField } from '~/components/ui/native-fields'
import { inputProps } from '~/components/ui/native-inputs'
import {
  interpreterGenders,
  MAX_TRAVEL_RADIUS_MILES,
  modalities,
  type Modality,
} from '~/domain/interpreter-profile'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { SavedNotice } from './profile-section'

const labels = {
  modalities: 'How you interpret',
  travelRadiusMiles: 'Travel radius',
  gender: 'Gender (optional)',
}

/** Modalities and the travel radius for on-site work: saved at once. */
export function ProfileWorkForm({
  saved,
  constraint,
  lastResult,
  notice,
  submitting,
}: {
  saved: { modalities: Modality[]; travelRadiusMiles: string; gender: string }
  constraint: FormConstraint
  lastResult: FormReply | undefined
  notice: string | undefined
  submitting: boolean
}) {
  const { formProps, field, summary } = useNativeFormWithValues<typeof labels>({
    lastResult,
    constraint,
    labels,
    defaultValue: saved,
  })
  const radius = field('travelRadiusMiles')
  const radiusHint = `Whole miles, 0 to ${MAX_TRAVEL_RADIUS_MILES}; needed for on-site work.`
  return (
    <>
      <SavedNotice notice={notice} />
      <Form method="post" {...formProps} className="space-y-4" preventScrollReset>
        <ErrorSummary {...summary} headingLevel={3} />
        <input type="hidden" name="intent" value="work" />
        <CheckboxGroupField field={field('modalities')} options={modalities} />
        <FieldShell field={radius} label="Travel radius (miles)" hint={radiusHint}>
          <input
            // With the schema's range, and its message for it as the title.
            {...inputProps(radius, 'number', hintIdOf(radius, radiusHint))}
            step={1}
            inputMode="numeric"
            className="field-input max-w-40"
          />
        </FieldShell>
        <SelectField
          field={field('gender')}
          options={interpreterGenders}
          placeholder="Prefer not to say"
          hint="Used only when a client asks for an interpreter of a given gender; not stated, you are not offered those bookings."
        />
        <button type="submit" className="btn-primary" disabled={submitting}>
          Save how you work
        </button>
      </Form>
    </>
  )
}
