import { Form } from 'react-router'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { FormReply } from '~/lib/forms/native-form'
import { AssignInterpreterForm } from './assign-interpreter-form'

export interface EligibleInterpreter {
  id: string
  name: string
  completedWithOrganization: number
  hoursThisHalfMonth: number
  travel: string | null
  offered: boolean
  /** Why they lead the list, with its separator ("preferred by this client · "), or ''. */
  preference: string
  ratings: { text: string; label: string }
  /** The pay rate they would get and its source: "Pays $0.7500 a minute (Default rate)". */
  pay: string
}

/**
 * Staff's dispatch of an open booking (docs/product.md#bookings): the eligible interpreters
 * to offer it to, the others with every reason, and a direct assignment of anyone.
 */
export function DispatchPanel({
  eligible,
  excluded,
  heldFor,
  offerError: error,
  assignConstraint,
  assignReply,
}: {
  eligible: EligibleInterpreter[]
  excluded: { id: string; name: string; reasons: string[] }[]
  /** The interpreter assigned by name who has not answered yet. */
  heldFor: string | null
  offerError: string | undefined
  assignConstraint: FormConstraint
  assignReply: FormReply | undefined
}) {
  const assignable = [...eligible.map(({ id, name }) => ({ id, name, reasons: [] })), ...excluded]
  return (
    <>
      <section aria-labelledby="eligible-heading" className="mt-8">
        <h2 id="eligible-heading" className="text-lg font-semibold text-slate-900">
          Eligible interpreters ({eligible.length})
        </h2>
        <p className="text-sm text-slate-600">
          The interpreter the client asked for and the series' interpreter first, then past work
          with this client, then the fewest hours this half-month.
        </p>
        {heldFor ? (
          <p className="mt-2 text-slate-700">
            Held for {heldFor}, assigned directly: no other offer goes out until they answer or
            their link expires.
          </p>
        ) : eligible.length === 0 ? (
          <p className="mt-2 text-slate-700">
            No interpreter meets every rule for this booking. Assign one below, with the reason for
            the override.
          </p>
        ) : (
          <Form method="post" className="mt-2">
            <fieldset aria-describedby={error ? 'offer-error' : undefined}>
              <legend className="sr-only">Interpreters to offer the booking to</legend>
              <ul className="divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
                {eligible.map((interpreter) => (
                  <li key={interpreter.id} className="flex items-start gap-3 px-4 py-3">
                    <input
                      id={`offer-${interpreter.id}`}
                      type="checkbox"
                      name="interpreterIds"
                      value={interpreter.id}
                      disabled={interpreter.offered}
                      className="mt-1 size-4"
                    />
                    <label htmlFor={`offer-${interpreter.id}`} className="flex-1">
                      <span className="font-medium text-slate-900">{interpreter.name}</span>
                      <span className="block text-sm text-slate-600">
                        {interpreter.preference}
                        {interpreter.completedWithOrganization} past bookings with this client,{' '}
                        {interpreter.hoursThisHalfMonth} h this half-month
                        {interpreter.travel ? ` · ${interpreter.travel}` : ''}
                        {interpreter.offered ? ' · offered already' : ''}
                      </span>
                      <span className="block text-sm text-slate-700">
                        <span aria-hidden="true">{interpreter.ratings.text}</span>
                        <span className="sr-only">{interpreter.ratings.label}</span>
                      </span>
                      <span className="block text-sm text-slate-600">{interpreter.pay}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            {error ? (
              <p id="offer-error" className="mt-2 text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-3">
              <button type="submit" name="intent" value="offer-selected" className="btn-primary">
                Offer to selected
              </button>
              <button type="submit" name="intent" value="offer-all" className="btn-secondary">
                Offer to all eligible
              </button>
            </div>
          </Form>
        )}
      </section>
      <section aria-labelledby="excluded-heading" className="mt-8">
        <h2 id="excluded-heading" className="text-lg font-semibold text-slate-900">
          Not eligible ({excluded.length})
        </h2>
        {excluded.length === 0 ? (
          <p className="mt-2 text-slate-700">Every interpreter of this language is eligible.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            {excluded.map((interpreter) => (
              <li key={interpreter.id} className="px-4 py-3">
                <span className="font-medium text-slate-900">{interpreter.name}</span>
                <span className="block text-sm text-slate-700">
                  {interpreter.reasons.join('; ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="assign-heading" className="mt-8">
        <h2 id="assign-heading" className="text-lg font-semibold text-slate-900">
          Assign an interpreter
        </h2>
        <p className="text-sm text-slate-600">
          The interpreter is asked to confirm; the booking is held for them alone meanwhile.
        </p>
        <AssignInterpreterForm
          interpreters={assignable}
          constraint={assignConstraint}
          reply={assignReply}
        />
      </section>
    </>
  )
}
