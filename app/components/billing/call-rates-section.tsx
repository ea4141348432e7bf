import { Form, useNavigation } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { ErrorSummary } from '~/components/ui/error-summary'
import { SelectField, TextField } from '~/components/ui/native-fields'
import { DateTimeField } from '~/components/ui/native-inputs'
import { formatRateUnits } from '~/domain/billing'
import { callMediaLabels } from '~/domain/call-billing'
import type { CallMedia } from '~/domain/call-routing'
import { billingIncrementLabels, billingIncrements } from '~/domain/contracts'
import { formatDateTime } from '~/domain/format'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'

/** The Rates page's forms for on-demand calls: told apart from the others by this intent. */
export const CALL_RATES_INTENT = 'call-rates'

const labels = {
  clientRate: 'Client rate per minute (USD)',
  interpreterRate: 'Interpreter rate per minute (USD)',
  minimumMinutes: 'Minimum billable minutes',
  increment: 'Rounding',
  effectiveFrom: 'In force from',
}

const incrementOptions = billingIncrements.map((increment) => ({
  value: String(increment),
  label:
    increment === 1 ? 'Each started minute' : `To the next ${billingIncrementLabels[increment]}`,
}))

export interface CallRatesForm {
  media: CallMedia
  inForceSince: Date
  defaults: Record<keyof typeof labels, string>
}

interface CallRateRow {
  id: string
  media: CallMedia
  clientRateUnits: number
  interpreterRateUnits: number
  minimumMinutes: number
  incrementMinutes: number
  effectiveFrom: Date
  createdAt: Date
  createdByName: string | null
}

function MediaRatesForm({
  form,
  constraint,
  lastResult,
}: {
  form: CallRatesForm
  constraint: FormConstraint
  lastResult: FormReply | undefined
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === CALL_RATES_INTENT &&
    navigation.formData.get('media') === form.media
  const { formProps, field, summary } = useNativeFormWithValues<typeof labels>({
    lastResult,
    constraint,
    labels,
    defaultValue: form.defaults,
  })
  const name = form.media === 'video' ? 'Video calls' : 'Audio-only calls'
  const kind = form.media === 'video' ? 'video call' : 'audio-only call'
  const headingId = `call-rates-${form.media}-heading`
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {name}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        In force since {formatDateTime(form.inForceSince)}.
      </p>
      <Form
        method="post"
        {...formProps}
        aria-label={`${kind[0]!.toUpperCase()}${kind.slice(1)} rates`}
        className="mt-3 space-y-4"
        preventScrollReset
      >
        <ErrorSummary {...summary} headingLevel={3} />
        <input type="hidden" name="intent" value={CALL_RATES_INTENT} />
        <input type="hidden" name="media" value={form.media} />
        <TextField
          field={field('clientRate')}
          inputMode="decimal"
          autoComplete="off"
          hint="Up to 4 decimals."
        />
        <TextField
          field={field('interpreterRate')}
          inputMode="decimal"
          autoComplete="off"
          hint="Up to 4 decimals. Paid per started minute."
        />
        <TextField field={field('minimumMinutes')} inputMode="numeric" autoComplete="off" />
        <SelectField
          field={field('increment')}
          options={incrementOptions}
          placeholder="-- Choose the rounding --"
          hint="The client's connected time is rounded up to it."
        />
        <DateTimeField
          field={field('effectiveFrom')}
          hint="Eastern Time; now or later. Calls already made keep their rates."
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          Save {kind} rates
        </button>
      </Form>
    </section>
  )
}

/**
 * The on-demand call rates per medium (docs/product.md#on-demand-call-billing), beside the
 * booking rates: a call is billed at the rates of its medium in force when it started.
 */
export function CallRatesSection({
  forms,
  constraint,
  history,
  lastResultFor,
}: {
  forms: CallRatesForm[]
  constraint: FormConstraint
  history: CallRateRow[]
  lastResultFor: (media: CallMedia) => FormReply | undefined
}) {
  return (
    <section aria-labelledby="call-rates-heading" className="mt-8">
      <h2 id="call-rates-heading" className="text-lg font-semibold text-slate-900">
        On-demand calls
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Connect now calls are billed from both sides connected to the first hang-up. A client who
        hangs up within 30 seconds is not billed; the interpreter is then paid by the second.
      </p>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        {forms.map((form) => (
          <MediaRatesForm
            // A save adds a history row: the forms start again from what is now in force.
            key={`${form.media}-${history[0]?.id ?? ''}`}
            form={form}
            constraint={constraint}
            lastResult={lastResultFor(form.media)}
          />
        ))}
      </div>
      <DataTable
        caption="Call rate history, the latest 20"
        dense
        className="mt-4"
        rows={history}
        rowKey={(row) => row.id}
        empty="No call rates saved yet."
        columns={[
          {
            header: 'Calls',
            rowHeader: true,
            className: 'font-medium text-slate-900',
            cell: (row) => callMediaLabels[row.media],
          },
          { header: 'Client rate', cell: (row) => formatRateUnits(row.clientRateUnits) },
          { header: 'Interpreter rate', cell: (row) => formatRateUnits(row.interpreterRateUnits) },
          { header: 'Minimum', cell: (row) => `${row.minimumMinutes} min` },
          {
            header: 'Rounding',
            cell: (row) =>
              incrementOptions.find((option) => option.value === String(row.incrementMinutes))
                ?.label ?? `${row.incrementMinutes} min`,
          },
          { header: 'In force from', cell: (row) => formatDateTime(row.effectiveFrom) },
          {
            header: 'Saved',
            cell: (row) =>
              `${formatDateTime(row.createdAt)}${row.createdByName ? ` by ${row.createdByName}` : ''}`,
          },
        ]}
      />
    </section>
  )
}
