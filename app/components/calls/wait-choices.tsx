import { useState } from 'react'
import { Form } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import { TextField } from '~/components/ui/native-fields'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'

const labels = { phone: 'Phone number for the callback' }

/**
 * What a client who has waited a minute may do (docs/product.md#on-demand-calls): keep
 * waiting, switch a video call to audio only (more interpreters can take it), or ask to be
 * called back, which turns the call into an urgent booking.
 */
export function WaitChoices({
  video,
  constraint,
  lastResult,
}: {
  video: boolean
  constraint: FormConstraint
  lastResult: FormReply | undefined
}) {
  // A refused callback keeps the choices open, with the number typed and its error.
  const [dismissed, setDismissed] = useState(false)
  const { formProps, field, summary } = useNativeFormWithValues<typeof labels>({
    lastResult,
    constraint,
    labels,
  })
  if (dismissed && !lastResult) return null
  return (
    <section
      aria-labelledby="wait-choices-heading"
      className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-5"
    >
      <h2 id="wait-choices-heading" className="font-semibold text-slate-900">
        Still looking for an interpreter
      </h2>
      <p className="mt-1 text-slate-700">
        It is taking longer than usual. You can keep waiting
        {video ? ', switch to audio only (more interpreters can take it)' : ''} or ask us to call
        you back.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn-secondary" onClick={() => setDismissed(true)}>
          Keep waiting
        </button>
        {video ? (
          <Form method="post">
            <button type="submit" name="intent" value="audio" className="btn-secondary">
              Switch to audio only
            </button>
          </Form>
        ) : null}
      </div>
      <Form method="post" {...formProps} className="mt-4 space-y-3">
        <ErrorSummary {...summary} headingLevel={3} />
        <input type="hidden" name="intent" value="callback" />
        <TextField
          field={field('phone')}
          type="tel"
          autoComplete="tel"
          hint="Our dispatch team books an interpreter and calls you back on it."
        />
        <button type="submit" className="btn-primary">
          Ask for a callback
        </button>
      </Form>
    </section>
  )
}
