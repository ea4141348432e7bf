import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import { TextareaField, TextField } from '~/components/ui/native-fields'
import { requireAdmin } from '~/auth/session.server'
import { paymentTermsLabel } from '~/domain/receivables'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { organizationBillingSchema } from '~/lib/validation/invoices'
import {
  organizationBilling,
  setOrganizationBilling,
} from '~/models/billing/organization-billing.server'
import type { Route } from './+types/organizations.billing'

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta(
    {
      title: 'Billing settings',
      description: 'An organization’s payment terms, billing address and purchase order.',
      path: `/admin/organizations/${params.organizationId}/billing`,
      noindex: true,
    },
    matches,
  )

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const found = await organizationBilling(requireUuidParam(params, 'organizationId'))
  if (!found) throw notFound()
  return {
    organization: { id: found.id, name: found.name },
    terms: paymentTermsLabel(found.paymentTermsDays),
    defaults: {
      paymentTermsDays: String(found.paymentTermsDays),
      billingAddress: found.billingAddress,
      purchaseOrder: found.purchaseOrder,
    },
    constraint: formConstraint(organizationBillingSchema),
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const organizationId = requireUuidParam(params, 'organizationId')
  const submission = parseWithZod(await request.formData(), { schema: organizationBillingSchema })
  if (submission.status !== 'success')
    return data<{ result: FormReply }>({ result: submission.reply() }, { status: 400 })
  if (!(await setOrganizationBilling(organizationId, submission.value, admin.actor)))
    throw notFound()
  return redirectWithToast(
    `/admin/organizations/${organizationId}/billing`,
    `Billing settings saved: ${paymentTermsLabel(submission.value.paymentTermsDays)}. Invoices sent from now on use them.`,
  )
}

const labels = {
  paymentTermsDays: 'Payment terms (days)',
  billingAddress: 'Billing address',
  purchaseOrder: 'PO / cost centre',
}

/** Staff set how an organization is billed; each invoice takes the settings when sent. */
export default function OrganizationBillingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { organization, terms, defaults, constraint } = loaderData
  const busy = useNavigation().state === 'submitting'
  const { formProps, field, summary } = useNativeFormWithValues<typeof labels>({
    lastResult: actionData?.result,
    constraint,
    labels,
    defaultValue: defaults,
  })
  return (
    <div className="max-w-3xl">
      <p className="flex flex-wrap gap-x-4">
        <Link to="/admin/receivables" className="text-sm font-medium text-brand-700 underline">
          Accounts receivable
        </Link>
        <Link
          to={`/admin/organizations/${organization.id}/contract`}
          className="text-sm font-medium text-brand-700 underline"
        >
          Contract and rates
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{organization.name}: billing</h1>
      <p className="mt-1 text-slate-600">
        Now {terms}. Each invoice takes these settings when it is sent: its due date is the issue
        date plus the terms, and the address and PO print on it. Invoices sent already keep theirs.
      </p>
      <Form
        method="post"
        {...formProps}
        aria-label="Billing settings"
        className="mt-6 space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <ErrorSummary {...summary} headingLevel={2} />
        <TextField
          field={field('paymentTermsDays')}
          inputMode="numeric"
          autoComplete="off"
          hint="Net 30 is 30; 0 is due on receipt."
        />
        <TextareaField
          field={field('billingAddress')}
          rows={4}
          hint="As the client’s accounts-payable department wants it on the invoice, one line each."
        />
        <TextField
          field={field('purchaseOrder')}
          autoComplete="off"
          hint="The purchase order number or cost centre the client quotes."
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          Save billing settings
        </button>
      </Form>
    </div>
  )
}
