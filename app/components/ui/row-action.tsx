import { Form } from 'react-router'

/**
 * A small button that posts one action about one row of a list (remove a user, withdraw an
 * invitation): the intent and the record's id go as hidden fields, and the accessible name
 * says which row it acts on, since every row has the same visible label.
 */
export function RowAction({
  intent,
  field,
  value,
  label,
  accessibleName,
}: {
  intent: string
  field: string
  value: string
  label: string
  accessibleName: string
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={field} value={value} />
      <button type="submit" className="btn-secondary px-3 py-1.5" aria-label={accessibleName}>
        {label}
      </button>
    </Form>
  )
}
