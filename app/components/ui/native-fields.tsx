import type { InputHTMLAttributes, ReactNode } from 'react'
import type { NativeField } from '~/lib/forms/native-form'
import { FieldError, FieldShell, hintIdOf, RequiredMark } from './field-shell'

/**
 * The form controls of every form in the browser, driven by `useNativeForm` (no Conform in
 * the browser). Each carries its constraints as HTML attributes and its error next to it.
 * What only the forms behind sign-in use is in `native-inputs.tsx`, which the public pages
 * do not load.
 */

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0]
  return undefined
}

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string')
  return typeof value === 'string' ? [value] : []
}

/**
 * What every control of `field` carries: id, name, `required`, what describes it, and for
 * `typed` text its lengths and pattern (with what the browser says when it is not met).
 */
export function controlProps(field: NativeField, hintId: string | undefined, typed?: boolean) {
  const invalid = Boolean(field.errors?.length)
  const describedBy = [invalid ? field.errorId : undefined, hintId].filter(Boolean).join(' ')
  const { minLength, maxLength, pattern, title } = field.constraint
  return {
    id: field.id,
    name: field.name,
    required: field.required || undefined,
    ...(typed && { minLength, maxLength, pattern, title }),
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy || undefined,
  }
}

export function TextField({
  field,
  label,
  hint,
  type = 'text',
  className,
  ...rest
}: {
  field: NativeField
  /** Defaults to the field's label (`useNativeForm`'s `labels`). */
  label?: ReactNode
  hint?: ReactNode
  type?: 'text' | 'email' | 'tel' | 'url'
  className?: string
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  // `list`: the id of a `<datalist>` of suggestions, rendered beside the field.
  'autoComplete' | 'placeholder' | 'inputMode' | 'list' | 'onChange'
>) {
  return (
    <FieldShell field={field} label={label ?? field.label} hint={hint} className={className}>
      <input
        {...controlProps(field, hintIdOf(field, hint), true)}
        type={type}
        defaultValue={text(field.initialValue)}
        {...rest}
        className="field-input"
      />
    </FieldShell>
  )
}

export function TextareaField({
  field,
  label,
  hint,
  rows = 5,
  placeholder,
  className,
}: {
  field: NativeField
  /** Defaults to the field's label (`useNativeForm`'s `labels`). */
  label?: ReactNode
  hint?: ReactNode
  rows?: number
  placeholder?: string
  className?: string
}) {
  return (
    <FieldShell field={field} label={label ?? field.label} hint={hint} className={className}>
      <textarea
        {...controlProps(field, hintIdOf(field, hint), true)}
        defaultValue={text(field.initialValue)}
        rows={rows}
        placeholder={placeholder}
        className="field-input"
      />
    </FieldShell>
  )
}

interface PickerFieldProps {
  field: NativeField
  /** Defaults to the field's label (`useNativeForm`'s `labels`). */
  label?: ReactNode
  hint?: ReactNode
  min?: string
  max?: string
  className?: string
}

/** A control the browser picks a value for (a date, a time), with its bounds. */
function PickerField({
  type,
  field,
  label,
  hint,
  min,
  max,
  className,
}: PickerFieldProps & { type: 'date' | 'time' }) {
  const props = controlProps(field, hintIdOf(field, hint))
  return (
    <FieldShell field={field} label={label ?? field.label} hint={hint} className={className}>
      <input
        {...props}
        type={type}
        min={min}
        max={max}
        defaultValue={text(field.initialValue)}
        className="field-input"
      />
    </FieldShell>
  )
}

/** A calendar date (`YYYY-MM-DD`), with the earliest and latest dates the picker offers. */
export function DateField(props: PickerFieldProps) {
  return <PickerField type="date" {...props} />
}

/** A time of day (`HH:MM`, 24-hour in the value; the browser shows its own clock). */
export function TimeField(props: PickerFieldProps) {
  return <PickerField type="time" {...props} />
}

export interface SelectOption {
  value: string
  label: string
}

export function SelectField({
  field,
  label,
  hint,
  options,
  placeholder,
  className,
}: {
  field: NativeField
  /** Defaults to the field's label (`useNativeForm`'s `labels`). */
  label?: ReactNode
  hint?: ReactNode
  options: readonly SelectOption[]
  /** A first, empty choice such as '-- No answer --'. */
  placeholder?: string
  className?: string
}) {
  const props = controlProps(field, hintIdOf(field, hint))
  return (
    <FieldShell field={field} label={label ?? field.label} hint={hint} className={className}>
      <select {...props} defaultValue={text(field.initialValue) ?? ''} className="field-input">
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}

/**
 * A file input. The browser cannot keep a chosen file across a server round trip, so after
 * an error the file has to be chosen again; the error says why.
 */
export function FileField({
  field,
  label,
  hint,
  accept,
  multiple,
  className,
}: {
  field: NativeField
  /** Defaults to the field's label (`useNativeForm`'s `labels`). */
  label?: ReactNode
  hint?: ReactNode
  /** What the file picker offers; the server checks the content itself. */
  accept: string
  /** Several files in one field (the server limits how many). */
  multiple?: boolean
  className?: string
}) {
  const props = controlProps(field, hintIdOf(field, hint))
  return (
    <FieldShell field={field} label={label ?? field.label} hint={hint} className={className}>
      <input
        {...props}
        type="file"
        accept={accept}
        multiple={multiple}
        className="field-input file:mr-4 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
      />
    </FieldShell>
  )
}

/** A single checkbox with its label beside it (consent, opt-ins) and a hint below. */
export function CheckboxField({
  field,
  label,
  hint,
  className,
}: {
  field: NativeField
  /** Defaults to the field's label (`useNativeForm`'s `labels`). */
  label?: ReactNode
  hint?: ReactNode
  className?: string
}) {
  const props = controlProps(field, hintIdOf(field, hint))
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...props}
          type="checkbox"
          value="on"
          defaultChecked={list(field.initialValue).length > 0}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
        />
        <label htmlFor={field.id} className="text-sm text-slate-800">
          {label ?? field.label}
          <RequiredMark required={field.required} />
        </label>
      </div>
      {hint ? (
        <p id={hintIdOf(field, hint)} className="mt-2 pl-8 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  )
}

/** A group of checkboxes for a list value, in a fieldset named by its legend. */
export function CheckboxGroupField({
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
  options: readonly SelectOption[]
  className?: string
}) {
  const hintId = hintIdOf(field, hint)
  const chosen = list(field.initialValue)
  const invalid = Boolean(field.errors?.length)
  return (
    <fieldset className={className} aria-describedby={invalid ? field.errorId : hintId}>
      <legend className="field-label">{legend ?? field.label}</legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option, index) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              // The error summary links to the group's first box.
              id={index === 0 ? field.id : undefined}
              type="checkbox"
              name={field.name}
              value={option.value}
              defaultChecked={chosen.includes(option.value)}
              aria-invalid={invalid || undefined}
              className="size-4 rounded border-slate-400 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError field={field} />
    </fieldset>
  )
}

/**
 * A field people never see and bots fill in. `display: none` keeps it away from
 * keyboards and screen readers as well as eyes.
 */
export function HoneypotField() {
  return (
    <div className="hidden">
      <label htmlFor="website-url">Leave this field empty</label>
      <input id="website-url" type="text" name="websiteUrl" tabIndex={-1} autoComplete="off" />
    </div>
  )
}
