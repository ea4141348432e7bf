import { Form, Link, useNavigation } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { FormMessage } from '~/components/layout/auth-card'
import { FileField } from '~/components/ui/native-fields'
import { specializationChoices } from '~/content/application-options'
import { modalities } from '~/domain/interpreter-profile'
import { plural } from '~/domain/format'
import { companyLanguages } from '~/domain/languages'
import { requireAdmin } from '~/auth/session.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { acceptsUploads } from '~/lib/http/route-handle'
import { seoMeta } from '~/lib/seo/meta'
import {
  IMPORT_MAX_ROWS,
  importFormSchema,
  importTemplateHeader,
  type ImportIssue,
} from '~/lib/validation/interpreter-import'
import type { ImportPreviewRow, ImportRowAction } from '~/models/interpreter-import.server'
import { interpreterImportAction } from './interpreter-manager.import.server'
import type { Route } from './+types/interpreter-manager.import'

// The form carries the CSV file.
export const handle = acceptsUploads

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Import Interpreters',
      description: 'Import an agency’s interpreters from a CSV file.',
      path: '/admin/interpreter-manager/import',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const params = new URL(request.url).searchParams
  const created = params.get('created')
  const skipped = params.get('skipped')
  return {
    constraint: formConstraint(importFormSchema),
    imported:
      created !== null && skipped !== null
        ? { created: Number(created) || 0, skipped: Number(skipped) || 0 }
        : null,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  return interpreterImportAction(request, admin.actor)
}

const actionWords: Record<ImportRowAction, string> = {
  new: 'New interpreter: account, profile and invitation',
  'already-interpreter': 'Already an interpreter: skipped, nothing changes',
  invalid: 'Has a problem: fix it in the file',
}

const issueColumns = [
  { header: 'Line', cell: (issue: ImportIssue) => issue.line, width: 'w-20' },
  {
    header: 'Column',
    cell: (issue: ImportIssue) => issue.column ?? 'Whole row',
    width: 'w-52',
  },
  { header: 'Problem', cell: (issue: ImportIssue) => issue.message },
]

const rowColumns = [
  { header: 'Line', cell: (row: ImportPreviewRow) => row.line, width: 'w-20' },
  { header: 'Name', cell: (row: ImportPreviewRow) => row.name, rowHeader: true },
  {
    header: 'E-mail',
    cell: (row: ImportPreviewRow) => <span className="break-all">{row.email}</span>,
  },
  {
    header: 'What happens',
    cell: (row: ImportPreviewRow) =>
      row.differs?.length
        ? `${actionWords[row.action]} (the file's ${row.differs.join(', ')} differ from the profile, which stays as it is)`
        : actionWords[row.action],
  },
]

const labels = { file: 'CSV file' }

export default function ImportInterpreters({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const reply = actionData && 'result' in actionData ? (actionData.result as FormReply) : undefined
  const { formProps, field } = useNativeFormWithValues<typeof labels>({
    lastResult: reply,
    constraint: loaderData.constraint,
    labels,
    errorSummary: false,
  })
  const preview = actionData?.preview ?? null
  const canImport = preview !== null && preview.issues.length === 0 && preview.counts.new > 0
  return (
    <>
      <p className="text-sm">
        <Link to="/admin/interpreter-manager" className="text-brand-700 underline">
          Interpreter Manager
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Import Interpreters</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Bring an agency’s interpreters in from a CSV file. Each new interpreter gets what an
        approval gives: an approved application, a profile and an e-mail invitation to choose a
        password. Preview the file first: nothing is saved until you import it. An e-mail address
        that already has an interpreter account is skipped, so importing a file twice changes
        nothing.
      </p>
      {loaderData.imported ? (
        <div className="mt-4">
          <FormMessage tone="success">
            Imported {plural(loaderData.imported.created, 'interpreter')};{' '}
            {loaderData.imported.skipped} already had an account. Their invitations are on their
            way.
          </FormMessage>
        </div>
      ) : null}
      <section
        aria-labelledby="import-file-heading"
        className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="import-file-heading" className="font-semibold text-slate-900">
          The file
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          A CSV file saved as UTF-8, up to 2MB and {IMPORT_MAX_ROWS.toLocaleString('en-US')} rows,
          with this header row (the order may differ):
        </p>
        <pre className="mt-2 rounded bg-slate-50 p-2 text-xs break-all whitespace-pre-wrap text-slate-800">
          {importTemplateHeader}
        </pre>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>First name, last name, e-mail, phone and languages are required.</li>
          <li>
            Languages, specializations and modalities hold several values separated by semicolons.
            Specializations: {specializationChoices.map((choice) => choice.value).join(', ')}.
            Modalities: {modalities.map((modality) => modality.value).join(', ')}.
          </li>
          <li>
            Expiry dates (YYYY-MM-DD) are for credentials the agency has checked: each counts as an
            accepted credential until it expires, with the usual reminders.
          </li>
        </ul>
        <details className="mt-2 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium text-slate-900">Languages</summary>
          <p className="mt-1">{companyLanguages.join('; ')}</p>
        </details>
        <Form
          method="post"
          encType="multipart/form-data"
          {...formProps}
          className="mt-4 space-y-4"
          preventScrollReset
        >
          {actionData?.fileError ? (
            <FormMessage tone="error" id="import-file-error">
              {actionData.fileError}
            </FormMessage>
          ) : null}
          <FileField
            field={field('file')}
            accept=".csv,text/csv"
            hint="Without JavaScript, choose the file again before you import it."
          />
          {preview ? <input type="hidden" name="previewedSha256" value={preview.sha256} /> : null}
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              name="intent"
              value="preview"
              className={canImport ? 'btn-secondary' : 'btn-primary'}
              disabled={busy}
            >
              Preview
            </button>
            {canImport ? (
              <button
                type="submit"
                name="intent"
                value="confirm"
                className="btn-primary"
                disabled={busy}
              >
                Import {plural(preview.counts.new, 'interpreter')}
              </button>
            ) : null}
          </div>
        </Form>
      </section>
      {preview ? (
        <section aria-labelledby="import-preview-heading" className="mt-6">
          <h2 id="import-preview-heading" className="text-lg font-semibold text-slate-900">
            Preview of {preview.fileName}
          </h2>
          <p className="mt-1 text-slate-700" role="status">
            {plural(preview.rows.length, 'row')}: {preview.counts.new} new,{' '}
            {preview.counts['already-interpreter']} already interpreters,{' '}
            {plural(preview.issues.length, 'problem')} on {plural(preview.counts.invalid, 'row')}.
            {preview.issues.length > 0
              ? ' Fix the problems in the file and preview it again: nothing is imported while any remain.'
              : ''}
          </p>
          {preview.issues.length > 0 ? (
            <DataTable
              caption="Problems in the file"
              columns={issueColumns}
              rows={preview.issues}
              rowKey={(issue) => `${issue.line}-${issue.column}-${issue.message}`}
              className="mt-4"
            />
          ) : null}
          <details className="mt-4" open={preview.rows.length <= 50}>
            <summary className="cursor-pointer font-medium text-slate-900">
              Every row and what importing does with it
            </summary>
            <DataTable
              caption="Rows of the file"
              columns={rowColumns}
              rows={preview.rows}
              rowKey={(row) => row.line}
              className="mt-2"
            />
          </details>
        </section>
      ) : null}
    </>
  )
}
