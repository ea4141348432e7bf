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

/** An organization's contract for calls sets the client's side only. */
const { interpreterRate: _pay, ...contractLabels } = labels

/**
 * The default rates (the Rates screen), or one organization's contract for calls (its
 * contract screen), which leaves the interpreter's pay to the default.
 */
export type CallRatesVariant = 'default' | 'contract'

const incrementOptions = billingIncrements.map((increment) => ({
  value: String(increment),
  label:
    increment === 1 ? 'Each started minute' : `To the next ${billingIncrementLabels[increment]}`,
}))

export interface CallRatesForm {
  media: CallMedia
  inForceSince: Date
  /** On a contract screen: whether the organization has a contract for these calls. */
  underContract?: boolean
  defaults: Partial<Record<keyof typeof labels, string>>
}

interface CallRateRow {
  id: string
  media: CallMedia
  clientRateUnits: number
  interpreterRateUnits: number | null
  minimumMinutes: number
  incrementMinutes: number
  effectiveFrom: Date
  createdAt: Date
  createdByName: string | null
}

function MediaRatesForm({
  form,
  variant,
  constraint,
  lastResult,
}: {
  form: CallRatesForm
  variant: CallRatesVariant
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
    labels: variant === 'contract' ? (contractLabels as typeof labels) : labels,
    defaultValue: form.defaults,
  })
  const name = form.media === 'video' ? 'Video calls' : 'Audio-only calls'
  const kind = form.media === 'video' ? 'video call' : 'audio-only call'
  const what = variant === 'contract' ? 'contract' : 'rates'
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
        {variant === 'default'
          ? `In force since ${formatDateTime(form.inForceSince)}.`
          : form.underContract
            ? `Under contract since ${formatDateTime(form.inForceSince)}.`
            : 'No contract for these calls: the default rates apply.'}
      </p>
      <Form
        method="post"
        {...formProps}
        aria-label={`${kind[0]!.toUpperCase()}${kind.slice(1)} ${what}`}
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
        {variant === 'default' ? (
          <TextField
            field={field('interpreterRate')}
            inputMode="decimal"
            autoComplete="off"
            hint="Up to 4 decimals. Paid per started minute."
          />
        ) : null}
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
          Save {kind} {what}
        </button>
      </Form>
    </section>
  )
}

/**
 * The on-demand call rates per medium (docs/product.md#on-demand-call-billing), beside the
 * booking rates: a call is billed at the rates of its medium in force when it started. As the
 * `contract` variant, one organization's contract for calls: the client's rate, minimum and
 * rounding in place of the default's.
 */
export function CallRatesSection({
  forms,
  variant = 'default',
  constraint,
  history,
  lastResultFor,
}: {
  forms: CallRatesForm[]
  variant?: CallRatesVariant
  constraint: FormConstraint
  history: CallRateRow[]
  lastResultFor: (media: CallMedia) => FormReply | undefined
}) {
  const contract = variant === 'contract'
  return (
    <section aria-labelledby="call-rates-heading" className="mt-8">
      <h2 id="call-rates-heading" className="text-lg font-semibold text-slate-900">
        On-demand calls
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {contract
          ? 'What this organization is charged for Connect now calls, in place of the default call rates. The interpreter is paid the default call rate.'
          : 'Connect now calls are billed from both sides connected to the first hang-up. A client who hangs up within 30 seconds is not billed; the interpreter is then paid by the second.'}
      </p>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        {forms.map((form) => (
          <MediaRatesForm
            // A save adds a history row: the forms start again from what is now in force.
            key={`${form.media}-${history[0]?.id ?? ''}`}
            form={form}
            variant={variant}
            constraint={constraint}
            lastResult={lastResultFor(form.media)}
          />
        ))}
      </div>
      <DataTable
        caption={
          contract ? 'Call contract history, the latest 20' : 'Call rate history, the latest 20'
        }
        dense
        className="mt-4"
        rows={history}
        rowKey={(row) => row.id}
        empty={contract ? 'No contract for calls saved yet.' : 'No call rates saved yet.'}
        columns={[
          {
            header: 'Calls',
            rowHeader: true,
            className: 'font-medium text-slate-900',
            cell: (row) => callMediaLabels[row.media],
          },
          { header: 'Client rate', cell: (row) => formatRateUnits(row.clientRateUnits) },
          ...(contract
            ? []
            : [
                {
                  header: 'Interpreter rate',
                  cell: (row: CallRateRow) => formatRateUnits(row.interpreterRateUnits ?? 0),
                },
              ]),
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
