import { Form, useNavigation } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import { FieldError } from '~/components/ui/field-shell'
import {
  DateField,
  SelectField,
  TextareaField,
  TextField,
  TimeField,
} from '~/components/ui/native-fields'
import { closeoutOutcomes, MAX_EXPENSES } from '~/domain/billing'
import { MAX_CLOSEOUT_NOTE_LENGTH } from '~/domain/closeouts'
import { constraintOf, type FormConstraint } from '~/lib/forms/form-constraint'
import { useNativeForm, type FormReply } from '~/lib/forms/native-form'
import { CloseoutExpenseRows, type SavedExpense } from './closeout-expenses'

/** What the fields hold before anything was sent back: the closeout as last sent, or the booking. */
export interface CloseoutDefaults {
  outcome: string
  startDate: string
  startTime: string
  endDate: string
  endTime: string
  mileage: string
  travelMinutes: string
  note: string
}

const expenseLabels = Object.fromEntries(
  Array.from({ length: MAX_EXPENSES }, (_, index) => [
    [`expenses[${index}].description`, `Expense ${index + 1}`],
    [`expenses[${index}].amount`, `Amount of expense ${index + 1}`],
    [`expenses[${index}].receipt`, `Receipt of expense ${index + 1}`],
  ]).flat(),
)

const labels: Record<string, string> = {
  outcome: 'Outcome',
  startDate: 'Start date',
  startTime: 'Start time',
  endDate: 'End date',
  endTime: 'End time',
  mileage: 'Mileage (miles)',
  travelMinutes: 'Travel time (minutes)',
  expenses: 'Expenses',
  ...expenseLabels,
  note: 'Note to our team (optional)',
}

/**
 * The closeout form (docs/product.md#closeout): outcome, actual times in the booking's zone,
 * on-site mileage, travel time and expenses, a note. The schema's constraints come from the loader.
 */
export function CloseoutForm({
  zone,
  defaults,
  onSite,
  lateCancelled,
  expenses,
  constraint,
  reply,
}: {
  /** The booking's time zone with its name. */
  zone: string
  defaults: CloseoutDefaults
  onSite: boolean
  lateCancelled: boolean
  expenses: readonly SavedExpense[]
  constraint: FormConstraint
  reply: FormReply | undefined
}) {
  const busy = useNavigation().state === 'submitting'
  const { formProps, field, summary, formErrors, formErrorId } = useNativeForm<
    Record<string, unknown>
  >({
    lastResult: reply,
    constraint,
    labels,
  })
  // A row's field has the constraints of every row (`expenses[].amount`).
  const rowField = (name: string) => {
    const rowConstraint = constraintOf(constraint, name)
    return { ...field(name), required: rowConstraint.required === true, constraint: rowConstraint }
  }
  // Before anything was sent back, the fields show the closeout as last sent (or the booking).
  const withDefault = (name: Extract<keyof typeof defaults, string>) => {
    const named = field(name)
    return reply ? named : { ...named, initialValue: defaults[name] }
  }
  const outcomeOptions = lateCancelled
    ? closeoutOutcomes.filter((outcome) => outcome.value === 'late_cancellation')
    : closeoutOutcomes
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...formProps}
      aria-label="Closeout"
      className="mt-6 space-y-6 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <ErrorSummary {...summary} />
      {formErrors?.length ? (
        <p id={formErrorId} role="alert" className="field-error">
          {formErrors[0]}
        </p>
      ) : null}
      <SelectField
        field={withDefault('outcome')}
        options={outcomeOptions}
        placeholder="-- Choose the outcome --"
      />
      {lateCancelled ? (
        <p className="text-sm text-slate-700">
          The client cancelled this booking late: it is paid at the minimum for its modality, with
          no times to report.
        </p>
      ) : (
        <fieldset className="space-y-3">
          <legend className="field-label">Actual times, in {zone}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <DateField field={withDefault('startDate')} />
            <TimeField field={withDefault('startTime')} />
            <DateField field={withDefault('endDate')} />
            <TimeField
              field={withDefault('endTime')}
              hint="When you finished, not the booked end."
            />
          </div>
        </fieldset>
      )}
      {onSite ? (
        <>
          <TextField
            field={withDefault('mileage')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="12.4"
            hint="Miles driven for this assignment, with at most one decimal."
          />
          <TextField
            field={withDefault('travelMinutes')}
            inputMode="numeric"
            autoComplete="off"
            placeholder="45"
            hint="Minutes on the road to and from the assignment, in all."
          />
          <fieldset aria-describedby={field('expenses').errorId}>
            <legend className="field-label">
              Expenses with receipts (parking, tolls, transit)
            </legend>
            <CloseoutExpenseRows field={rowField} reply={reply} saved={expenses} />
            <FieldError field={field('expenses')} />
          </fieldset>
        </>
      ) : null}
      <TextareaField
        field={withDefault('note')}
        rows={4}
        hint={`Anything our team should know, up to ${MAX_CLOSEOUT_NOTE_LENGTH} characters.`}
      />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Sending...' : 'Send closeout'}
      </button>
    </Form>
  )
}
