import type { ReactNode } from 'react'
import type { NativeField } from '~/lib/forms/native-form'
import { FieldShell, hintIdOf } from './field-shell'
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
