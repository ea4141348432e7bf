import { Form } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import {
  CheckboxField,
  CheckboxGroupField,
  FileField,
  SelectField,
  TextareaField,
  TextField,
} from '~/components/ui/native-fields'
import type { FullApplicationChoices } from '~/content/application-options'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { ApplicationActionData } from '~/routes/careers/+shared/application-action.server'
import { useNativeForm } from '~/lib/forms/native-form'
import type { FullApplicationInput } from '~/lib/validation/interpreter-application'
import {
  ApplicationFormFooter,
  ApplicationFormProtection,
  ApplicationSubmitted,
  PrivacyConsentField,
} from './application-form-parts'

/**
 * The full application form (fields and choices: docs/product.md#validation) of the apply
 * page and the language pages.
 */
export function FullApplicationForm({
  formToken,
  constraint,
  choices,
  actionData,
  fluentLanguagesPlaceholder = choices.text.fluentLanguagesPlaceholder,
}: {
  formToken: string
  /** The answer lists, from the loader (`fullApplicationChoices`). */
  choices: FullApplicationChoices
  constraint: FormConstraint
  actionData: ApplicationActionData | undefined
  fluentLanguagesPlaceholder?: string
}) {
  const { formProps, field, summary, formErrors, formErrorId } =
    useNativeForm<FullApplicationInput>({
      lastResult: actionData?.submitted ? undefined : actionData?.result,
      constraint,
      labels: choices.labels,
    })
  if (actionData?.submitted) return <ApplicationSubmitted text={choices.text.submitted} />

  return (
    <Form method="post" encType="multipart/form-data" {...formProps} className="space-y-5">
      <ErrorSummary {...summary} headingLevel={3} />
      <ApplicationFormProtection formToken={formToken} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField field={field('firstName')} autoComplete="given-name" />
        <TextField field={field('lastName')} autoComplete="family-name" />
        <TextField field={field('email')} type="email" autoComplete="email" />
        <TextField field={field('phone')} type="tel" autoComplete="tel" />
      </div>
      <TextField field={field('address')} autoComplete="address-line1" />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField field={field('city')} autoComplete="address-level2" />
        <TextField field={field('state')} autoComplete="address-level1" />
        <TextField field={field('zipCode')} autoComplete="postal-code" />
      </div>
      <FileField
        field={field('resume')}
        label={choices.resumeLabel}
        accept={choices.resumeAccept}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          field={field('nativeLanguage')}
          placeholder={choices.text.noAnswer}
          options={choices.englishLevel}
        />
        <TextField field={field('fluentLanguages')} placeholder={fluentLanguagesPlaceholder} />
        <SelectField
          field={field('interpretingExperience')}
          placeholder={choices.text.selectYears}
          options={choices.experience}
        />
        <SelectField
          field={field('medicalExperience')}
          placeholder={choices.text.selectYears}
          options={choices.experience}
        />
        <SelectField
          field={field('legalAvailability')}
          placeholder={choices.text.selectHours}
          options={choices.weeklyAvailability}
        />
        <SelectField
          field={field('expectedPayPerMinute')}
          placeholder={choices.text.selectRate}
          options={choices.payPerMinute}
        />
      </div>
      <CheckboxGroupField field={field('specializations')} options={choices.specializations} />
      <TextareaField
        field={field('additionalInfo')}
        rows={5}
        placeholder={choices.additionalInfoPlaceholder}
      />
      <PrivacyConsentField
        field={field('privacyConsent')}
        declaration={choices.additionalInfoPlaceholder}
        text={choices.text.consent}
      />
      {/* Optional and unticked: kept on file for future openings (docs/privacy.md#how-long). */}
      <CheckboxField field={field('keepOnFile')} hint={choices.keepOnFileHint} />
      <ApplicationFormFooter
        formErrors={formErrors}
        formErrorId={formErrorId}
        text={choices.text}
      />
    </Form>
  )
}
