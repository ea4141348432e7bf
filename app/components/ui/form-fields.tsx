import {
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from '@conform-to/react'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { FieldError, FieldShell, hintIdOf, RequiredMark } from './field-shell'
import { forInputType } from './input-constraints'

type Meta = FieldMetadata<string | undefined>

export function TextField({
  meta,
  label,
  hint,
  type = 'text',
  className,
  ...rest
}: {
  meta: Meta
  label: ReactNode
  hint?: ReactNode
  type?:
    | 'text'
    | 'email'
    | 'tel'
    | 'url'
    | 'password'
    | 'search'
    | 'number'
    | 'date'
    | 'time'
    | 'datetime-local'
  className?: string
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  // `title` is what the browser check says when a pattern or range is not met (a field's
  // constraint has the schema's message for it: Conform does not pass it on by itself).
  'autoComplete' | 'placeholder' | 'inputMode' | 'title'
>) {
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hintIdOf(meta, hint) })
  return (
    <FieldShell field={meta} label={label} hint={hint} className={className}>
      <input key={key} {...forInputType(props, type)} {...rest} className="field-input" />
    </FieldShell>
  )
}

export function TextareaField({
  meta,
  label,
  hint,
  rows = 5,
  placeholder,
  className,
}: {
  meta: Meta
  label: ReactNode
  hint?: ReactNode
  rows?: number
  placeholder?: string
  className?: string
}) {
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: hintIdOf(meta, hint) })
  return (
    <FieldShell field={meta} label={label} hint={hint} className={className}>
      <textarea
        key={key}
        {...props}
        rows={rows}
        placeholder={placeholder}
        className="field-input"
      />
    </FieldShell>
  )
}

export interface SelectOption {
  value: string
  label: string
}

export function SelectField({
  meta,
  label,
  hint,
  options,
  placeholder,
  className,
}: {
  meta: Meta
  label: ReactNode
  hint?: ReactNode
  options: readonly SelectOption[]
  /** A first, empty choice such as '-- No answer --'. */
  placeholder?: string
  className?: string
}) {
  const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: hintIdOf(meta, hint) })
  return (
    <FieldShell field={meta} label={label} hint={hint} className={className}>
      <select key={key} {...props} className="field-input">
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

/**
 * A file input. The browser cannot keep a chosen file across a server round trip, so after
 * an error the file has to be chosen again; the error says why.
 */
export function FileField({
  meta,
  label,
  hint,
  accept,
  className,
}: {
  meta: FieldMetadata<File | undefined>
  label: ReactNode
  hint?: ReactNode
  /** What the file picker offers; the server checks the content itself. */
  accept: string
  className?: string
}) {
  const shellMeta = meta as unknown as Meta
  const { key, ...props } = getInputProps(meta, {
    type: 'file',
    ariaDescribedBy: hintIdOf(shellMeta, hint),
  })
  return (
    <FieldShell field={shellMeta} label={label} hint={hint} className={className}>
      <input
        key={key}
        {...props}
        accept={accept}
        className="field-input file:mr-4 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
      />
    </FieldShell>
  )
}

/** A single checkbox with its label beside it (consent, opt-ins). */
export function CheckboxField({
  meta,
  label,
  className,
}: {
  meta: FieldMetadata<string | undefined>
  label: ReactNode
  className?: string
}) {
  const { key, ...props } = getInputProps(meta, { type: 'checkbox' })
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          key={key}
          {...props}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
        />
        <label htmlFor={meta.id} className="text-sm text-slate-800">
          {label}
          <RequiredMark required={meta.required} />
        </label>
      </div>
      <FieldError field={meta} />
    </div>
  )
}

/** A group of checkboxes for a list value, in a fieldset named by its legend. */
export function CheckboxGroupField({
  meta,
  legend,
  hint,
  options,
  className,
}: {
  meta: FieldMetadata<string[] | undefined>
  legend: ReactNode
  hint?: ReactNode
  options: readonly SelectOption[]
  className?: string
}) {
  const hintId = hintIdOf(meta, hint)
  const inputs = getCollectionProps(meta, {
    type: 'checkbox',
    options: options.map((option) => option.value),
    ariaDescribedBy: hintId,
  })
  return (
    <fieldset className={className} aria-describedby={meta.errors?.length ? meta.errorId : hintId}>
      <legend className="field-label">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {inputs.map(({ key, ...props }) => (
          <label key={key} className="flex items-center gap-2 text-sm text-slate-800">
            <input {...props} className="size-4 rounded border-slate-400 accent-brand-700" />
            {options.find((option) => option.value === props.value)?.label}
          </label>
        ))}
      </div>
      <FieldError field={meta} />
    </fieldset>
  )
}
