import { data, Form, Link, useNavigation } from 'react-router'
import { InvoiceLines } from '~/components/billing/invoice-lines'
import { InvoiceStatusBadge } from '~/components/billing/invoice-status-badge'
import { requireAdmin } from '~/auth/session.server'
import { invoiceView } from '~/lib/billing/invoice-display'
import { formatDateTime } from '~/domain/format'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { invoiceActionSchema } from '~/lib/validation/invoices'
import { markInvoicePaid, sendInvoice, staffInvoice } from '~/models/billing/invoices.server'
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
  const found = await staffInvoice(requireUuidParam(params, 'invoiceId'))
  if (!found) throw notFound()
  return { ...invoiceView(found), sentByName: found.invoice.sentByName }
}

const notSentMessages = {
  sent: 'This invoice was sent already.',
  paid: 'This invoice is paid already.',
} as const

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const invoiceId = requireUuidParam(params, 'invoiceId')
  const parsed = invoiceActionSchema.safeParse({ intent: (await request.formData()).get('intent') })
  if (!parsed.success)
    return data({ error: 'Please choose Send invoice or Mark paid.' }, { status: 400 })
  const here = `/admin/invoices/${invoiceId}`
  const refuse = (error: string) => data({ error }, { status: 409 })
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
  const paid = await markInvoicePaid(invoiceId, admin.actor)
  switch (paid.outcome) {
    case 'missing':
      throw notFound()
    case 'not-sent':
      return refuse(
        paid.status === 'paid'
          ? 'This invoice is marked paid already.'
          : 'Only a sent invoice can be marked paid: send it first.',
      )
    case 'paid':
      return redirectWithToast(here, 'Invoice marked paid.')
  }
}

/** One invoice for staff: its lines and totals, the PDF, Send and Mark paid. */
export default function InvoiceDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { invoice, lines, totals, sentByName } = loaderData
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
    ['Paid', invoice.paidAt ? formatDateTime(invoice.paidAt) : 'Not yet'],
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
        {invoice.status === 'sent' ? (
          <Form method="post">
            <input type="hidden" name="intent" value="mark-paid" />
            <button type="submit" className="btn-primary" disabled={busy}>
              Mark paid
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
            ? 'Waiting for payment.'
            : 'Paid in full.'}
      </p>
      <InvoiceLines lines={lines} totals={totals} />
    </div>
  )
}
