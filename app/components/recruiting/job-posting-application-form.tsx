import { getFormProps, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import { FileField, SelectField, TextareaField, TextField } from '~/components/ui/form-fields'
import {
  ADDITIONAL_INFO_PLACEHOLDER,
  jobPostingExperienceChoices,
  jobPostingPayChoices,
  RESUME_ACCEPT,
  RESUME_LABEL,
} from '~/content/application-options'
import type { FormConstraint } from '~/lib/form-constraint'
import { validateNatively } from '~/lib/native-validation'
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
  actionData,
}: {
  formToken: string
  constraint: FormConstraint
  actionData: ApplicationActionData | undefined
}) {
  const [form, fields] = useForm<JobPostingApplicationInput>({
    lastResult: actionData?.submitted ? undefined : actionData?.result,
    constraint,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateNatively<JobPostingApplicationInput>,
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
      <FileField meta={fields.resume} label={RESUME_LABEL} accept={RESUME_ACCEPT} />
      <TextField meta={fields.nativeLanguage} label="Native Language" placeholder="e.g. Greek" />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          meta={fields.interpretingExperience}
          label="Interpreting Experience"
          placeholder="Select years"
          options={jobPostingExperienceChoices}
        />
        <SelectField
          meta={fields.expectedPayPerMinute}
          label="Expected Pay Per Minute"
          placeholder="Select a rate"
          options={jobPostingPayChoices}
        />
      </div>
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
