import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useNavigation } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { ErrorSummary } from '~/components/ui/error-summary'
import { TextField } from '~/components/ui/native-fields'
import { DateTimeField } from '~/components/ui/native-inputs'
import { formatRateUnits, RATE_DECIMALS, rateInput, travelRateInput } from '~/domain/billing'
import { modalities, modalityLabel, type Modality } from '~/domain/interpreter-profile'
import { centsAsDecimal, formatCents } from '~/domain/money'
import { requireAdmin } from '~/auth/session.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { formatDateTime } from '~/domain/format'
import { seoMeta } from '~/lib/seo/meta'
import { redirectWithToast } from '~/lib/toast.server'
import {
  IN_FORCE_GRACE_MS,
  officeDateTime,
  officeDateTimeToUtc,
  ratesFromValues,
  ratesSchema,
} from '~/lib/validation/rates'
import { currentRates, rateHistory, RateRuleError, setRates } from '~/models/billing/rates.server'
import {
  payOverrideHistory,
  PayOverrideError,
  setPayOverride,
} from '~/models/billing/contracts.server'
import { PAY_OVERRIDE_INTENT, PayOverrideSection } from '~/components/billing/pay-override-section'
import { CALL_RATES_INTENT, CallRatesSection } from '~/components/billing/call-rates-section'
import { callMedia, type CallMedia } from '~/domain/call-routing'
import { callRatesFromValues, callRatesSchema } from '~/lib/validation/call-rates'
import { callRateHistory, currentCallRates, setCallRates } from '~/models/billing/call-rates.server'
import { payOverrideSchema } from '~/lib/validation/contracts'
import type { Actor } from '~/models/audit.server'
import { parseDecimal } from '~/domain/money'
import { now } from '~/platform/clock.server'
import type { Route } from './+types/rates'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Rates',
      description: 'Client and interpreter rates per modality.',
      path: '/admin/rates',
      noindex: true,
    },
    matches,
  )

/** A rate per minute as typed in the form: "0.9167". */

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const at = now()
  const [current, history, payOverrides, currentCalls, callHistory] = await Promise.all([
    currentRates(at),
    rateHistory(),
    payOverrideHistory(),
    currentCallRates(at),
    callRateHistory(),
  ])
  const startsNow = officeDateTime(at)
  return {
    constraint: formConstraint(ratesSchema(at)),
    payOverride: {
      constraint: formConstraint(payOverrideSchema(at)),
      defaults: { modality: 'on_site', effectiveFrom: startsNow },
      history: payOverrides,
    },
    forms: modalities.map(({ value }) => {
      const rate = current[value]
      return {
        modality: value,
        inForceSince: rate.effectiveFrom,
        defaults: {
          clientRate: rateInput(rate.clientRateUnits),
          interpreterRate: rateInput(rate.interpreterRateUnits),
          minimumMinutes: String(rate.minimumMinutes),
          mileageRate: centsAsDecimal(rate.mileageCentsPerMile),
          travelClientRate: travelRateInput(rate.travelClientRateUnits),
          travelInterpreterRate: travelRateInput(rate.travelInterpreterRateUnits),
          effectiveFrom: startsNow,
        },
      }
    }),
    history,
    callRates: {
      constraint: formConstraint(callRatesSchema(at)),
      forms: callMedia.map((media) => {
        const rate = currentCalls[media]
        return {
          media,
          inForceSince: rate.effectiveFrom,
          defaults: {
            clientRate: rateInput(rate.clientRateUnits),
            interpreterRate: rateInput(rate.interpreterRateUnits),
            minimumMinutes: String(rate.minimumMinutes),
            increment: String(rate.incrementMinutes),
            effectiveFrom: startsNow,
          },
        }
      }),
      history: callHistory,
    },
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const formData = await request.formData()
  if (formData.get('intent') === PAY_OVERRIDE_INTENT)
    return payOverrideAction(formData, admin.actor)
  if (formData.get('intent') === CALL_RATES_INTENT) return callRatesAction(formData, admin.actor)
  const submission = parseWithZod(formData, { schema: ratesSchema(now()) })
  const modality = String(formData.get('modality') ?? '')
  if (submission.status !== 'success')
    return data({ modality, result: submission.reply() }, { status: 400 })
  try {
    const saved = await setRates(ratesFromValues(submission.value), admin.actor, IN_FORCE_GRACE_MS)
    return redirectWithToast(
      '/admin/rates',
      `${modalityLabel(saved.modality)} rates saved, in force from ${formatDateTime(saved.effectiveFrom)}.`,
    )
  } catch (error) {
    if (!(error instanceof RateRuleError)) throw error
    return data(
      { modality, result: submission.reply({ fieldErrors: { effectiveFrom: [error.message] } }) },
      { status: 400 },
    )
  }
}

/** Which form a reply belongs to: a booking modality, the pay override, or `call-<media>`. */
const callRatesFormKey = (media: string) => `call-${media}`

async function callRatesAction(formData: FormData, actor: Actor) {
  const submission = parseWithZod(formData, { schema: callRatesSchema(now()) })
  const modality = callRatesFormKey(String(formData.get('media') ?? ''))
  if (submission.status !== 'success')
    return data({ modality, result: submission.reply() }, { status: 400 })
  try {
    const saved = await setCallRates(
      callRatesFromValues(submission.value),
      actor,
      IN_FORCE_GRACE_MS,
    )
    return redirectWithToast(
      '/admin/rates',
      `${saved.media === 'video' ? 'Video' : 'Audio-only'} call rates saved, in force from ${formatDateTime(saved.effectiveFrom)}.`,
    )
  } catch (error) {
    if (!(error instanceof RateRuleError)) throw error
    return data(
      { modality, result: submission.reply({ fieldErrors: { effectiveFrom: [error.message] } }) },
      { status: 400 },
    )
  }
}

async function payOverrideAction(formData: FormData, actor: Actor) {
  const submission = parseWithZod(formData, { schema: payOverrideSchema(now()) })
  const modality = PAY_OVERRIDE_INTENT
  if (submission.status !== 'success')
    return data({ modality, result: submission.reply() }, { status: 400 })
  const values = submission.value
  try {
    const saved = await setPayOverride(
      {
        modality: values.modality,
        interpreterEmail: values.interpreterEmail,
        language: values.language,
        rateUnits:
          values.payRate === undefined ? undefined : parseDecimal(values.payRate, RATE_DECIMALS),
        effectiveFrom: officeDateTimeToUtc(values.effectiveFrom)!,
      },
      actor,
      IN_FORCE_GRACE_MS,
    )
    return redirectWithToast(
      '/admin/rates',
      `Pay override ${saved.rateUnits === null ? 'ended' : 'saved'}, in force from ${formatDateTime(saved.effectiveFrom)}.`,
    )
  } catch (error) {
    const field =
      error instanceof PayOverrideError
        ? 'interpreterEmail'
        : error instanceof RateRuleError
          ? 'effectiveFrom'
          : undefined
    if (!field) throw error
    return data(
      {
        modality,
        result: submission.reply({ fieldErrors: { [field]: [(error as Error).message] } }),
      },
      { status: 400 },
    )
  }
}

const labels = {
  clientRate: 'Client rate per minute (USD)',
  interpreterRate: 'Interpreter rate per minute (USD)',
  minimumMinutes: 'Minimum billable minutes',
  mileageRate: 'Mileage rate per mile (USD)',
  travelClientRate: 'Travel time, client rate per minute (USD)',
  travelInterpreterRate: 'Travel time, interpreter rate per minute (USD)',
  effectiveFrom: 'In force from',
}

type RatesForm = Route.ComponentProps['loaderData']['forms'][number]

function ModalityRatesForm({
  form: rates,
  constraint,
  lastResult,
}: {
  form: RatesForm
  constraint: Route.ComponentProps['loaderData']['constraint']
  lastResult: FormReply | undefined
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('modality') === rates.modality
  const { formProps, field, summary } = useNativeFormWithValues<typeof labels>({
    lastResult,
    constraint,
    labels,
    defaultValue: rates.defaults,
  })
  const label = modalityLabel(rates.modality)
  const headingId = `rates-${rates.modality}-heading`
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {label}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        In force since {formatDateTime(rates.inForceSince)}.
      </p>
      <Form
        method="post"
        {...formProps}
        aria-label={`${label} rates`}
        className="mt-3 space-y-4"
        preventScrollReset
      >
        <ErrorSummary {...summary} headingLevel={3} />
        <input type="hidden" name="modality" value={rates.modality} />
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
          hint="Up to 4 decimals."
        />
        <TextField field={field('minimumMinutes')} inputMode="numeric" autoComplete="off" />
        <TextField
          field={field('mileageRate')}
          inputMode="decimal"
          autoComplete="off"
          hint="Paid for on-site travel; 0 for none."
        />
        {rates.modality === 'on_site' ? (
          <>
            <TextField
              field={field('travelClientRate')}
              inputMode="decimal"
              autoComplete="off"
              hint="Billed for the interpreter's time on the road, to the minute; empty for none."
            />
            <TextField
              field={field('travelInterpreterRate')}
              inputMode="decimal"
              autoComplete="off"
              hint="Paid for the time on the road, to the minute; empty for none."
            />
          </>
        ) : null}
        <DateTimeField
          field={field('effectiveFrom')}
          hint="Eastern Time; now or later. Work already done keeps its rates."
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          Save {label.toLowerCase()} rates
        </button>
      </Form>
    </section>
  )
}

/**
 * Staff's rates per modality (docs/product.md#rates): each saved change is a new row from its
 * "in force from" time, so the history below is complete.
 */
export default function RatesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { forms, constraint, history } = loaderData
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Rates</h1>
      <p className="mt-1 text-slate-600">
        What clients are charged and interpreters are paid per minute, the minimum billed per
        assignment, and mileage and travel time for on-site work. Each assignment uses the rates in
        force at its start.
      </p>
      <div className="mt-6 grid gap-4 xl:grid-cols-3">
        {forms.map((form) => (
          <ModalityRatesForm
            // A save adds a history row: the forms start again from what is now in force.
            key={`${form.modality}-${history[0]?.id ?? ''}`}
            form={form}
            constraint={constraint}
            lastResult={actionData?.modality === form.modality ? actionData.result : undefined}
          />
        ))}
      </div>
      <CallRatesSection
        {...loaderData.callRates}
        lastResultFor={(media: CallMedia) =>
          actionData?.modality === callRatesFormKey(media) ? actionData.result : undefined
        }
      />
      <PayOverrideSection
        {...loaderData.payOverride}
        lastResult={actionData?.modality === PAY_OVERRIDE_INTENT ? actionData.result : undefined}
      />
      <h2 className="mt-8 text-lg font-semibold text-slate-900">History</h2>
      <p className="mt-1 text-sm text-slate-600">The latest 20 changes, newest first.</p>
      <DataTable
        caption="Rate history"
        dense
        className="mt-3"
        rows={history}
        rowKey={(row) => row.id}
        empty="No rates saved yet."
        columns={[
          {
            header: 'Modality',
            rowHeader: true,
            className: 'font-medium text-slate-900',
            cell: (row) => modalityLabel(row.modality as Modality),
          },
          { header: 'Client rate', cell: (row) => formatRateUnits(row.clientRateUnits) },
          { header: 'Interpreter rate', cell: (row) => formatRateUnits(row.interpreterRateUnits) },
          { header: 'Minimum', cell: (row) => `${row.minimumMinutes} min` },
          { header: 'Mileage', cell: (row) => `${formatCents(row.mileageCentsPerMile)}/mile` },
          {
            header: 'Travel time (client / interpreter)',
            cell: (row) =>
              row.travelClientRateUnits + row.travelInterpreterRateUnits === 0
                ? 'None'
                : `${formatRateUnits(row.travelClientRateUnits)} / ${formatRateUnits(row.travelInterpreterRateUnits)}`,
          },
          { header: 'In force from', cell: (row) => formatDateTime(row.effectiveFrom) },
          {
            header: 'Saved',
            cell: (row) =>
              `${formatDateTime(row.createdAt)}${row.createdByName ? ` by ${row.createdByName}` : ''}`,
          },
        ]}
      />
    </>
  )
}
