import type { Key, ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { DataTable, type DataColumn } from '~/components/admin/data-table'
import { FormMessage } from '~/components/layout/auth-card'
import { FileField } from '~/components/ui/native-fields'
import type { ImportIssue } from '~/lib/import/csv-import'
import { IMPORT_MAX_ROWS } from '~/lib/import/csv-import'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'

/**
 * The parts every CSV import page shares (docs/product.md#importing-interpreters,
 * docs/product.md#importing-organizations): the file section with its form (Preview, then
 * Import once the preview found no problem), and the preview's tables of problems and rows.
 * The answers come from app/lib/import/import-action.server.ts.
 */

/** What the import action answers (app/lib/import/import-action.server.ts). */
export interface ImportActionData<Preview> {
  fileError: string | null
  preview: (Preview & { sha256: string; fileName: string }) | null
  result?: unknown
}

const labels = { file: 'CSV file' }

/** "The file": its format, the template header, the rules, and the form that sends it. */
export function ImportFileSection({
  constraint,
  actionData,
  templateHeader,
  confirmLabel,
  children,
}: {
  constraint: FormConstraint
  actionData: ImportActionData<object> | undefined
  templateHeader: string
  /** The confirm button's text ("Import 2 interpreters"), or null when there is nothing to import. */
  confirmLabel: string | null
  /** The rules of the columns. */
  children: ReactNode
}) {
  const busy = useNavigation().state === 'submitting'
  const reply = actionData && 'result' in actionData ? (actionData.result as FormReply) : undefined
  const { formProps, field } = useNativeFormWithValues<typeof labels>({
    lastResult: reply,
    constraint,
    labels,
    errorSummary: false,
  })
  const preview = actionData?.preview ?? null
  return (
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
        {templateHeader}
      </pre>
      {children}
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
            className={confirmLabel ? 'btn-secondary' : 'btn-primary'}
            disabled={busy}
          >
            Preview
          </button>
          {confirmLabel ? (
            <button
              type="submit"
              name="intent"
              value="confirm"
              className="btn-primary"
              disabled={busy}
            >
              {confirmLabel}
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  )
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

/** "Preview of {file}": the summary, the problems, and every row with what importing does. */
export function ImportPreviewSection<Row extends { line: number }>({
  preview,
  summary,
  rowColumns,
}: {
  preview: { fileName: string; issues: readonly ImportIssue[]; rows: readonly Row[] }
  /** The counts, e.g. "2 rows: 1 new, …". */
  summary: string
  rowColumns: readonly DataColumn<Row>[]
}) {
  return (
    <section aria-labelledby="import-preview-heading" className="mt-6">
      <h2 id="import-preview-heading" className="text-lg font-semibold text-slate-900">
        Preview of {preview.fileName}
      </h2>
      <p className="mt-1 text-slate-700" role="status">
        {summary}
        {preview.issues.length > 0
          ? ' Fix the problems in the file and preview it again: nothing is imported while any remain.'
          : ''}
      </p>
      {preview.issues.length > 0 ? (
        <DataTable
          caption="Problems in the file"
          columns={issueColumns}
          rows={preview.issues}
          rowKey={(issue): Key => `${issue.line}-${issue.column}-${issue.message}`}
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
  )
}
