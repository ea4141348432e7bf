import { Form } from 'react-router'
import { SelectField, TextField, type SelectOption } from '~/components/ui/native-fields'
import { ErrorSummary } from '~/components/ui/error-summary'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { SavedNotice } from './profile-section'

const labels = {
  phone: 'Phone',
  address: 'Street address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  timeZone: 'Time zone',
}

/** Contact details and time zone: saved at once (docs/product.md#profile). */
export function ProfileContactForm({
  email,
  saved,
  timeZoneOptions,
  constraint,
  lastResult,
  notice,
  submitting,
}: {
  email: string
  saved: {
    phone: string
    address: string
    city: string
    state: string
    zipCode: string
    timeZone: string
  }
  timeZoneOptions: SelectOption[]
  constraint: FormConstraint
  lastResult: FormReply | undefined
  notice: string | undefined
  submitting: boolean
}) {
  const { formProps, field, summary, formErrors, formErrorId } = useNativeFormWithValues<
    typeof labels
  >({
    lastResult,
    constraint,
    labels,
    defaultValue: saved,
  })
  return (
    <>
      <SavedNotice notice={notice} />
      <dl className="mb-4 text-sm">
        <dt className="font-medium text-slate-900">Sign-in e-mail</dt>
        <dd className="break-all text-slate-700">
          {email} <span className="text-slate-600">(to change it, contact our team)</span>
        </dd>
      </dl>
      <Form method="post" {...formProps} className="space-y-4" preventScrollReset>
        <ErrorSummary {...summary} headingLevel={3} />
        <input type="hidden" name="intent" value="contact" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={field('phone')} type="tel" autoComplete="tel" />
          <TextField field={field('address')} autoComplete="address-line1" />
          <TextField field={field('city')} autoComplete="address-level2" />
          <TextField field={field('state')} autoComplete="address-level1" />
          <TextField field={field('zipCode')} autoComplete="postal-code" />
          <SelectField
            field={field('timeZone')}
            hint="Your weekly availability is in this time zone."
            options={timeZoneOptions}
            placeholder="-- Choose a time zone --"
          />
        </div>
        <FormError errors={formErrors} id={formErrorId} />
        <button type="submit" className="btn-primary" disabled={submitting}>
          Save contact details
        </button>
      </Form>
    </>
  )
}

/** A message about the whole form (not one field). */
export function FormError({ errors, id }: { errors: string[] | undefined; id: string }) {
  return errors?.length ? (
    <p id={id} role="alert" className="text-sm font-medium text-red-800">
      {errors[0]}
    </p>
  ) : null
}
