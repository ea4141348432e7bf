import { Form } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import {
  CheckboxField,
  FileField,
  SelectField,
  TextareaField,
  TextField,
} from '~/components/ui/native-fields'
import type { JobPostingChoices } from '~/content/application-options'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import { useNativeForm } from '~/lib/forms/native-form'
import type { JobPostingApplicationInput } from '~/lib/validation/interpreter-application'
import type { ApplicationActionData } from '~/routes/careers/+shared/application-action.server'
import {
  ApplicationFormFooter,
  ApplicationFormProtection,
  ApplicationSubmitted,
  PrivacyConsentField,
} from './application-form-parts'

/** The application form on a job posting (its fields: docs/product.md#validation). */
export function JobPostingApplicationForm({
  formToken,
  constraint,
  choices,
  actionData,
}: {
  formToken: string
  /** The answer lists, from the loader (`jobPostingChoices`). */
  choices: JobPostingChoices
  constraint: FormConstraint
  actionData: ApplicationActionData | undefined
}) {
  const { formProps, field, summary, formErrors, formErrorId } =
    useNativeForm<JobPostingApplicationInput>({
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
      <FileField
        field={field('resume')}
        label={choices.resumeLabel}
        accept={choices.resumeAccept}
      />
      <TextField
        field={field('nativeLanguage')}
        placeholder={choices.text.nativeLanguagePlaceholder}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          field={field('interpretingExperience')}
          placeholder={choices.text.selectYears}
          options={choices.experience}
        />
        <SelectField
          field={field('expectedPayPerMinute')}
          placeholder={choices.text.selectRate}
          options={choices.payPerMinute}
        />
      </div>
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
