import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import {
  CloseoutBadge,
  CloseoutStatusNote,
  CloseoutSummary,
} from '~/components/closeouts/closeout-summary'
import { CloseoutExpenseRows } from '~/components/interpreter/closeout-expenses'
import { ErrorSummary } from '~/components/ui/error-summary'
import { FieldError } from '~/components/ui/field-shell'
import {
  DateField,
  SelectField,
  TextareaField,
  TextField,
  TimeField,
} from '~/components/ui/native-fields'
import { timeZoneWithName } from '~/domain/availability'
import { closeoutOutcomes, formatMileage, MAX_EXPENSES } from '~/domain/billing'
import { formatInZone, locationLabel } from '~/domain/bookings'
import { MAX_CLOSEOUT_NOTE_LENGTH, wallClockIn } from '~/domain/closeouts'
import { bookingTitle } from '~/domain/dispatch'
import { centsAsDecimal } from '~/domain/money'
import { requireUser } from '~/lib/auth/session.server'
import { useNativeForm, type FormReply } from '~/lib/forms/native-form'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import { acceptsUploads } from '~/lib/http/route-handle'
import { seoMeta } from '~/lib/seo/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { closeoutSchema, type CloseoutFormContext } from '~/lib/validation/closeout'
import { closeoutFormOf } from '~/models/billing/closeouts.server'
import { now } from '~/platform/clock.server'
import { closeoutFromRequest } from './+shared/closeout-action.server'
import type { Route } from './+types/assignments.closeout'

// Receipts stream on to the upload parser, which enforces their limits itself.
export const handle = acceptsUploads

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Close out an assignment',
      description: 'Actual times, outcome, mileage and expenses of one assignment.',
      path: '/interpreter/assignments',
      noindex: true,
    },
    matches,
  )

type LoadedForm = NonNullable<Awaited<ReturnType<typeof closeoutFormOf>>>

function formContext(form: LoadedForm): CloseoutFormContext {
  return {
    now: now(),
    timeZone: form.booking.timeZone,
    onSite: form.onSite,
    lateCancelled: form.lateCancelled,
  }
}

async function loadForm(request: Request, params: Route.LoaderArgs['params']) {
  const user = await requireUser(request, { role: 'interpreter' })
  const bookingId = requireUuidParam(params, 'bookingId')
  const form = await closeoutFormOf(user.id, bookingId)
  if (!form) throw notFound()
  return { user, bookingId, form }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { form } = await loadForm(request, params)
  const { booking, closeout } = form
  const zone = booking.timeZone
  const start = wallClockIn(closeout?.actualStart ?? booking.startsAt, zone)
  const end = wallClockIn(closeout?.actualEnd ?? form.bookedEnd, zone)
  return {
    booking: {
      id: booking.id,
      title: bookingTitle(booking),
      when: formatInZone(booking.startsAt, zone),
      durationMinutes: booking.durationMinutes,
      locationLabel: locationLabel[booking.modality],
      location: booking.location,
      organizationName: form.organizationName,
      zone: timeZoneWithName(zone, booking.startsAt),
    },
    status: closeout?.status ?? null,
    returnReason: closeout?.returnReason ?? null,
    dueAt: formatInZone(form.dueAt, zone),
    overdue: form.overdue,
    editable: form.editable,
    onSite: form.onSite,
    lateCancelled: form.lateCancelled,
    saved: closeout
      ? {
          outcome: closeout.outcome,
          start: formatInZone(closeout.actualStart, zone),
          end: formatInZone(closeout.actualEnd, zone),
          mileage: formatMileage(closeout.mileageTenths),
          note: closeout.note,
        }
      : null,
    defaults: {
      outcome: closeout?.outcome ?? (form.lateCancelled ? 'late_cancellation' : 'completed'),
      startDate: start.date,
      startTime: start.time,
      endDate: end.date,
      endTime: end.time,
      mileage: closeout && closeout.mileageTenths > 0 ? formatMileage(closeout.mileageTenths) : '',
      note: closeout?.note ?? '',
    },
    expenses: form.expenses.map((expense) => ({
      id: expense.id,
      description: expense.description,
      amount: centsAsDecimal(expense.amountCents),
      receiptName: expense.receiptName,
    })),
    constraint: getZodConstraint(closeoutSchema(formContext(form))),
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, bookingId, form } = await loadForm(request, params)
  if (!form.editable)
    return data(
      {
        result: undefined,
        message:
          form.closeout?.status === 'approved'
            ? 'This closeout is approved: it can no longer be changed.'
            : 'This closeout is waiting for approval: our team returns it to you if something needs correcting.',
      },
      { status: 409 },
    )
  const outcome = await closeoutFromRequest(request, {
    userId: user.id,
    bookingId,
    actor: { id: user.id, name: user.name },
    context: formContext(form),
    bookedTimes: { start: form.booking.startsAt, end: form.bookedEnd },
  })
  if (outcome.outcome === 'submitted')
    throw await redirectWithToast(
      '/interpreter/assignments',
      'Closeout sent: it is waiting for approval.',
    )
  if (outcome.outcome === 'missing') throw notFound()
  return data(
    {
      result: outcome.result as FormReply,
      message:
        outcome.outcome === 'approved'
          ? 'This closeout was approved meanwhile: it can no longer be changed.'
          : null,
    },
    { status: outcome.status },
  )
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
  expenses: 'Expenses',
  ...expenseLabels,
  note: 'Note to our team (optional)',
}

export default function CloseoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, status, returnReason, dueAt, overdue, editable, saved, expenses } = loaderData
  return (
    <div className="mx-auto max-w-3xl">
      <p>
        <Link to="/interpreter/assignments" className="text-sm text-brand-700 underline">
          Back to Assignments
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Close out: {booking.title}</h1>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-600">Booked</dt>
          <dd className="text-slate-900">
            {booking.when} ({booking.durationMinutes} minutes)
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Client</dt>
          <dd className="text-slate-900">{booking.organizationName}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">{booking.locationLabel}</dt>
          <dd className="break-words text-slate-900">{booking.location}</dd>
        </div>
        {editable ? (
          <div>
            <dt className="font-medium text-slate-600">Due</dt>
            <dd className="text-slate-900">
              {dueAt}
              {overdue ? (
                <span className="ml-2">
                  <CloseoutBadge status="overdue" />
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <CloseoutStatusNote status={status} returnReason={returnReason} />
      {actionData?.message ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-sm text-red-900">
          {actionData.message}
        </p>
      ) : null}
      {editable ? (
        <CloseoutForm loaderData={loaderData} reply={actionData?.result} />
      ) : saved ? (
        <section aria-labelledby="closeout-sent-heading" className="mt-6">
          <h2 id="closeout-sent-heading" className="text-lg font-semibold text-slate-900">
            Your closeout
          </h2>
          <CloseoutSummary
            closeout={saved}
            expenses={expenses}
            receiptHref={(expense) =>
              `/interpreter/assignments/${booking.id}/receipts/${expense.id}`
            }
          />
        </section>
      ) : null}
    </div>
  )
}

function CloseoutForm({
  loaderData,
  reply,
}: {
  loaderData: Route.ComponentProps['loaderData']
  reply: FormReply | undefined
}) {
  const { booking, defaults, onSite, lateCancelled, expenses, constraint } = loaderData
  const busy = useNavigation().state === 'submitting'
  const { formProps, field, summary } = useNativeForm<Record<string, unknown>>({
    lastResult: reply,
    constraint,
    labels,
  })
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
          <legend className="field-label">Actual times, in {booking.zone}</legend>
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
          <fieldset aria-describedby={field('expenses').errorId}>
            <legend className="field-label">
              Expenses with receipts (parking, tolls, transit)
            </legend>
            <CloseoutExpenseRows field={field} reply={reply} saved={expenses} />
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
