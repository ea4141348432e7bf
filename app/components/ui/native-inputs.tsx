import type { ReactNode } from 'react'
import type { NativeField } from '~/lib/forms/native-form'
import { FieldError, FieldShell, hintIdOf, RequiredMark } from './field-shell'
import { forInputType } from './input-constraints'
import { controlProps } from './native-fields'

/**
 * Controls that only the forms behind sign-in use, kept apart from `native-fields.tsx` so
 * that the public pages do not load them (docs/decisions/011-public-page-javascript-budget.md).
 */

/** The `<input>` types of controls laid out by hand. */
type InputType =
  | 'text'
  | 'email'
  | 'tel'
  | 'url'
  | 'password'
  | 'number'
  | 'date'
  | 'time'
  | 'datetime-local'
  | 'checkbox'

/**
 * The attributes of an `<input>` of `type` for `field`, laid out by hand (inside a
 * `FieldShell`, or with a label of its own): its id and name, the constraints HTML allows on
 * that type (with the schema's message for a pattern or range it keeps), its value from the
 * form and what describes it.
 */
export function inputProps(field: NativeField, type: InputType, hintId?: string) {
  const { min, max, step } = field.constraint
  const { title, ...props } = forInputType(
    { ...controlProps(field, hintId, true), min, max, step },
    type,
  )
  const explained = [props.pattern, props.min, props.max, props.step].some(
    (attribute) => attribute !== undefined,
  )
  const { initialValue } = field
  const value =
    type === 'checkbox'
      ? { value: 'on', defaultChecked: initialValue === 'on' }
      : { defaultValue: typeof initialValue === 'string' ? initialValue : undefined }
  return { ...props, type, title: explained ? title : undefined, ...value }
}

/** A date and a time of day (`YYYY-MM-DDTHH:MM`), as one picker. */
export function DateTimeField({
  field,
  label,
  hint,
}: {
  field: NativeField
  /** Defaults to the field's label (`useNativeForm`'s `labels`). */
  label?: ReactNode
  hint?: ReactNode
}) {
  return (
    <FieldShell field={field} label={label ?? field.label} hint={hint}>
      <input
        {...inputProps(field, 'datetime-local', hintIdOf(field, hint))}
        className="field-input"
      />
    </FieldShell>
  )
}

/**
 * A group of radio buttons for one value, in a fieldset named by its legend. Every button is
 * `required`, so the browser refuses the form while none is chosen; the error summary links
 * to the first one.
 */
export function RadioGroupField({
  field,
  legend,
  hint,
  options,
  className,
}: {
  field: NativeField
  /** Defaults to the field's label (`useNativeForm`'s `labels`). */
  legend?: ReactNode
  hint?: ReactNode
  options: readonly { value: string; label: string }[]
  className?: string
}) {
  const hintId = hintIdOf(field, hint)
  const invalid = Boolean(field.errors?.length)
  const chosen = typeof field.initialValue === 'string' ? field.initialValue : undefined
  return (
    <fieldset
      className={className}
      aria-describedby={
        [invalid ? field.errorId : undefined, hintId].filter(Boolean).join(' ') || undefined
      }
    >
      <legend className="field-label">
        {legend ?? field.label}
        <RequiredMark required={field.required} />
      </legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-1 flex flex-col gap-x-6 sm:flex-row sm:flex-wrap">
        {options.map((option, index) => (
          <label
            key={option.value}
            className="flex min-h-11 items-center gap-2 text-sm text-slate-800"
          >
            <input
              id={index === 0 ? field.id : undefined}
              type="radio"
              name={field.name}
              value={option.value}
              required={field.required || undefined}
              defaultChecked={chosen === option.value}
              className="size-4 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError field={field} />
    </fieldset>
  )
}
