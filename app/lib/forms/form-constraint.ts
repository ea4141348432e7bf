/**
 * The browser constraints of a form, derived on the server from its Zod schema
 * (`formConstraint` in app/lib/forms/form-constraint.server.ts). A list's items share one
 * entry: `expenses[].amount` holds the constraints of every row's `expenses[2].amount`.
 */
export type FormConstraint = Record<
  string,
  {
    required?: boolean
    minLength?: number
    maxLength?: number
    min?: string | number
    max?: string | number
    step?: string | number
    multiple?: boolean
    pattern?: string
    /** What the browser says when the pattern, range or step is not met: the schema's message. */
    title?: string
  }
>

/**
 * The constraints of the control named `name`, a list item's among them (as Conform finds
 * them; `useNativeForm` reads only exact names, `useNativeFormWithValues` list items too).
 */
export function constraintOf(constraint: FormConstraint, name: string): FormConstraint[string] {
  return constraint[name] ?? constraint[name.replace(/\[\d+\]/g, '[]')] ?? {}
}
