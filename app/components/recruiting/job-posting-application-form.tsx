import { Form } from 'react-router'
import { FileField, SelectField, TextareaField, TextField } from '~/components/ui/native-fields'
import type { JobPostingChoices } from '~/content/application-options'
import type { FormConstraint } from '~/lib/form-constraint'
import { useNativeForm } from '~/lib/native-form'
import type { JobPostingApplicationInput } from '~/lib/validation/interpreter-application'
import type { ApplicationActionData } from '~/lib/interpreter-application-action.server'
import {
  ApplicationFormFooter,
  ApplicationFormProtection,
  ApplicationSubmitted,
  PrivacyConsentField,
} from './application-form-parts'

/** The application form on a job posting (spec section 3: the job detail form's fields). */
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
  const { formProps, field, formErrors, formErrorId } = useNativeForm<JobPostingApplicationInput>({
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
      <FileField
        field={field('resume')}
        label={choices.resumeLabel}
        accept={choices.resumeAccept}
      />
      <TextField field={field('nativeLanguage')} label="Native Language" placeholder="e.g. Greek" />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          field={field('interpretingExperience')}
          label="Interpreting Experience"
          placeholder="Select years"
          options={choices.experience}
        />
        <SelectField
          field={field('expectedPayPerMinute')}
          label="Expected Pay Per Minute"
          placeholder="Select a rate"
          options={choices.payPerMinute}
        />
      </div>
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
