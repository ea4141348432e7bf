import {
  getFormProps,
  useForm,
  type DefaultValue,
  type FormMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import type { ReactNode } from 'react'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import { validateNatively } from '~/lib/forms/native-validation'
import { useErrorSummary, type invalidFields } from '~/lib/forms/refused-submits'

/** One part of the profile page: a heading, a line on what it is for, and its content. */
export function ProfileSection({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description?: ReactNode
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  )
}

/**
 * A profile form: Conform with the browser's own checks (the constraints come from the
 * form's schema in the loader), the server's reply when this form was the one sent, and
 * its error summary. `named` lists the fields the summary links to, in the form's order.
 */
export function useProfileForm<Schema extends Record<string, unknown>>({
  id,
  lastResult,
  constraint,
  defaultValue,
}: {
  id: string
  lastResult: SubmissionResult<string[]> | undefined
  constraint: FormConstraint
  defaultValue: DefaultValue<Schema>
}) {
  const [form, fields] = useForm<Schema>({
    id,
    lastResult,
    constraint,
    defaultValue,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateNatively<Schema>,
  })
  return { form, fields }
}

/** The form's props with the counting submit handler, and what its `ErrorSummary` shows. */
export function useProfileFormSummary<Schema extends Record<string, unknown>>(
  form: FormMetadata<Schema, string[]>,
  lastResult: SubmissionResult<string[]> | undefined,
  named: Parameters<typeof invalidFields>[0],
) {
  return useErrorSummary(getFormProps(form), lastResult, named)
}

/** A saved change, said in the section's live region. */
export function SavedNotice({ notice }: { notice: string | undefined }) {
  return (
    <div aria-live="polite">
      {notice ? (
        <p className="mb-4 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
          {notice}
        </p>
      ) : null}
    </div>
  )
}
