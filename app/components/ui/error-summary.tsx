import { useEffect, useRef, type MouseEvent } from 'react'
import { useFormMessages, withCount } from '~/lib/forms/form-messages'
import type { InvalidField } from '~/lib/forms/refused-submits'

function focusControl(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const control = document.getElementById(id)
  if (!control) return
  // Focus instead of following the link: the control's scroll margin keeps its label clear
  // of the sticky header, and the address (and with it the page's state) stays as it is.
  event.preventDefault()
  control.focus()
}

/**
 * The one message a refused submission produces: how many fields need correcting, with a
 * link to each. It takes focus (with JavaScript after each refused submit, without it
 * through `autofocus` on the server's answer), which is what announces it; the messages
 * next to the fields are connected to their controls with `aria-describedby` and are not
 * live regions, so a screen reader hears one announcement, not one per field
 * (docs/decisions/012-error-summary-and-focus-ring.md).
 */
export function ErrorSummary({
  fields,
  refusedSubmits,
  headingLevel = 2,
}: {
  fields: InvalidField[]
  /** Changes with every refused submission (`useRefusedSubmits`). */
  refusedSubmits: number
  headingLevel?: 2 | 3
}) {
  const ref = useRef<HTMLDivElement>(null)
  const count = fields.length
  const messages = useFormMessages()
  // Only a new refusal moves focus; errors found on blur or fixed while typing update the
  // list without taking the visitor away from the field.
  useEffect(() => {
    if (refusedSubmits > 0) ref.current?.focus()
  }, [refusedSubmits])
  // Before the first submit, errors found on blur show next to their fields only.
  if (count === 0 || refusedSubmits === 0) return null
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const headingId = `${fields[0]!.id}-summary`
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby={headingId}
      // Rendered by the server as the `autofocus` attribute: without JavaScript the browser
      // focuses the summary of its answer on load. In the browser the effect above does it.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      className="error-summary rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900"
    >
      <Heading id={headingId} className="text-base font-semibold">
        {withCount(messages.summary, count)}
      </Heading>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {fields.map((field) => (
          <li key={field.id}>
            <a
              // List fields' ids hold brackets (`languages[0].language`), which a URL's
              // fragment may not (`encodeURI` escapes them); the browser decodes them again
              // to find the control.
              href={`#${encodeURI(field.id)}`}
              onClick={(event) => focusControl(event, field.id)}
              className="font-medium underline hover:no-underline"
            >
              {field.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
