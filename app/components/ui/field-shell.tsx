import type { ReactNode } from 'react'

/**
 * What a field's label, hint and error need to know of it: `useNativeForm`'s fields have
 * this shape, and so does anything else that labels a control the same way.
 */
export interface FieldIdentity {
  id: string
  errorId: string
  errors?: string[]
  required?: boolean
}

/**
 * The field's message, which its control names with `aria-describedby`. Not a live region:
 * a refused submit is announced once, by the error summary (error-summary.tsx), instead of
 * once per field.
 */
export function FieldError({ field }: { field: Pick<FieldIdentity, 'errorId' | 'errors'> }) {
  return (
    <p id={field.errorId} className="field-error">
      {field.errors?.[0]}
    </p>
  )
}

/** The red asterisk of a required field, hidden from assistive technology. */
export function RequiredMark({ required }: { required: boolean | undefined }) {
  return required ? (
    <span aria-hidden="true" className="text-sm text-red-700">
      {' '}
      *
    </span>
  ) : null
}

/** The id of a field's hint, when it has one (for `aria-describedby`). */
export function hintIdOf(field: Pick<FieldIdentity, 'id'>, hint: ReactNode) {
  return hint ? `${field.id}-hint` : undefined
}

/** Label, control, hint and the field's error, wired together for assistive technology. */
export function FieldShell({
  field,
  label,
  hint,
  children,
  className,
}: {
  field: FieldIdentity
  label: ReactNode
  hint?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="field-label inline">
        {label}
      </label>
      {/* Outside the label, so that the control's name is exactly its label. */}
      <RequiredMark required={field.required} />
      {children}
      {hint ? (
        <p id={hintIdOf(field, hint)} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  )
}
