import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { CALL_RATES_INTENT, CallRatesSection } from '~/components/billing/call-rates-section'
import { ErrorSummary } from '~/components/ui/error-summary'
import { SelectField, TextField } from '~/components/ui/native-fields'
import { DateTimeField } from '~/components/ui/native-inputs'
import { requireAdmin } from '~/auth/session.server'
import type { Actor } from '~/models/audit.server'
import { formatRateUnits, rateInput, travelRateInput } from '~/domain/billing'
import {
  billingIncrementLabels,
  billingIncrements,
  type ContractTerms,
  type BillingIncrement,
} from '~/domain/contracts'
import { formatDateTime } from '~/domain/format'
import { modalityLabel, type Modality } from '~/domain/interpreter-profile'
import { centsAsDecimal, formatCents } from '~/domain/money'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { callContractFromValues, callContractSchema } from '~/lib/validation/call-rates'
import { contractFromValues, contractSchema } from '~/lib/validation/contracts'
import { IN_FORCE_GRACE_MS, officeDateTime } from '~/lib/validation/rates'
import {
  callRateHistory,
  organizationCallTerms,
  setCallContract,
} from '~/models/billing/call-rates.server'
import { organizationContracts, setContract } from '~/models/billing/contracts.server'
import { organizationBilling } from '~/models/billing/organization-billing.server'
import { RateRuleError } from '~/models/billing/rates.server'
import { now } from '~/platform/clock.server'
import type { Route } from './+types/organizations.contract'

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta(
    {
      title: 'Contract',
      description:
        'An organization’s contract: its rates, minimums, premiums and cancellation terms.',
      path: `/admin/organizations/${params.organizationId}/contract`,
      noindex: true,
    },
    matches,
  )

function formDefaults(terms: ContractTerms, effectiveFrom: string) {
  return {
    clientRate: rateInput(terms.clientRateUnits),
    minimumMinutes: String(terms.minimumMinutes),
    increment: String(terms.incrementMinutes),
    rareLanguagePremium: String(terms.rareLanguagePremiumPercent),
    rushPremium: String(terms.rushPremiumPercent),
    afterHoursPremium: String(terms.afterHoursPremiumPercent),
    cancellationWindowHours: String(terms.cancellationWindowHours),
    lateCancellationFee:
      terms.lateCancellationFeeCents === null ? '' : centsAsDecimal(terms.lateCancellationFeeCents),
    mileageRate: centsAsDecimal(terms.mileageCentsPerMile),
    travelRate: travelRateInput(terms.travelRateUnits),
    effectiveFrom,
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const organizationId = requireUuidParam(params, 'organizationId')
  const organization = await organizationBilling(organizationId)
  if (!organization) throw notFound()
  const at = now()
  const [{ current, history }, callTerms, callHistory] = await Promise.all([
    organizationContracts(organizationId),
    organizationCallTerms(organizationId, at),
    callRateHistory(20, organizationId),
  ])
  const startsNow = officeDateTime(at)
  return {
    organization: { id: organization.id, name: organization.name },
    constraint: formConstraint(contractSchema(at)),
    forms: current.map(({ modality, terms, contractId }) => ({
      modality,
      underContract: contractId !== null,
      defaults: formDefaults(terms, startsNow),
    })),
    history: history.map(({ contract, createdByName }) => ({ ...contract, createdByName })),
    calls: {
      constraint: formConstraint(callContractSchema(at)),
      forms: callTerms.map(({ media, underContract, rate }) => ({
        media,
        underContract,
        inForceSince: rate.effectiveFrom,
        defaults: {
          clientRate: rateInput(rate.clientRateUnits),
          minimumMinutes: String(rate.minimumMinutes),
          increment: String(rate.incrementMinutes),
          effectiveFrom: startsNow,
        },
      })),
      history: callHistory,
    },
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const organizationId = requireUuidParam(params, 'organizationId')
  const formData = await request.formData()
  if (formData.get('intent') === CALL_RATES_INTENT)
    return callContractAction(organizationId, formData, admin.actor)
  const submission = parseWithZod(formData, { schema: contractSchema(now()) })
  const modality = String(formData.get('modality') ?? '')
  if (submission.status !== 'success')
    return data({ modality, result: submission.reply() }, { status: 400 })
  try {
    const saved = await setContract(
      organizationId,
      contractFromValues(submission.value),
      admin.actor,
      IN_FORCE_GRACE_MS,
    )
    if (!saved) throw notFound()
    return redirectWithToast(
      `/admin/organizations/${organizationId}/contract`,
      `${modalityLabel(saved.modality)} contract saved, in force from ${formatDateTime(saved.effectiveFrom)}.`,
    )
  } catch (error) {
    if (!(error instanceof RateRuleError)) throw error
    return data(
      { modality, result: submission.reply({ fieldErrors: { effectiveFrom: [error.message] } }) },
      { status: 400 },
    )
  }
}

/** Which form a reply belongs to: a booking modality, or `call-<media>`. */
const callFormKey = (media: string) => `call-${media}`

async function callContractAction(organizationId: string, formData: FormData, actor: Actor) {
  const submission = parseWithZod(formData, { schema: callContractSchema(now()) })
  const modality = callFormKey(String(formData.get('media') ?? ''))
  if (submission.status !== 'success')
    return data({ modality, result: submission.reply() }, { status: 400 })
  try {
    const saved = await setCallContract(
      organizationId,
      callContractFromValues(submission.value),
      actor,
      IN_FORCE_GRACE_MS,
    )
    if (!saved) throw notFound()
    return redirectWithToast(
      `/admin/organizations/${organizationId}/contract`,
      `${saved.media === 'video' ? 'Video' : 'Audio-only'} call contract saved, in force from ${formatDateTime(saved.effectiveFrom)}.`,
    )
  } catch (error) {
    if (!(error instanceof RateRuleError)) throw error
    return data(
      { modality, result: submission.reply({ fieldErrors: { effectiveFrom: [error.message] } }) },
      { status: 400 },
    )
  }
}

const labels = {
  clientRate: 'Client rate per minute (USD)',
  minimumMinutes: 'Minimum billable minutes',
  increment: 'Billing increment',
  rareLanguagePremium: 'Rare-language premium (%)',
  rushPremium: 'Rush premium (%)',
  afterHoursPremium: 'After-hours premium (%)',
  cancellationWindowHours: 'Cancellation window (hours)',
  lateCancellationFee: 'Late-cancellation fee (USD)',
  mileageRate: 'Mileage rate per mile (USD)',
  travelRate: 'Travel time rate per minute (USD)',
  effectiveFrom: 'In force from',
}

const incrementOptions = billingIncrements.map((increment) => ({
  value: String(increment),
  label: billingIncrementLabels[increment],
}))

type ContractForm = Route.ComponentProps['loaderData']['forms'][number]

function ModalityContractForm({
  form: contract,
  constraint,
  lastResult,
}: {
  form: ContractForm
  constraint: Route.ComponentProps['loaderData']['constraint']
  lastResult: FormReply | undefined
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('modality') === contract.modality
  const { formProps, field, summary } = useNativeFormWithValues<typeof labels>({
    lastResult,
    constraint,
    labels,
    defaultValue: contract.defaults,
  })
  const label = modalityLabel(contract.modality)
  const headingId = `contract-${contract.modality}-heading`
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {label}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {contract.underContract
          ? 'Under contract: these terms are in force.'
          : 'No contract: the default rates apply, with nothing added.'}
      </p>
      <Form
        method="post"
        {...formProps}
        aria-label={`${label} contract`}
        className="mt-3 space-y-4"
        preventScrollReset
      >
        <ErrorSummary {...summary} headingLevel={3} />
        <input type="hidden" name="modality" value={contract.modality} />
        <TextField
          field={field('clientRate')}
          inputMode="decimal"
          autoComplete="off"
          hint="Up to 4 decimals."
        />
        <TextField field={field('minimumMinutes')} inputMode="numeric" autoComplete="off" />
        <SelectField
          field={field('increment')}
          options={incrementOptions}
          placeholder="-- Choose an increment --"
          hint="Billable time is rounded up to it."
        />
        <TextField
          field={field('rareLanguagePremium')}
          inputMode="numeric"
          autoComplete="off"
          hint="For a rare language; 0 for none."
        />
        <TextField
          field={field('rushPremium')}
          inputMode="numeric"
          autoComplete="off"
          hint="For a booking made less than 24 hours before its start."
        />
        <TextField
          field={field('afterHoursPremium')}
          inputMode="numeric"
          autoComplete="off"
          hint="Starting before 08:00 or from 18:00, at a weekend or on a holiday."
        />
        <TextField
          field={field('cancellationWindowHours')}
          inputMode="numeric"
          autoComplete="off"
          hint="A client’s cancellation this close to the start is late."
        />
        <TextField
          field={field('lateCancellationFee')}
          inputMode="decimal"
          autoComplete="off"
          hint="Empty: a late cancellation is billed at the minimum minutes."
        />
        <TextField
          field={field('mileageRate')}
          inputMode="decimal"
          autoComplete="off"
          hint="Billed for on-site travel; 0 for none."
        />
        {contract.modality === 'on_site' ? (
          <TextField
            field={field('travelRate')}
            inputMode="decimal"
            autoComplete="off"
            hint="Billed for the interpreter's time on the road, rounded up to the increment; empty for none."
          />
        ) : null}
        <DateTimeField
          field={field('effectiveFrom')}
          hint="Eastern Time; now or later. Work already done keeps its terms."
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          Save {label.toLowerCase()} contract
        </button>
      </Form>
    </section>
  )
}

function premiums(row: ContractTerms): string {
  const parts = [
    ['rare language', row.rareLanguagePremiumPercent],
    ['rush', row.rushPremiumPercent],
    ['after hours', row.afterHoursPremiumPercent],
  ].filter(([, percent]) => Number(percent) > 0)
  return parts.length ? parts.map(([name, percent]) => `${name} ${percent}%`).join(', ') : 'None'
}

/**
 * Staff set an organization's contract per modality (docs/product.md#contracts-and-pay). Each
 * save is a new version from its "in force from" time; the history below is complete.
 */
export default function OrganizationContractPage({ loaderData, actionData }: Route.ComponentProps) {
  const { organization, forms, constraint, history } = loaderData
  return (
    <>
      <p>
        <Link
          to={`/admin/organizations/${organization.id}/billing`}
          className="text-sm font-medium text-brand-700 underline"
        >
          Billing settings
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{organization.name}: contract</h1>
      <p className="mt-1 text-slate-600">
        What this organization is charged, in place of the default rates. Each assignment is charged
        under the terms in force at its start; a change never alters an invoice line already posted.
      </p>
      <div className="mt-6 grid gap-4 xl:grid-cols-3">
        {forms.map((form) => (
          <ModalityContractForm
            // A save adds a version: the forms start again from what is now in force.
            key={`${form.modality}-${history[0]?.id ?? ''}`}
            form={form}
            constraint={constraint}
            lastResult={actionData?.modality === form.modality ? actionData.result : undefined}
          />
        ))}
      </div>
      <h2 className="mt-8 text-lg font-semibold text-slate-900">History</h2>
      <p className="mt-1 text-sm text-slate-600">The latest 20 versions, newest first.</p>
      <DataTable
        caption="Contract history"
        dense
        className="mt-3"
        rows={history}
        rowKey={(row) => row.id}
        empty="No contract saved yet: the default rates apply."
        columns={[
          {
            header: 'Modality',
            rowHeader: true,
            className: 'font-medium text-slate-900',
            cell: (row) => modalityLabel(row.modality as Modality),
          },
          { header: 'Client rate', cell: (row) => formatRateUnits(row.clientRateUnits) },
          {
            header: 'Minimum',
            cell: (row) =>
              `${row.minimumMinutes} min, ${billingIncrementLabels[row.incrementMinutes as BillingIncrement].toLowerCase()}`,
          },
          { header: 'Premiums', cell: (row) => premiums({ ...row, incrementMinutes: 1 }) },
          {
            header: 'Late cancellation',
            cell: (row) =>
              `within ${row.cancellationWindowHours} h: ${row.lateCancellationFeeCents === null ? 'the minimum' : formatCents(row.lateCancellationFeeCents)}`,
          },
          { header: 'Mileage', cell: (row) => `${formatCents(row.mileageCentsPerMile)}/mile` },
          {
            header: 'Travel time',
            className: 'whitespace-nowrap',
            cell: (row) =>
              row.travelRateUnits === 0 ? 'None' : `${formatRateUnits(row.travelRateUnits)}/min`,
          },
          { header: 'In force from', cell: (row) => formatDateTime(row.effectiveFrom) },
          {
            header: 'Saved',
            cell: (row) =>
              `${formatDateTime(row.createdAt)}${row.createdByName ? ` by ${row.createdByName}` : ''}`,
          },
        ]}
      />
      <CallRatesSection
        {...loaderData.calls}
        variant="contract"
        lastResultFor={(media) =>
          actionData?.modality === callFormKey(media) ? actionData.result : undefined
        }
      />
    </>
  )
}
