import { Link } from 'react-router'
import { ImportFileSection, ImportPreviewSection } from '~/components/admin/csv-import'
import { FormMessage } from '~/components/layout/auth-card'
import { specializationChoices } from '~/content/application-options'
import { modalities } from '~/domain/interpreter-profile'
import { plural } from '~/domain/format'
import { companyLanguages } from '~/domain/languages'
import { requireAdmin } from '~/auth/session.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { acceptsUploads } from '~/lib/http/route-handle'
import { seoMeta } from '~/lib/seo/meta'
import { importFormSchema, importTemplateHeader } from '~/lib/validation/interpreter-import'
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

export default function ImportInterpreters({ loaderData, actionData }: Route.ComponentProps) {
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
      <ImportFileSection
        constraint={loaderData.constraint}
        actionData={actionData}
        templateHeader={importTemplateHeader}
        confirmLabel={canImport ? `Import ${plural(preview.counts.new, 'interpreter')}` : null}
      >
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
      </ImportFileSection>
      {preview ? (
        <ImportPreviewSection
          preview={preview}
          summary={`${plural(preview.rows.length, 'row')}: ${preview.counts.new} new, ${preview.counts['already-interpreter']} already interpreters, ${plural(preview.issues.length, 'problem')} on ${plural(preview.counts.invalid, 'row')}.`}
          rowColumns={rowColumns}
        />
      ) : null}
    </>
  )
}
