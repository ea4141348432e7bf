import { useNavigation } from 'react-router'
import type { NativeField } from '~/lib/forms/native-form'
import { PASSWORD_MAX, PASSWORD_MIN } from '~/lib/validation/password-rules'
import { PasswordField, type PasswordToggleLabels } from './password-field'

/** Labels for choosing the account's first password (first admin, invitation). */
export const FIRST_PASSWORD_LABELS = {
  password: 'Password',
  confirmPassword: 'Repeat the password',
}

/** Labels for replacing a password (reset link, account page). */
export const NEW_PASSWORD_LABELS = {
  password: 'New password',
  confirmPassword: 'Repeat the new password',
}

/**
 * The end of every form that sets a password: the password with its length rule as a hint,
 * the same typed again, and the button that sends them (disabled while the form is sent).
 * The fields are labelled by the form's labels (`FIRST_PASSWORD_LABELS` or
 * `NEW_PASSWORD_LABELS` among them).
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  submitLabel,
  busyLabel = 'Saving...',
  hint = `${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
  toggleLabels,
}: {
  password: NativeField
  confirmPassword: NativeField
  submitLabel: string
  busyLabel?: string
  /** The password's length rule, in the page's language (loader data). */
  hint?: string
  /** What the show/hide toggles say, in the page's language (loader data). */
  toggleLabels?: PasswordToggleLabels
}) {
  const busy = useNavigation().state === 'submitting'
  return (
    <>
      <PasswordField
        field={password}
        autoComplete="new-password"
        hint={hint}
        toggleLabels={toggleLabels}
      />
      <PasswordField
        field={confirmPassword}
        autoComplete="new-password"
        toggleLabels={toggleLabels}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </>
  )
}
