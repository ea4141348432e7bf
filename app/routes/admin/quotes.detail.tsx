import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useLocation, useNavigation } from 'react-router'
import { RouteDialog } from '~/components/admin/route-dialog'
import { FormError } from '~/components/interpreter/profile-contact-form'
import { ProfileListRow } from '~/components/interpreter/profile-section'
import { QuotePriceLines } from '~/components/quotes/quote-price-lines'
import { QuoteStatusBadge } from '~/components/quotes/quote-status-badge'
import { QuoteFacts, QuoteFileList } from '~/components/quotes/quote-summary'
import { ErrorSummary } from '~/components/ui/error-summary'
import { FieldError } from '~/components/ui/field-shell'
import { DateField, FileField, SelectField, TextField } from '~/components/ui/native-fields'
import { formatRateUnits } from '~/domain/billing'
import { centsAsDecimal } from '~/domain/money'
import { addDays } from '~/domain/onboarding'
import {
  MAX_QUOTE_LINES,
  quoteLineKindLabels,
  quoteLineKinds,
  type QuoteLineKind,
} from '~/domain/quote-pricing'
import { canPriceQuote, formatCents, quoteDisplayStatus, quoteFileAccept } from '~/domain/quotes'
import { requireAdmin } from '~/auth/session.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { useNativeForm, type FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { formatCalendarDate } from '~/domain/format'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import { acceptsUploads } from '~/lib/http/route-handle'
import { seoMeta } from '~/lib/seo/meta'
import { dataWithToast } from '~/lib/toast.server'
import { checkQuoteFiles, quoteUploadLimits } from '~/lib/uploads/quote-file.server'
import { withUploadForm } from '~/lib/uploads/upload-request.server'
import {
  QUOTE_FILE_TOO_LARGE_MESSAGE,
  quoteDeliverySchema,
  quotePriceSchema,
  quotePricingOf,
  TOO_MANY_FILES_MESSAGE,
  wrongQuoteFileMessage,
} from '~/lib/validation/quotes'
import { addQuoteDelivery, markQuoteDelivered } from '~/models/quotes/delivery.server'
import { priceQuote } from '~/models/quotes/pricing.server'
import { QuoteRuleError, quoteToday } from '~/models/quotes/rules.server'
import { staffQuote } from '~/models/quotes/staff-views.server'
import type { Route } from './+types/quotes.detail'

// "Upload delivery" carries up to ten files of 25 MB.
export const handle = acceptsUploads

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Quote',
      description: 'One translation quote: files, price and delivery.',
      path: '/admin/quotes',
      noindex: true,
    },
    matches,
  )

const LIST_URL = '/admin/quotes'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const found = await staffQuote(requireUuidParam(params, 'quoteId'))
  if (!found) throw notFound()
  const today = quoteToday()
  const { quote } = found
  return {
    quote: {
      ...quote,
      price: quote.priceCents === null ? null : formatCents(quote.priceCents),
      displayStatus: quoteDisplayStatus(quote, today),
      canPrice: canPriceQuote(quote.status),
    },
    priceLines: found.priceLines,
    sourceFiles: found.sourceFiles,
    deliveryFiles: found.deliveryFiles,
    earliestExpiry: addDays(today, 1),
    constraints: {
      price: formConstraint(quotePriceSchema(today)),
      deliver: formConstraint(quoteDeliverySchema),
    },
  }
}

type StaffForm = 'price' | 'deliver' | 'delivered'
interface StaffQuoteReply {
  form: StaffForm
  result?: FormReply
  error?: string
}

const reply = (value: StaffQuoteReply, status: number) => data(value, { status })

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const quoteId = requireUuidParam(params, 'quoteId')
  if (!(await staffQuote(quoteId))) throw notFound()
  try {
    if (/^multipart\/form-data/i.test(request.headers.get('content-type') ?? ''))
      return await deliveryAction(request, quoteId, admin.actor)
    const formData = await request.formData()
    if (formData.get('intent') === 'delivered') {
      await markQuoteDelivered(quoteId, admin.actor)
      return dataWithToast<StaffQuoteReply>(
        { form: 'delivered' },
        'Marked delivered; the client was e-mailed.',
      )
    }
    const submission = parseWithZod(formData, { schema: quotePriceSchema(quoteToday()) })
    // A refusal, or "Add a line" / "Remove" sent without JavaScript (answered with the rows).
    if (submission.status !== 'success')
      return reply(
        { form: 'price', result: submission.reply() },
        submission.status === 'error' ? 400 : 200,
      )
    await priceQuote(
      quoteId,
      { pricing: quotePricingOf(submission.value)!, expiresOn: submission.value.expiresOn },
      admin.actor,
    )
    return dataWithToast<StaffQuoteReply>(
      { form: 'price', result: submission.reply({ resetForm: true }) },
      'Quote priced; the client was e-mailed.',
    )
  } catch (error) {
    if (!(error instanceof QuoteRuleError)) throw error
    return reply({ form: 'price', error: error.message }, 409)
  }
}

async function deliveryAction(
  request: Request,
  quoteId: string,
  actor: { id: string; name: string },
) {
  return withUploadForm(request, quoteUploadLimits, 'quotes', async (upload) => {
    const submission = parseWithZod(upload.formData, { schema: quoteDeliverySchema })
    const refuse = (status: number, message: string) =>
      reply(
        { form: 'deliver', result: submission.reply({ fieldErrors: { files: [message] } }) },
        status,
      )
    if (upload.status === 'too-large') return refuse(413, QUOTE_FILE_TOO_LARGE_MESSAGE)
    if (upload.status === 'too-many-files') return refuse(413, TOO_MANY_FILES_MESSAGE)
    if (upload.status !== 'ok') return refuse(400, 'We could not read the files. Please try again.')
    if (submission.status !== 'success')
      return reply({ form: 'deliver', result: submission.reply() }, 400)
    const checked = await checkQuoteFiles(submission.value.files)
    if ('refused' in checked) return refuse(400, wrongQuoteFileMessage(checked.refused))
    try {
      await addQuoteDelivery(quoteId, checked.files, actor)
    } catch (error) {
      if (!(error instanceof QuoteRuleError)) throw error
      return reply({ form: 'deliver', error: error.message }, 409)
    }
    return dataWithToast<StaffQuoteReply>(
      { form: 'deliver', result: submission.reply({ resetForm: true }) },
      `${checked.files.length === 1 ? 'File' : 'Files'} uploaded.`,
    )
  })
}

const priceLabels = {
  lines: (row: number) => ({
    description: `Line ${row}: Description`,
    kind: `Line ${row}: Kind`,
    quantity: `Line ${row}: Words or pages`,
    unitPrice: `Line ${row}: Price (US dollars)`,
  }),
  minimumFee: 'Minimum fee (optional)',
  rushPercent: 'Rush surcharge, % (optional)',
  expiresOn: 'Price valid until',
}

interface PriceLineRow {
  kind: QuoteLineKind
  description: string
  quantity: string
  unitPrice: string
}

const kindOptions = quoteLineKinds.map((kind) => ({
  value: kind,
  label: quoteLineKindLabels[kind],
}))

/** A stored line as the form shows it: a word's price to 4 decimals, the rest in cents. */
function typedRow(line: {
  kind: string
  description: string
  quantity: number | null
  unitAmount: number | null
}): PriceLineRow | undefined {
  if (!(quoteLineKinds as readonly string[]).includes(line.kind) || line.unitAmount === null)
    return undefined
  const kind = line.kind as QuoteLineKind
  return {
    kind,
    description: line.description,
    quantity: kind === 'flat' ? '' : String(line.quantity ?? ''),
    unitPrice:
      kind === 'per_word'
        ? formatRateUnits(line.unitAmount).slice(1)
        : centsAsDecimal(line.unitAmount),
  }
}

/** A row's label: "Line 1" for screen readers, the field's name for everyone. */
const rowLabel = (row: number, text: string) => (
  <>
    <span className="sr-only">Line {row}: </span>
    {text}
  </>
)

function PriceForm({
  reply: answer,
  constraint,
  earliestExpiry,
  current,
  lines,
}: {
  reply: StaffQuoteReply | undefined
  constraint: Route.ComponentProps['loaderData']['constraints']['price']
  earliestExpiry: string
  current: { price: string | null }
  /** The lines of the price standing now, to start from when pricing again. */
  lines: Parameters<typeof typedRow>[0][]
}) {
  const busy = useNavigation().formData?.get('intent') === 'price'
  const startRows = lines.flatMap((line) => typedRow(line) ?? [])
  const { formProps, field, rows, insertButton, removeButton, summary, formErrors, formErrorId } =
    useNativeFormWithValues<typeof priceLabels>({
      lastResult: answer?.form === 'price' ? answer.result : undefined,
      constraint,
      labels: priceLabels,
      defaultValue: {
        lines:
          startRows.length > 0
            ? startRows
            : [{ kind: 'per_word', description: '', quantity: '', unitPrice: '' }],
      },
    })
  const lineRows = rows('lines')
  return (
    <Form
      method="post"
      preventScrollReset
      {...formProps}
      aria-label="Price"
      className="mt-3 space-y-4 rounded-md bg-slate-50 p-4"
    >
      <ErrorSummary {...summary} headingLevel={3} />
      <input type="hidden" name="intent" value="price" />
      <p className="text-sm text-slate-700">
        Per word: the number of words and the price of a word (up to 4 decimals). Per page: the
        number of pages and the price of a page. Flat fee: the amount alone. Each line is rounded to
        the cent; the price is their sum.
      </p>
      <ol aria-label="Price lines" className="space-y-3">
        {lineRows.map(({ key, index }) => (
          <ProfileListRow
            key={key}
            columns="sm:grid-cols-[10rem_1fr_1fr_auto]"
            removeButton={removeButton('lines', index)}
            removeLabel={`Remove line ${index + 1}`}
          >
            <TextField
              field={field(`lines[${index}].description`)}
              label={rowLabel(index + 1, 'Description')}
              placeholder="Spanish, certified"
              autoComplete="off"
              className="sm:col-span-4"
            />
            <SelectField
              field={field(`lines[${index}].kind`)}
              label={rowLabel(index + 1, 'Kind')}
              options={kindOptions}
              placeholder="-- Choose a kind --"
            />
            <TextField
              field={field(`lines[${index}].quantity`)}
              label={rowLabel(index + 1, 'Words or pages')}
              inputMode="numeric"
              autoComplete="off"
            />
            <TextField
              field={field(`lines[${index}].unitPrice`)}
              label={rowLabel(index + 1, 'Price (US dollars)')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.1250"
            />
          </ProfileListRow>
        ))}
      </ol>
      <FieldError field={field('lines')} />
      {lineRows.length < MAX_QUOTE_LINES ? (
        <button
          {...insertButton('lines', { kind: 'per_word' })}
          className="btn-secondary px-3 py-1.5"
        >
          Add a line
        </button>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          field={field('minimumFee')}
          inputMode="decimal"
          autoComplete="off"
          placeholder="150.00"
          hint="Raises a smaller total to this amount."
        />
        <TextField
          field={field('rushPercent')}
          inputMode="numeric"
          autoComplete="off"
          placeholder="25"
          hint="On the total after the minimum."
        />
        <DateField
          field={field('expiresOn')}
          min={earliestExpiry}
          hint="The client may accept until the end of this day."
        />
      </div>
      <FormError errors={formErrors} id={formErrorId} />
      <button type="submit" className="btn-primary" disabled={busy}>
        {current.price ? 'Price again' : 'Send price'}
      </button>
    </Form>
  )
}

function DeliveryForm({
  reply: answer,
  constraint,
}: {
  reply: StaffQuoteReply | undefined
  constraint: Route.ComponentProps['loaderData']['constraints']['deliver']
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formEncType === 'multipart/form-data'
  const { formProps, field, summary } = useNativeForm<{ files: File[] }>({
    lastResult: answer?.form === 'deliver' ? answer.result : undefined,
    constraint,
    labels: { files: 'Translated files' },
  })
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      preventScrollReset
      {...formProps}
      aria-label="Upload delivery"
      className="mt-3 space-y-4 rounded-md bg-slate-50 p-4"
    >
      <ErrorSummary {...summary} headingLevel={3} />
      <input type="hidden" name="intent" value="deliver" />
      <FileField
        field={field('files')}
        accept={quoteFileAccept}
        multiple
        hint="PDF, DOCX, XLSX or PPTX; up to 10 files of 25 MB each."
      />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Uploading...' : 'Upload delivery'}
      </button>
    </Form>
  )
}

/** One quote for staff: the client's files, the price form, the delivery. */
export default function StaffQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, priceLines, sourceFiles, deliveryFiles, earliestExpiry, constraints } = loaderData
  const answer = actionData as StaffQuoteReply | undefined
  const listSearch = useLocation().search
  const busy = useNavigation().state === 'submitting'
  const fileHref = (file: { fileId: string }) => `/admin/quotes/${quote.id}/files/${file.fileId}`
  return (
    <RouteDialog
      title={`Quote: ${quote.organizationName}`}
      closeTo={`${LIST_URL}${listSearch}`}
      wide
    >
      <div className="flex flex-wrap items-center gap-3">
        <QuoteStatusBadge status={quote.displayStatus} />
        {quote.price ? (
          <p className="text-sm text-slate-800">
            {quote.price}
            {quote.status === 'priced' && quote.priceExpiresOn
              ? `, valid until ${formatCalendarDate(quote.priceExpiresOn)}`
              : ''}
          </p>
        ) : null}
      </div>
      {quote.priceCents !== null && priceLines.length > 0 ? (
        <QuotePriceLines
          lines={priceLines}
          totalCents={quote.priceCents}
          caption="The price's lines"
        />
      ) : null}
      {answer?.error ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {answer.error}
        </p>
      ) : null}
      <div className="mt-4">
        <QuoteFacts quote={quote} />
      </div>
      <section aria-labelledby="source-files-heading" className="mt-5">
        <h3 id="source-files-heading" className="font-semibold text-slate-900">
          Files to translate
        </h3>
        <QuoteFileList files={sourceFiles} hrefOf={fileHref} label="Files to translate" />
      </section>
      {quote.canPrice ? (
        <section aria-labelledby="price-heading" className="mt-5">
          <h3 id="price-heading" className="font-semibold text-slate-900">
            Price
          </h3>
          <PriceForm
            reply={answer}
            constraint={constraints.price}
            earliestExpiry={earliestExpiry}
            current={quote}
            lines={priceLines}
          />
        </section>
      ) : null}
      {quote.status === 'accepted' || quote.status === 'delivered' ? (
        <section aria-labelledby="delivery-heading" className="mt-5">
          <h3 id="delivery-heading" className="font-semibold text-slate-900">
            Delivery
          </h3>
          {deliveryFiles.length > 0 ? (
            <QuoteFileList files={deliveryFiles} hrefOf={fileHref} label="Translated files" />
          ) : (
            <p className="mt-1 text-sm text-slate-700">No translated files yet.</p>
          )}
          {quote.status === 'accepted' ? (
            <>
              <DeliveryForm reply={answer} constraint={constraints.deliver} />
              {deliveryFiles.length > 0 ? (
                <Form method="post" preventScrollReset className="mt-3">
                  <input type="hidden" name="intent" value="delivered" />
                  <button type="submit" className="btn-secondary" disabled={busy}>
                    Mark delivered
                  </button>
                </Form>
              ) : null}
            </>
          ) : (
            <p className="mt-2 text-sm text-slate-700">Delivered to the client.</p>
          )}
        </section>
      ) : null}
    </RouteDialog>
  )
}
