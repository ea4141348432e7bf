import { Form, useNavigation } from 'react-router'
import { interpreterPreferenceOptions, type InterpreterPreference } from '~/domain/organizations'

export interface InterpreterWithPreference {
  id: string
  firstName: string
  lastName: string
  preference: InterpreterPreference | null
}

/**
 * The organization's standing word on each interpreter who has worked for it: preferred ones
 * are offered its work first, "Do not send" ones never (app/models/organization-interpreters.server.ts).
 */
export function InterpreterPreferencesForm({
  interpreters,
  error,
}: {
  interpreters: InterpreterWithPreference[]
  error?: string
}) {
  const busy = useNavigation().formData?.get('intent') === 'interpreters'
  if (interpreters.length === 0)
    return (
      <p className="mt-2 text-sm text-slate-700">
        Once interpreters have worked for you, you can mark them here as preferred, or ask us not to
        send one again.
      </p>
    )
  return (
    <Form method="post" className="mt-4 space-y-4" aria-labelledby="interpreters-heading">
      <input type="hidden" name="intent" value="interpreters" />
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100">
        {interpreters.map((interpreter) => {
          const id = `preference-${interpreter.id}`
          return (
            <li
              key={interpreter.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <input type="hidden" name="interpreterId" value={interpreter.id} />
              <label htmlFor={id} className="font-medium text-slate-900">
                {interpreter.firstName} {interpreter.lastName.slice(0, 1)}.
              </label>
              <select
                id={id}
                name="preference"
                defaultValue={interpreter.preference ?? ''}
                className="field-input sm:max-w-48"
              >
                {interpreterPreferenceOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </li>
          )
        })}
      </ul>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Saving...' : 'Save interpreter preferences'}
      </button>
    </Form>
  )
}
