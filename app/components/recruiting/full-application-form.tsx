import { getFormProps, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import {
  CheckboxGroupField,
  FileField,
  SelectField,
  TextareaField,
  TextField,
} from '~/components/ui/form-fields'
import {
  ADDITIONAL_INFO_PLACEHOLDER,
  englishLevelChoices,
  experienceChoices,
  payPerMinuteChoices,
  RESUME_ACCEPT,
  RESUME_LABEL,
  specializationChoices,
  weeklyAvailabilityChoices,
} from '~/content/application-options'
import type { FormConstraint } from '~/lib/form-constraint'
import type { ApplicationActionData } from '~/lib/interpreter-application-action.server'
import { validateNatively } from '~/lib/native-validation'
import type { FullApplicationInput } from '~/lib/validation/interpreter-application'
import {
  ApplicationFormFooter,
  ApplicationFormProtection,
  ApplicationSubmitted,
  PrivacyConsentField,
} from './application-form-parts'

/**
 * The full application form (spec section 3, application form; section 5 options) of the
 * apply page and the language pages.
 */
export function FullApplicationForm({
  formToken,
  constraint,
  actionData,
  fluentLanguagesPlaceholder = 'e.g. Spanish, Portuguese',
}: {
  formToken: string
  constraint: FormConstraint
  actionData: ApplicationActionData | undefined
  fluentLanguagesPlaceholder?: string
}) {
  const [form, fields] = useForm<FullApplicationInput>({
    lastResult: actionData?.submitted ? undefined : actionData?.result,
    constraint,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateNatively<FullApplicationInput>,
  })
  if (actionData?.submitted) return <ApplicationSubmitted />

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-5">
      <ApplicationFormProtection formToken={formToken} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.firstName} label="First Name" autoComplete="given-name" />
        <TextField meta={fields.lastName} label="Last Name" autoComplete="family-name" />
        <TextField meta={fields.email} label="Email Address" type="email" autoComplete="email" />
        <TextField meta={fields.phone} label="Phone Number" type="tel" autoComplete="tel" />
      </div>
      <TextField meta={fields.address} label="Address" autoComplete="street-address" />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField meta={fields.city} label="City" autoComplete="address-level2" />
        <TextField meta={fields.state} label="State/Province" autoComplete="address-level1" />
        <TextField meta={fields.zipCode} label="Postal Code" autoComplete="postal-code" />
      </div>
      <FileField meta={fields.resume} label={RESUME_LABEL} accept={RESUME_ACCEPT} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          meta={fields.nativeLanguage}
          label="Level of Spoken English"
          placeholder="-- No answer --"
          options={englishLevelChoices}
        />
        <TextField
          meta={fields.fluentLanguages}
          label="Fluent Languages"
          placeholder={fluentLanguagesPlaceholder}
        />
        <SelectField
          meta={fields.interpretingExperience}
          label="Interpreting Experience"
          placeholder="Select years"
          options={experienceChoices}
        />
        <SelectField
          meta={fields.medicalExperience}
          label="Medical Experience"
          placeholder="Select years"
          options={experienceChoices}
        />
        <SelectField
          meta={fields.legalAvailability}
          label="Weekly Legal Availability"
          placeholder="Select hours per week"
          options={weeklyAvailabilityChoices}
        />
        <SelectField
          meta={fields.expectedPayPerMinute}
          label="Expected Pay Per Minute (USD)"
          placeholder="Select a rate"
          options={payPerMinuteChoices}
        />
      </div>
      <CheckboxGroupField
        meta={fields.specializations}
        legend="Specializations (optional)"
        options={specializationChoices}
      />
      <TextareaField
        meta={fields.additionalInfo}
        label="Additional Information"
        rows={5}
        placeholder={ADDITIONAL_INFO_PLACEHOLDER}
      />
      <PrivacyConsentField meta={fields.privacyConsent} />
      <ApplicationFormFooter form={form} />
    </Form>
  )
}
