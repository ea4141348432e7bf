import { Form, useNavigation } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { ErrorSummary } from '~/components/ui/error-summary'
import { SelectField, TextField } from '~/components/ui/native-fields'
import { DateTimeField } from '~/components/ui/native-inputs'
import { formatRateUnits } from '~/domain/billing'
import { formatDateTime } from '~/domain/format'
import { modalities, modalityLabel, type Modality } from '~/domain/interpreter-profile'
import { companyLanguages } from '~/domain/languages'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'

/** The Rates page's second kind of form: told apart from the modality forms by this intent. */
export const PAY_OVERRIDE_INTENT = 'pay-override'

const labels = {
  modality: 'Modality',
  interpreterEmail: 'Interpreter’s e-mail address',
  language: 'Language',
  payRate: 'Pay per minute (USD)',
  effectiveFrom: 'In force from',
}

const languageOptions = companyLanguages.map((language) => ({ value: language, label: language }))
const modalityOptions = modalities.map(({ value, label }) => ({ value, label }))

interface PayOverrideRow {
  id: string
  modality: string
  language: string | null
  rateUnits: number | null
  effectiveFrom: Date
  createdAt: Date
  interpreterFirstName: string | null
  interpreterLastName: string | null
  createdByName: string | null
}

function whom(row: PayOverrideRow): string {
  const interpreter = row.interpreterFirstName
    ? `${row.interpreterFirstName} ${row.interpreterLastName ?? ''}`.trim()
    : undefined
  if (interpreter && row.language) return `${interpreter}, in ${row.language}`
  return interpreter ?? `Everyone in ${row.language}`
}

/**
 * Interpreter pay in place of a modality's default (docs/product.md#contracts-and-pay): for
 * one interpreter, one language, or one interpreter in one language; no rate ends it.
 */
export function PayOverrideSection({
  constraint,
  defaults,
  history,
  lastResult,
}: {
  constraint: FormConstraint
  defaults: Record<string, string>
  history: PayOverrideRow[]
  lastResult: FormReply | undefined
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === PAY_OVERRIDE_INTENT
  const { formProps, field, summary } = useNativeFormWithValues<typeof labels>({
    lastResult,
    constraint,
    labels,
    defaultValue: defaults,
  })
  return (
    <section aria-labelledby="pay-overrides-heading" className="mt-8">
      <h2 id="pay-overrides-heading" className="text-lg font-semibold text-slate-900">
        Interpreter pay overrides
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Pay an interpreter, a language, or an interpreter in one language at another rate than the
        default. The most specific override in force at an assignment&rsquo;s start applies; the
        statement says which.
      </p>
      <div className="mt-3 grid gap-4 xl:grid-cols-3">
        <Form
          method="post"
          {...formProps}
          key={history[0]?.id ?? ''}
          aria-label="Pay override"
          className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
          preventScrollReset
        >
          <ErrorSummary {...summary} headingLevel={3} />
          <input type="hidden" name="intent" value={PAY_OVERRIDE_INTENT} />
          <SelectField
            field={field('modality')}
            options={modalityOptions}
            placeholder="-- Choose a modality --"
          />
          <TextField
            field={field('interpreterEmail')}
            type="email"
            autoComplete="off"
            hint="Empty: everyone in the language below."
          />
          <SelectField
            field={field('language')}
            options={languageOptions}
            placeholder="Any language"
          />
          <TextField
            field={field('payRate')}
            inputMode="decimal"
            autoComplete="off"
            hint="Up to 4 decimals. Empty ends the override: the default applies again."
          />
          <DateTimeField
            field={field('effectiveFrom')}
            hint="Eastern Time; now or later. Work already done keeps its pay."
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            Save pay override
          </button>
        </Form>
        <div className="xl:col-span-2">
          <DataTable
            caption="Pay overrides, the latest 20"
            dense
            rows={history}
            rowKey={(row) => row.id}
            empty="No pay overrides: everyone is paid the default rates."
            columns={[
              {
                header: 'For',
                rowHeader: true,
                className: 'font-medium text-slate-900',
                cell: whom,
              },
              { header: 'Modality', cell: (row) => modalityLabel(row.modality as Modality) },
              {
                header: 'Pay',
                cell: (row) => (row.rateUnits === null ? 'Ended' : formatRateUnits(row.rateUnits)),
              },
              { header: 'In force from', cell: (row) => formatDateTime(row.effectiveFrom) },
              {
                header: 'Saved',
                cell: (row) =>
                  `${formatDateTime(row.createdAt)}${row.createdByName ? ` by ${row.createdByName}` : ''}`,
              },
            ]}
          />
        </div>
      </div>
    </section>
  )
}
