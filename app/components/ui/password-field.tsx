import { Eye, EyeOff } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { NativeField } from '~/lib/forms/native-form'
import { useHydrated } from '~/lib/use-hydrated'
import { FieldShell, hintIdOf } from './field-shell'
import { inputProps } from './native-inputs'

/** The toggle's words: what it says while the password is hidden (`show`) and shown. */
export interface PasswordToggleLabels {
  show: string
  hide: string
}

const DEFAULT_TOGGLE_LABELS: PasswordToggleLabels = {
  show: 'Show password',
  hide: 'Hide password',
}

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so it only
 * appears once the page is hydrated; the field itself works without it.
 */
export function PasswordField({
  field,
  label,
  autoComplete,
  hint,
  toggleLabels = DEFAULT_TOGGLE_LABELS,
}: {
  field: NativeField
  /** Defaults to the field's label (`useNativeForm`'s `labels`). */
  label?: ReactNode
  autoComplete: 'current-password' | 'new-password'
  hint?: ReactNode
  /** What the show/hide toggle says, in the page's language (loader data). */
  toggleLabels?: PasswordToggleLabels
}) {
  const [visible, setVisible] = useState(false)
  const hydrated = useHydrated()
  return (
    <FieldShell field={field} label={label ?? field.label} hint={hint}>
      <div className="relative">
        <input
          {...inputProps(field, 'password', hintIdOf(field, hint))}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          className="field-input pr-12"
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((current) => !current)}
            aria-pressed={visible}
            aria-controls={field.id}
            className="absolute inset-y-0 right-0 mt-1 flex items-center rounded-r-md px-3 text-slate-600 hover:text-slate-900"
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
            <span className="sr-only">{visible ? toggleLabels.hide : toggleLabels.show}</span>
          </button>
        ) : null}
      </div>
    </FieldShell>
  )
}
