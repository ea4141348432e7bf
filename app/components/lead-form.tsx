import { useEffect, useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import { CheckCircleIcon } from '~/components/ui/icons/check-circle'
import { HoneypotField, TextareaField, TextField } from '~/components/ui/native-fields'
import type { LeadFormText } from '~/content/lead-form'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import { useNativeForm, type FormReply } from '~/lib/forms/native-form'
import type { LeadInput } from '~/lib/validation/lead'

export interface LeadActionData {
  result: FormReply
  sent: boolean
}

/**
 * The native contact / demo-request form, with its confirmation once sent. Its words come
 * from the page's loader, in the page's language (app/routes/public/+shared/lead-form.server.ts).
 */
export function LeadForm({
  formToken,
  constraint,
  actionData,
  text,
}: {
  formToken: string
  constraint: FormConstraint
  actionData: LeadActionData | undefined
  text: LeadFormText
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const { formProps, field, summary, formErrors, formErrorId } = useNativeForm<LeadInput>({
    lastResult: actionData?.sent ? undefined : actionData?.result,
    constraint,
    labels: text.labels,
  })
  const confirmationRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (actionData?.sent) confirmationRef.current?.focus()
  }, [actionData?.sent])

  if (actionData?.sent) {
    return (
      <div
        ref={confirmationRef}
        tabIndex={-1}
        role="status"
        // Focus brings it into view clear of the sticky header (app/app.css).
        className="scroll-mt-[calc(var(--sticky-header-height)+1rem)] rounded-lg border border-green-700 bg-green-50 p-6 text-green-900"
      >
        <div className="flex items-center gap-2">
          <CheckCircleIcon aria-hidden="true" className="size-6" />
          <h3 className="text-lg font-semibold">{text.confirmation.heading}</h3>
        </div>
        <p className="mt-2">{text.confirmation.text}</p>
      </div>
    )
  }

  return (
    // The page stays where the visitor is: the confirmation takes the form's place and focus.
    <Form method="post" preventScrollReset {...formProps} className="space-y-5">
      <ErrorSummary {...summary} headingLevel={3} />
      <input type="hidden" name="formToken" value={formToken} />
      <HoneypotField />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField field={field('name')} autoComplete="name" />
        <TextField field={field('email')} type="email" autoComplete="email" />
        <TextField field={field('phone')} type="tel" autoComplete="tel" />
        <TextField field={field('company')} autoComplete="organization" />
      </div>
      <TextareaField field={field('message')} rows={6} />
      {formErrors?.length ? (
        <p id={formErrorId} role="alert" className="field-error">
          {formErrors[0]}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
        {busy ? text.sending : text.submit}
      </button>
    </Form>
  )
}
