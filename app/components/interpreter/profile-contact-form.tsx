import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { SelectField, TextField, type SelectOption } from '~/components/ui/form-fields'
import { ErrorSummary } from '~/components/ui/error-summary'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import { SavedNotice, useProfileForm, useProfileFormSummary } from './profile-section'

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
  lastResult: SubmissionResult<string[]> | undefined
  notice: string | undefined
  submitting: boolean
}) {
  const { form, fields } = useProfileForm({
    id: 'contact-details',
    lastResult,
    constraint,
    defaultValue: saved,
  })
  const labels = [
    [fields.phone, 'Phone'],
    [fields.address, 'Street address'],
    [fields.city, 'City'],
    [fields.state, 'State'],
    [fields.zipCode, 'ZIP code'],
    [fields.timeZone, 'Time zone'],
  ] as const
  const { formProps, summary } = useProfileFormSummary(form, lastResult, labels)
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
          <TextField
            meta={fields.phone}
            label="Phone"
            type="tel"
            autoComplete="tel"
            title={constraint.phone?.title}
          />
          <TextField meta={fields.address} label="Street address" autoComplete="address-line1" />
          <TextField meta={fields.city} label="City" autoComplete="address-level2" />
          <TextField meta={fields.state} label="State" autoComplete="address-level1" />
          <TextField meta={fields.zipCode} label="ZIP code" autoComplete="postal-code" />
          <SelectField
            meta={fields.timeZone}
            label="Time zone"
            hint="Your weekly availability is in this time zone."
            options={timeZoneOptions}
            placeholder="-- Choose a time zone --"
          />
        </div>
        <FormError errors={form.errors} id={form.errorId} />
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
