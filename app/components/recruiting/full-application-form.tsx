import { Form } from 'react-router'
import {
  CheckboxGroupField,
  FileField,
  SelectField,
  TextareaField,
  TextField,
} from '~/components/ui/native-fields'
import type { FullApplicationChoices } from '~/content/application-options'
import type { FormConstraint } from '~/lib/form-constraint'
import type { ApplicationActionData } from '~/lib/interpreter-application-action.server'
import { useNativeForm } from '~/lib/native-form'
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
  choices,
  actionData,
  fluentLanguagesPlaceholder = 'e.g. Spanish, Portuguese',
}: {
  formToken: string
  /** The answer lists, from the loader (`fullApplicationChoices`). */
  choices: FullApplicationChoices
  constraint: FormConstraint
  actionData: ApplicationActionData | undefined
  fluentLanguagesPlaceholder?: string
}) {
  const { formProps, field, formErrors, formErrorId } = useNativeForm<FullApplicationInput>({
    lastResult: actionData?.submitted ? undefined : actionData?.result,
    constraint,
  })
  if (actionData?.submitted) return <ApplicationSubmitted />

  return (
    <Form method="post" encType="multipart/form-data" {...formProps} className="space-y-5">
      <ApplicationFormProtection formToken={formToken} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField field={field('firstName')} label="First Name" autoComplete="given-name" />
        <TextField field={field('lastName')} label="Last Name" autoComplete="family-name" />
        <TextField field={field('email')} label="Email Address" type="email" autoComplete="email" />
        <TextField field={field('phone')} label="Phone Number" type="tel" autoComplete="tel" />
      </div>
      <TextField field={field('address')} label="Address" autoComplete="address-line1" />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField field={field('city')} label="City" autoComplete="address-level2" />
        <TextField field={field('state')} label="State/Province" autoComplete="address-level1" />
        <TextField field={field('zipCode')} label="Postal Code" autoComplete="postal-code" />
      </div>
      <FileField
        field={field('resume')}
        label={choices.resumeLabel}
        accept={choices.resumeAccept}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          field={field('nativeLanguage')}
          label="Level of Spoken English"
          placeholder="-- No answer --"
          options={choices.englishLevel}
        />
        <TextField
          field={field('fluentLanguages')}
          label="Fluent Languages"
          placeholder={fluentLanguagesPlaceholder}
        />
        <SelectField
          field={field('interpretingExperience')}
          label="Interpreting Experience"
          placeholder="Select years"
          options={choices.experience}
        />
        <SelectField
          field={field('medicalExperience')}
          label="Medical Experience"
          placeholder="Select years"
          options={choices.experience}
        />
        <SelectField
          field={field('legalAvailability')}
          label="Weekly Legal Availability"
          placeholder="Select hours per week"
          options={choices.weeklyAvailability}
        />
        <SelectField
          field={field('expectedPayPerMinute')}
          label="Expected Pay Per Minute (USD)"
          placeholder="Select a rate"
          options={choices.payPerMinute}
        />
      </div>
      <CheckboxGroupField
        field={field('specializations')}
        legend="Specializations (optional)"
        options={choices.specializations}
      />
      <TextareaField
        field={field('additionalInfo')}
        label="Additional Information"
        rows={5}
        placeholder={choices.additionalInfoPlaceholder}
      />
      <PrivacyConsentField field={field('privacyConsent')} />
      <ApplicationFormFooter formErrors={formErrors} formErrorId={formErrorId} />
    </Form>
  )
}
