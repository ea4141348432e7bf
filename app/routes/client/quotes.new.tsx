import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect, useNavigation } from 'react-router'
import { QuotesBackLink } from '~/components/quotes/quote-summary'
import { ErrorSummary } from '~/components/ui/error-summary'
import {
  CheckboxField,
  CheckboxGroupField,
  DateField,
  FileField,
  SelectField,
  TextField,
} from '~/components/ui/native-fields'
import { addDays } from '~/domain/onboarding'
import { storageQuotaMessage } from '~/domain/organizations'
import { quoteFileAccept, quoteLanguages } from '~/domain/quotes'
import { requireClient } from '~/auth/client.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { useNativeForm, type FormReply } from '~/lib/forms/native-form'
import { allowQuoteRequest } from '~/lib/forms/portal-limits.server'
import { acceptsUploads } from '~/lib/http/route-handle'
import { seoMeta } from '~/lib/seo/meta'
import { checkQuoteFiles, quoteUploadLimits } from '~/lib/uploads/quote-file.server'
import { withUploadForm } from '~/lib/uploads/upload-request.server'
import {
  QUOTE_FILE_TOO_LARGE_MESSAGE,
  quoteRequestSchema,
  TOO_MANY_FILES_MESSAGE,
  wrongQuoteFileMessage,
} from '~/lib/validation/quotes'
import { organizationStorageLeft, StorageQuotaError } from '~/models/organization-storage.server'
import { requestQuote } from '~/models/quotes/request.server'
import { quoteToday } from '~/models/quotes/rules.server'
import type { Route } from './+types/quotes.new'

// A 429 answer's Retry-After reaches the browser only through the route's headers.
export { headers } from '~/lib/http/headers'

// The request carries up to ten files of 25 MB: the body streams on to the upload parser.
export const handle = acceptsUploads

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Request a translation quote',
      description: 'Send your documents for a translation quote.',
      path: '/client/quotes/new',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  await requireClient(request)
  const today = quoteToday()
  return {
    earliestDeadline: addDays(today, 1),
    constraint: formConstraint(quoteRequestSchema(today)),
  }
}

const UNREADABLE_MESSAGE =
  'We could not read the form you sent. Please check your entries and the files, and try again.'

export async function action({ request }: Route.ActionArgs) {
  const client = await requireClient(request)
  const room = await organizationStorageLeft(client.client.organizationId)
  const limits = { ...quoteUploadLimits, maxStoredBytes: room.leftBytes }
  return withUploadForm(request, limits, 'quotes', async (upload) => {
    const submission = parseWithZod(upload.formData, { schema: quoteRequestSchema(quoteToday()) })
    const refuse = (status: number, errors: { files?: string; form?: string }) =>
      data(
        {
          result: submission.reply({
            ...(errors.form ? { formErrors: [errors.form] } : {}),
            ...(errors.files ? { fieldErrors: { files: [errors.files] } } : {}),
          }) as FormReply,
        },
        { status },
      )
    if (upload.status === 'too-large') return refuse(413, { files: QUOTE_FILE_TOO_LARGE_MESSAGE })
    if (upload.status === 'too-many-files') return refuse(413, { files: TOO_MANY_FILES_MESSAGE })
    if (upload.status === 'over-quota')
      return refuse(413, { files: storageQuotaMessage(room.usedBytes, room.quotaBytes) })
    if (upload.status === 'malformed') return refuse(400, { form: UNREADABLE_MESSAGE })
    if (submission.status !== 'success')
      return data({ result: submission.reply() as FormReply }, { status: 400 })
    const checked = await checkQuoteFiles(submission.value.files)
    if ('refused' in checked) return refuse(400, { files: wrongQuoteFileMessage(checked.refused) })
    const value = submission.value
    // Counted up front, so that parallel posts cannot all pass; given back unless stored.
    const allowance = await allowQuoteRequest(client)
    if (!allowance.allowed)
      return data(
        { result: submission.reply({ formErrors: [allowance.message] }) as FormReply },
        { status: 429, headers: allowance.headers },
      )
    let quoteId: string
    try {
      quoteId = await requestQuote(
        { userId: client.id, ...client.client },
        {
          sourceLanguage: value.sourceLanguage,
          targetLanguages: value.targetLanguages,
          deadline: value.deadline,
          certified: value.certified === 'on',
          purchaseOrder: value.purchaseOrder || null,
          files: checked.files,
        },
        client.actor,
      )
    } catch (error) {
      await allowance.giveBack()
      // Another upload of the organization took the room first.
      if (error instanceof StorageQuotaError) return refuse(413, { files: error.message })
      throw error
    }
    throw redirect(`/client/quotes/${quoteId}?notice=requested`)
  })
}

const languageOptions = quoteLanguages.map((language) => ({ value: language, label: language }))

/** The quote request: languages, files, deadline, certification and purchase order. */
export default function RequestQuote({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const { formProps, field, summary, formErrors, formErrorId } = useNativeForm<{
    sourceLanguage: string
    targetLanguages: string[]
    files: File[]
    deadline: string
    certified: string
    purchaseOrder: string
  }>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    labels: {
      sourceLanguage: 'Language of the documents',
      targetLanguages: 'Translate into',
      deadline: 'Deadline',
      certified: 'Certified translation',
      purchaseOrder: 'Purchase order (optional)',
      files: 'Documents',
    },
  })
  return (
    <div className="mx-auto max-w-3xl">
      <QuotesBackLink />
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Request a translation quote</h1>
      <p className="mt-1 text-slate-600">
        Send us your documents: we reply with a price and the date it stands until.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        aria-label="Request a translation quote"
        className="mt-6 space-y-6 rounded-lg border border-slate-200 bg-white p-5"
      >
        <ErrorSummary {...summary} />
        <SelectField
          field={field('sourceLanguage')}
          options={languageOptions}
          placeholder="Choose a language"
        />
        <CheckboxGroupField
          field={field('targetLanguages')}
          options={languageOptions}
          hint="One or more, other than the language of the documents."
          className="[&>div]:grid [&>div]:max-h-72 [&>div]:grid-cols-2 [&>div]:overflow-y-auto [&>div]:rounded-md [&>div]:border [&>div]:border-slate-200 [&>div]:p-3 sm:[&>div]:grid-cols-3"
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <DateField
            field={field('deadline')}
            min={loaderData.earliestDeadline}
            hint="When you need the translation."
          />
          <TextField field={field('purchaseOrder')} autoComplete="off" />
        </div>
        <CheckboxField
          field={field('certified')}
          label="Certified translation"
          hint="A signed statement of accuracy, for courts, immigration and other authorities."
        />
        <FileField
          field={field('files')}
          accept={quoteFileAccept}
          multiple
          hint="PDF, DOCX, XLSX or PPTX; up to 10 files of 25 MB each."
        />
        {formErrors?.length ? (
          <p id={formErrorId} role="alert" className="field-error">
            {formErrors[0]}
          </p>
        ) : null}
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Request quote'}
        </button>
      </Form>
    </div>
  )
}
