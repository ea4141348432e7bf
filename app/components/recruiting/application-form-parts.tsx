import { useEffect, useRef } from 'react'
import { Link, useNavigation } from 'react-router'
import { CheckCircleIcon } from '~/components/ui/icons/check-circle'
import { CheckboxField, HoneypotField } from '~/components/ui/native-fields'
import type { ApplicationFormText } from '~/content/application-options'
import type { NativeField } from '~/lib/forms/native-form'

/** The one-time form token and the honeypot every application form carries. */
export function ApplicationFormProtection({ formToken }: { formToken: string }) {
  return (
    <>
      <input type="hidden" name="formToken" value={formToken} />
      <HoneypotField />
    </>
  )
}

/**
 * Consent to the privacy notice (the server stores the time and the notice's version), with
 * the legal declaration beside it: docs/product.md#validation puts the declaration in the
 * additional information's placeholder, which disappears as soon as someone types there.
 */
export function PrivacyConsentField({
  field,
  declaration,
  text,
}: {
  field: NativeField
  declaration: string
  text: ApplicationFormText['consent']
}) {
  return (
    <CheckboxField
      field={field}
      hint={declaration}
      label={
        <>
          {text.before}{' '}
          <Link
            to={text.to}
            target="_blank"
            rel="noopener"
            className="font-medium text-brand-700 underline"
          >
            {text.link}
            <span className="sr-only"> {text.newTab}</span>
          </Link>{' '}
          {text.after}
        </>
      }
    />
  )
}

/** The form-level error (rate limit, server failure) and the submit button. */
export function ApplicationFormFooter({
  formErrors,
  formErrorId,
  text,
}: {
  formErrors: string[] | undefined
  formErrorId: string
  text: ApplicationFormText
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <>
      {formErrors?.length ? (
        <p id={formErrorId} role="alert" className="field-error rounded-md bg-red-50 p-3">
          {formErrors[0]}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? text.submitting : text.submit}
      </button>
    </>
  )
}

/** What replaces a form once the application is stored (docs/product.md#job-detail). */
export function ApplicationSubmitted({ text }: { text: ApplicationFormText['submitted'] }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="rounded-lg border border-green-700 bg-green-50 p-6 text-green-900"
    >
      <div className="flex items-center gap-2">
        <CheckCircleIcon aria-hidden="true" className="size-6 shrink-0" />
        <h2 className="text-xl font-semibold">{text.heading}</h2>
      </div>
      <p className="mt-3">{text.text}</p>
      <p className="mt-2 text-sm">{text.inbox}</p>
      <Link to={text.back.to} className="btn-primary mt-5">
        {text.back.label}
      </Link>
    </div>
  )
}
