import { useState, type FormEvent } from 'react'

/** A field the summary names: the id of its control and a short name for it. */
export interface InvalidField {
  id: string
  name: string
}

/** The fields of `named` that have an error, in the order given (the order of the form). */
export function invalidFields(
  named: readonly (readonly [{ id: string; errors?: string[] }, string])[],
): InvalidField[] {
  return named
    .filter(([field]) => Boolean(field.errors?.length))
    .map(([field, name]) => ({ id: field.id, name }))
}

/**
 * Counts the submissions that came back refused: by the browser's checks (the submit
 * handler prevented the submission) or by the server (a new reply). The error summary takes
 * focus each time the count changes, so each refused submit is announced once.
 */
export function useRefusedSubmits(lastResult: unknown) {
  // A page rendered from the server's reply (no JavaScript at submit time) starts refused.
  const [refused, setRefused] = useState({ count: lastResult ? 1 : 0, reply: lastResult })
  if (refused.reply !== lastResult)
    setRefused({ count: refused.count + (lastResult ? 1 : 0), reply: lastResult })
  const counting =
    (onSubmit: (event: FormEvent<HTMLFormElement>) => void) =>
    (event: FormEvent<HTMLFormElement>) => {
      onSubmit(event)
      // React Router's Form prevents the default only after this handler, so a prevented
      // event here means the browser-side checks refused the submission.
      if (event.defaultPrevented)
        setRefused((current) => ({ ...current, count: current.count + 1 }))
    }
  return { refusedSubmits: refused.count, counting }
}
