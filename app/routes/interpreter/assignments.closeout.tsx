import { data, Link } from 'react-router'
import {
  CloseoutBadge,
  CloseoutStatusNote,
  CloseoutSummary,
} from '~/components/billing/closeout-summary'
import { CloseoutForm } from '~/components/interpreter/closeout-form'
import { timeZoneWithName } from '~/domain/availability'
import { formatMileage } from '~/domain/billing'
import { locationLabel } from '~/domain/bookings'
import { formatInZone } from '~/domain/format'
import { wallClockIn } from '~/domain/closeouts'
import { bookingTitle } from '~/domain/dispatch'
import { centsAsDecimal } from '~/domain/money'
import { requireUser } from '~/auth/session.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import type { FormReply } from '~/lib/forms/native-form'
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
      description: 'Actual times, outcome, mileage, travel time and expenses of one assignment.',
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
    bookedStart: form.booking.startsAt,
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
          travelMinutes: closeout.travelMinutes,
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
      travelMinutes: closeout && closeout.travelMinutes > 0 ? String(closeout.travelMinutes) : '',
      note: closeout?.note ?? '',
    },
    expenses: form.expenses.map((expense) => ({
      id: expense.id,
      description: expense.description,
      amount: centsAsDecimal(expense.amountCents),
      receiptName: expense.receiptName,
    })),
    constraint: formConstraint(closeoutSchema(formContext(form))),
  }
}

const refusals = {
  approved: 'This closeout is approved: it can no longer be changed.',
  approvedMeanwhile: 'This closeout was approved meanwhile: it can no longer be changed.',
  waiting:
    'This closeout is waiting for approval: our team returns it to you if something needs correcting.',
} as const

export async function action({ request, params }: Route.ActionArgs) {
  const { user, bookingId, form } = await loadForm(request, params)
  // A quick answer before the receipts are read; submitCloseout decides again under the
  // booking's lock, since the closeout can be sent or approved while the body arrives.
  if (!form.editable)
    return data(
      {
        result: undefined,
        message: form.closeout?.status === 'approved' ? refusals.approved : refusals.waiting,
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
          ? refusals.approvedMeanwhile
          : outcome.outcome === 'waiting'
            ? refusals.waiting
            : null,
    },
    { status: outcome.status },
  )
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
        <CloseoutForm
          zone={loaderData.booking.zone}
          defaults={loaderData.defaults}
          onSite={loaderData.onSite}
          lateCancelled={loaderData.lateCancelled}
          expenses={loaderData.expenses}
          constraint={loaderData.constraint}
          reply={actionData?.result}
        />
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
