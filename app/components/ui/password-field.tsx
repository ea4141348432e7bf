import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Eye, EyeOff } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useHydrated } from '~/lib/use-hydrated'
import { FieldError, hintIdOf, RequiredMark } from './field-shell'

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so it only
 * appears once the page is hydrated; the field itself works without it.
 */
export function PasswordField({
  meta,
  label,
  autoComplete,
  hint,
}: {
  meta: FieldMetadata<string | undefined>
  label: ReactNode
  autoComplete: 'current-password' | 'new-password'
  hint?: ReactNode
}) {
  const [visible, setVisible] = useState(false)
  const hydrated = useHydrated()
  const { key, ...props } = getInputProps(meta, {
    type: 'password',
    ariaDescribedBy: hintIdOf(meta, hint),
  })
  return (
    <div>
      <label htmlFor={meta.id} className="field-label inline">
        {label}
      </label>
      <RequiredMark required={meta.required} />
      <div className="relative">
        <input
          key={key}
          {...props}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          className="field-input pr-12"
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((current) => !current)}
            aria-pressed={visible}
            aria-controls={meta.id}
            className="absolute inset-y-0 right-0 mt-1 flex items-center rounded-r-md px-3 text-slate-600 hover:text-slate-900"
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
            <span className="sr-only">{visible ? 'Hide password' : 'Show password'}</span>
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintIdOf(meta, hint)} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError field={meta} />
    </div>
  )
}
