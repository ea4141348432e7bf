import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import { InvoiceBillingFacts } from '~/components/billing/invoice-billing-facts'
import { InvoiceLines } from '~/components/billing/invoice-lines'
import { InvoicePayments } from '~/components/billing/invoice-payments'
import { InvoiceStatusBadge } from '~/components/billing/invoice-status-badge'
import { ErrorSummary } from '~/components/ui/error-summary'
import { DateField, SelectField, TextField } from '~/components/ui/native-fields'
import { requireAdmin } from '~/auth/session.server'
import { invoicePaymentCells, invoiceView } from '~/lib/billing/invoice-display'
import { formatDateTime } from '~/domain/format'
import { centsAsDecimal, formatCents, parseDecimal } from '~/domain/money'
import { calendarDate } from '~/domain/onboarding'
import { paymentMethods, type PaymentMethod } from '~/domain/receivables'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { invoiceActionSchema, invoicePaymentSchema } from '~/lib/validation/invoices'
import type { Actor } from '~/models/audit.server'
import { paymentsOf, recordInvoicePayment } from '~/models/billing/invoice-payments.server'
import { sendInvoice, staffInvoice } from '~/models/billing/invoices.server'
import { now } from '~/platform/clock.server'
import type { Route } from './+types/invoices.detail'

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta(
    {
      title: 'Invoice',
      description: 'One client invoice: its lines, sending and payment.',
      path: `/admin/invoices/${params.invoiceId}`,
      noindex: true,
    },
    matches,
  )

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const invoiceId = requireUuidParam(params, 'invoiceId')
  const [found, payments] = await Promise.all([staffInvoice(invoiceId), paymentsOf(invoiceId)])
  if (!found) throw notFound()
  const today = calendarDate(now())
  const view = invoiceView(found)
  return {
    ...view,
    organizationId: found.invoice.organizationId,
    sentByName: found.invoice.sentByName,
    payments: payments.map(invoicePaymentCells),
    today,
    constraint: formConstraint(invoicePaymentSchema(today)),
    paymentDefaults: {
      amount: centsAsDecimal(view.invoice.balanceCents),
      receivedOn: today,
      method: 'check',
      reference: '',
    },
  }
}

interface PaymentReply {
  result?: FormReply
  error?: string
}

const notSentMessages = {
  sent: 'This invoice was sent already.',
  paid: 'This invoice is paid already.',
} as const

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const invoiceId = requireUuidParam(params, 'invoiceId')
  const formData = await request.formData()
  const parsed = invoiceActionSchema.safeParse({ intent: formData.get('intent') })
  if (!parsed.success)
    return data<PaymentReply>(
      { error: 'Please choose Send invoice or Record payment.' },
      { status: 400 },
    )
  const here = `/admin/invoices/${invoiceId}`
  const refuse = (error: string) => data<PaymentReply>({ error }, { status: 409 })
  if (parsed.data.intent === 'send') {
    const sent = await sendInvoice(invoiceId, admin.actor)
    switch (sent.outcome) {
      case 'missing':
        throw notFound()
      case 'empty':
        return refuse('An invoice with no lines cannot be sent.')
      case 'not-open':
        return refuse(notSentMessages[sent.status])
      case 'sent':
        return redirectWithToast(
          here,
          sent.recipients === 0
            ? 'Invoice sent. The organization has no manager to e-mail.'
            : `Invoice sent and e-mailed to ${sent.recipients} ${sent.recipients === 1 ? 'manager' : 'managers'}.`,
        )
    }
  }
  return paymentAction(formData, invoiceId, admin.actor)
}

/**
 * Records a payment or credit note. The form's own checks first (400 beside the field); then
 * the model, with the invoice locked, refuses more than the balance (400, beside the amount).
 */
async function paymentAction(formData: FormData, invoiceId: string, actor: Actor) {
  const submission = parseWithZod(formData, {
    schema: invoicePaymentSchema(calendarDate(now())),
  })
  if (submission.status !== 'success')
    return data<PaymentReply>({ result: submission.reply() }, { status: 400 })
  const { amount, receivedOn, method, reference } = submission.value
  const recorded = await recordInvoicePayment(
    invoiceId,
    { amountCents: parseDecimal(amount, 2)!, receivedOn, method, reference },
    actor,
  )
  switch (recorded.outcome) {
    case 'missing':
      throw notFound()
    case 'not-sent':
      return data<PaymentReply>(
        { error: 'Only a sent invoice can be paid: send it first.' },
        { status: 409 },
      )
    case 'refused':
      return data<PaymentReply>(
        { result: submission.reply({ fieldErrors: { amount: [recorded.message] } }) },
        { status: 400 },
      )
    case 'recorded':
      return redirectWithToast(
        `/admin/invoices/${invoiceId}`,
        recorded.paid
          ? 'Payment recorded. The invoice is paid in full; the managers were e-mailed a receipt.'
          : `${method === 'credit_note' ? 'Credit note' : 'Payment'} recorded. Balance due: ${formatCents(recorded.balanceCents)}.`,
      )
  }
}

const paymentLabels = {
  amount: 'Amount (US dollars)',
  receivedOn: 'Received on',
  method: 'Method',
  reference: 'Reference',
}

/** Record payment: the balance, today and a check by default; a credit note needs its reason. */
function PaymentForm({
  constraint,
  defaults,
  today,
  lastResult,
}: {
  constraint: Route.ComponentProps['loaderData']['constraint']
  defaults: Route.ComponentProps['loaderData']['paymentDefaults']
  today: string
  lastResult: FormReply | undefined
}) {
  const busy = useNavigation().formData?.get('intent') === 'payment'
  const { formProps, field, summary } = useNativeFormWithValues<typeof paymentLabels>({
    lastResult,
    constraint,
    labels: paymentLabels,
    defaultValue: defaults,
  })
  return (
    <section
      aria-labelledby="record-payment-heading"
      className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="record-payment-heading" className="text-lg font-semibold text-slate-900">
        Record payment
      </h2>
      <Form
        method="post"
        {...formProps}
        aria-label="Record payment"
        className="mt-3 space-y-4"
        preventScrollReset
      >
        <ErrorSummary {...summary} headingLevel={3} />
        <input type="hidden" name="intent" value="payment" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={field('amount')}
            inputMode="decimal"
            autoComplete="off"
            hint="Dollars and cents; at most the balance. A part payment leaves the rest due."
          />
          <DateField field={field('receivedOn')} max={today} />
          <SelectField
            field={field('method')}
            options={paymentMethods satisfies readonly { value: PaymentMethod; label: string }[]}
            placeholder="Choose how it was paid"
            hint="A credit note lowers the balance without money received."
          />
          <TextField
            field={field('reference')}
            autoComplete="off"
            hint="Check number or bank reference; for a credit note, its reason."
          />
        </div>
        <button type="submit" className="btn-primary" disabled={busy}>
          Record payment
        </button>
      </Form>
    </section>
  )
}

/** One invoice for staff: its lines and totals, the PDF, Send, payments and Record payment. */
export default function InvoiceDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { invoice, lines, totals, sentByName, billing, payments } = loaderData
  const busy = useNavigation().state === 'submitting'
  const details: [string, string][] = [
    ['Client', invoice.organizationName],
    ['Period', invoice.period],
    [
      'Sent',
      invoice.sentAt
        ? `${formatDateTime(invoice.sentAt)}${sentByName ? ` by ${sentByName}` : ''}`
        : 'Not yet',
    ],
    ['Paid in full', invoice.paidAt ? formatDateTime(invoice.paidAt) : 'Not yet'],
    ['Balance due', totals.balance],
  ]
  return (
    <div className="max-w-6xl">
      <p>
        <Link to="/admin/invoices" className="text-sm font-medium text-brand-700 underline">
          Back to Invoices
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Invoice {invoice.number}</h1>
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      {actionData?.error ? (
        <p
          role="alert"
          className="mt-3 rounded-md border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-900"
        >
          {actionData.error}
        </p>
      ) : null}
      <dl className="mt-6 grid gap-x-6 gap-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
        {details.map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm font-medium text-slate-600">{term}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {invoice.status === 'open' && invoice.lineCount > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="send" />
            <button type="submit" className="btn-primary" disabled={busy}>
              Send invoice
            </button>
          </Form>
        ) : null}
        <a href={`/admin/invoices/${invoice.id}/pdf`} className="btn-secondary" download>
          {invoice.status === 'open' ? 'Download draft PDF' : 'Download PDF'}
        </a>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {invoice.status === 'open'
          ? invoice.lineCount > 0
            ? 'Sending e-mails the PDF to every manager of the organization; lines approved afterwards go on next month’s invoice.'
            : 'An invoice with no lines cannot be sent.'
          : invoice.status === 'sent'
            ? `Waiting for payment: ${totals.balance} due.`
            : 'Paid in full.'}
      </p>
      <InvoiceBillingFacts facts={billing} />
      <p className="mt-2 text-sm text-slate-600">
        <Link
          to={`/admin/organizations/${loaderData.organizationId}/billing`}
          className="font-medium text-brand-700 underline"
        >
          Billing settings of {invoice.organizationName}
        </Link>{' '}
        (payment terms, billing address, PO / cost centre).
      </p>
      {invoice.status === 'sent' ? (
        <PaymentForm
          // A new balance is a fresh form: the last payment's amount and reference, still
          // typed after the save, must not be one click away from being recorded twice.
          key={invoice.balanceCents}
          constraint={loaderData.constraint}
          defaults={loaderData.paymentDefaults}
          today={loaderData.today}
          lastResult={actionData?.result}
        />
      ) : null}
      <InvoiceLines lines={lines} totals={totals} />
      {invoice.status !== 'open' ? <InvoicePayments payments={payments} showRecordedBy /> : null}
    </div>
  )
}
