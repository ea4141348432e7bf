import { parseWithZod } from '@conform-to/zod/v4'
import { Fragment } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { RouteDialog } from '~/components/admin/route-dialog'
import { CloseoutBadge, CloseoutSummary } from '~/components/billing/closeout-summary'
import { ErrorSummary } from '~/components/ui/error-summary'
import { TextareaField } from '~/components/ui/native-fields'
import { formatMileage, formatRateUnits } from '~/domain/billing'
import { payRateSourceLabel, premiumLabel } from '~/domain/contracts'
import { formatInZone } from '~/domain/format'
import { bookingTitle } from '~/domain/dispatch'
import { centsAsDecimal, formatCents } from '~/domain/money'
import { requireAdmin } from '~/auth/session.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { useNativeForm, type FormReply } from '~/lib/forms/native-form'
import { formatDateTime } from '~/domain/format'
import { revalidateAfterConflict } from '~/lib/http/conflict-revalidation'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { dataWithToast, redirectWithToast } from '~/lib/toast.server'
import { approveCloseoutSchema, returnCloseoutSchema } from '~/lib/validation/closeout'
import { staffCloseout } from '~/models/billing/closeout-list.server'
import { approveCloseout, returnCloseout } from '~/models/billing/closeout-review.server'
import type { Route } from './+types/closeouts.detail'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Closeout',
      description: 'One closeout: times, outcome, expenses and the amounts it posts.',
      path: '/admin/closeouts',
      noindex: true,
    },
    matches,
  )

/** The travel time's row of a preview card, when the interpreter reported any. */
function travelTimeRow(line: { travelMinutes: number; travelTimeCents: number }) {
  return line.travelMinutes > 0
    ? [['Travel time', `${line.travelMinutes} min, ${formatCents(line.travelTimeCents)}`]]
    : []
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const found = await staffCloseout(requireUuidParam(params, 'bookingId'))
  if (!found) throw notFound()
  const { booking, closeout, price } = found
  const { pay, charge } = price
  const zone = booking.timeZone
  return {
    bookingId: booking.id,
    title: bookingTitle(booking),
    when: `${formatInZone(booking.startsAt, zone)} (${booking.durationMinutes} minutes booked)`,
    organizationName: found.organizationName,
    interpreterName: `${found.interpreterFirstName} ${found.interpreterLastName}`,
    status: closeout.status,
    version: closeout.version,
    returnReason: closeout.returnReason,
    submittedAt: formatDateTime(closeout.submittedAt),
    reviewed:
      closeout.reviewedAt && found.reviewerName
        ? `${found.reviewerName}, ${formatDateTime(closeout.reviewedAt)}`
        : null,
    closeout: {
      outcome: closeout.outcome,
      start: formatInZone(closeout.actualStart, zone),
      end: formatInZone(closeout.actualEnd, zone),
      mileage: formatMileage(closeout.mileageTenths),
      travelMinutes: closeout.travelMinutes,
      note: closeout.note,
    },
    expenses: found.expenses.map((expense) => ({
      id: expense.id,
      description: expense.description,
      amount: centsAsDecimal(expense.amountCents),
      receiptName: expense.receiptName,
    })),
    preview: {
      minimumMinutes: price.minimumMinutes,
      cards: [
        {
          line: 'Interpreter pay',
          rows: [
            ['Minutes', String(pay.minutes)],
            [
              'Rate per minute',
              `${formatRateUnits(pay.rateUnits)} (${payRateSourceLabel(pay.rateSource, booking.language)})`,
            ],
            ['Amount', formatCents(pay.amountCents)],
            ['Travel', formatCents(pay.mileageCents + pay.expensesCents)],
            ...travelTimeRow(pay),
          ],
          total: formatCents(pay.totalCents),
        },
        {
          line: 'Client charge',
          rows: [
            ['Minutes', charge.minutes === null ? 'Late-cancellation fee' : String(charge.minutes)],
            [
              'Rate per minute',
              `${charge.rateUnits === null ? '—' : formatRateUnits(charge.rateUnits)} (${price.contractId ? 'contract' : 'default rates'})`,
            ],
            ['Amount', formatCents(charge.amountCents)],
            ...charge.premiums.map((premium) => [
              premiumLabel(premium),
              formatCents(premium.cents),
            ]),
            ['Travel', formatCents(charge.mileageCents + charge.expensesCents)],
            ...travelTimeRow(charge),
          ],
          total: formatCents(charge.totalCents),
        },
      ],
    },
    constraint: formConstraint(returnCloseoutSchema),
  }
}

interface DecisionReply {
  result?: FormReply
  error?: string
}

const decisionMessages = {
  'not-waiting': 'This closeout was already decided: nothing was changed.',
  changed:
    'This closeout was sent again after you opened it: nothing was approved. Please check it as it is now before you approve it.',
  outdated:
    'This page was out of date: nothing was approved. Please check the closeout as it is now before you approve it.',
  missing: 'This closeout no longer exists.',
} as const

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const bookingId = requireUuidParam(params, 'bookingId')
  const formData = await request.formData()
  if (formData.get('intent') === 'approve') {
    const approval = approveCloseoutSchema.safeParse(Object.fromEntries(formData))
    // Without the version the page showed, the approval would bind to whatever is stored.
    if (!approval.success)
      return data<DecisionReply>({ error: decisionMessages.outdated }, { status: 409 })
    const decision = await approveCloseout(bookingId, approval.data, admin.actor)
    if (decision === 'missing') throw notFound()
    if (decision !== 'done')
      return data<DecisionReply>({ error: decisionMessages[decision] }, { status: 409 })
    // Decided: the dialog closes onto the list, whose live region says so once.
    return redirectWithToast(
      '/admin/closeouts',
      'Closeout approved: it is on the statement and the invoice.',
    )
  }
  const submission = parseWithZod(formData, { schema: returnCloseoutSchema })
  if (submission.status !== 'success')
    return data<DecisionReply>({ result: submission.reply() }, { status: 400 })
  const decision = await returnCloseout(bookingId, submission.value.reason, admin.actor)
  if (decision === 'missing') throw notFound()
  if (decision === 'not-waiting')
    return data<DecisionReply>({ error: decisionMessages[decision] }, { status: 409 })
  return dataWithToast<DecisionReply>(
    { result: submission.reply({ resetForm: true }) },
    'Closeout returned; the interpreter was e-mailed the reason.',
  )
}

// A refused decision (409: decided already, or sent again) shows the closeout as it is now.
export const shouldRevalidate = revalidateAfterConflict

/** One closeout for staff: what the interpreter reported, what approving posts, the decision. */
export default function StaffCloseout({ loaderData, actionData }: Route.ComponentProps) {
  const { bookingId, status, preview } = loaderData
  const answer = actionData as DecisionReply | undefined
  return (
    <RouteDialog title={`Closeout: ${loaderData.interpreterName}`} closeTo="/admin/closeouts" wide>
      <div className="flex flex-wrap items-center gap-3">
        <CloseoutBadge status={status} />
        <p className="text-sm text-slate-700">
          Sent {loaderData.submittedAt}
          {loaderData.reviewed ? `; decided by ${loaderData.reviewed}` : ''}
        </p>
      </div>
      {answer?.error ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {answer.error}
        </p>
      ) : null}
      <p className="mt-4 font-medium text-slate-900">{loaderData.title}</p>
      <p className="text-sm text-slate-700">
        {loaderData.when}, for {loaderData.organizationName}
      </p>
      {status === 'returned' && loaderData.returnReason ? (
        <p className="mt-2 text-sm break-words text-slate-900">
          <strong>Returned:</strong> {loaderData.returnReason}
        </p>
      ) : null}
      <CloseoutSummary
        closeout={loaderData.closeout}
        expenses={loaderData.expenses}
        receiptHref={(expense) => `/admin/closeouts/${bookingId}/receipts/${expense.id}`}
      />
      <section aria-labelledby="amounts-heading" className="mt-5">
        <h3 id="amounts-heading" className="font-semibold text-slate-900">
          {status === 'approved' ? 'Amounts' : 'Amounts approving posts'}
        </h3>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {preview.cards.map(({ line, rows, total }) => (
            <section key={line} aria-label={line} className="rounded-md bg-slate-50 p-3 text-sm">
              <h4 className="font-medium text-slate-900">{line}</h4>
              <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1">
                {rows.map(([term, value]) => (
                  <Fragment key={term}>
                    <dt className="text-slate-600">{term}</dt>
                    <dd className="text-slate-900">{value}</dd>
                  </Fragment>
                ))}
                <dt className="font-medium text-slate-900">Total</dt>
                <dd className="font-medium text-slate-900">{total}</dd>
              </dl>
            </section>
          ))}
        </div>
        <p className="mt-1 text-xs text-slate-600">
          Billable minutes: the actual minutes, at least the minimum of {preview.minimumMinutes} for
          this modality; the client&rsquo;s contract may round them up and add premiums. Travel is
          mileage and expenses; travel time is paid to the minute and billed rounded up to the
          contract&rsquo;s increment.
        </p>
      </section>
      {status === 'submitted' ? (
        <DecisionForms
          reply={answer}
          constraint={loaderData.constraint}
          version={loaderData.version}
        />
      ) : null}
    </RouteDialog>
  )
}

function DecisionForms({
  reply,
  constraint,
  version,
}: {
  reply: DecisionReply | undefined
  constraint: Route.ComponentProps['loaderData']['constraint']
  /** The version shown: approving binds to it. */
  version: number
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const { formProps, field, summary } = useNativeForm<{ reason: string }>({
    lastResult: reply?.result,
    constraint,
    labels: { reason: 'Reason for returning it' },
  })
  return (
    <section aria-labelledby="decision-heading" className="mt-5">
      <h3 id="decision-heading" className="font-semibold text-slate-900">
        Decision
      </h3>
      <Form method="post" preventScrollReset className="mt-2">
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="version" value={version} />
        <button type="submit" className="btn-primary" disabled={busy}>
          Approve
        </button>
      </Form>
      <Form
        method="post"
        preventScrollReset
        {...formProps}
        aria-label="Return to the interpreter"
        className="mt-4 space-y-3 rounded-md bg-slate-50 p-4"
      >
        <ErrorSummary {...summary} headingLevel={3} />
        <input type="hidden" name="intent" value="return" />
        <TextareaField
          field={field('reason')}
          rows={3}
          hint="The interpreter receives it by e-mail and sees it on the closeout."
        />
        <button type="submit" className="btn-secondary" disabled={busy}>
          Return
        </button>
      </Form>
    </section>
  )
}
