import { Link } from 'react-router'
import { ImportFileSection, ImportPreviewSection } from '~/components/admin/csv-import'
import { FormMessage } from '~/components/layout/auth-card'
import { plural } from '~/domain/format'
import { MAX_PAYMENT_TERMS_DAYS } from '~/domain/receivables'
import { requireAdmin } from '~/auth/session.server'
import { importFormSchema } from '~/lib/import/csv-import'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { acceptsUploads } from '~/lib/http/route-handle'
import { seoMeta } from '~/lib/seo/meta'
import {
  importedMessage,
  organizationImportTemplateHeader,
} from '~/lib/validation/organization-import'
import type {
  OrganizationImportAction,
  OrganizationImportPreviewRow,
} from '~/models/organization-import.server'
import { organizationImportAction } from './organizations.import.server'
import type { Route } from './+types/organizations.import'

// The form carries the CSV file.
export const handle = acceptsUploads

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Import Organizations',
      description: 'Import client organizations and their users from a CSV file.',
      path: '/admin/organizations/import',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const params = new URL(request.url).searchParams
  const counts = ['organizations', 'invited', 'skipped'].map((name) => params.get(name))
  const [organizations, invited, skipped] = counts.map((count) => Number(count) || 0)
  return {
    constraint: formConstraint(importFormSchema),
    imported: counts.every((count) => count !== null)
      ? { organizations: organizations!, invited: invited!, skipped: skipped! }
      : null,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  return organizationImportAction(request, admin.actor)
}

const actionWords: Record<OrganizationImportAction, string> = {
  'new-organization': 'New organization and its first user',
  'new-user': 'New user of an existing organization',
  'already-member': 'Already a user of this organization: skipped, nothing changes',
  'already-invited': 'Already invited to this organization: skipped, nothing changes',
  invalid: 'Has a problem: fix it in the file',
}

function whatHappens(row: OrganizationImportPreviewRow) {
  if (row.newOrganizationLine !== undefined)
    return `New user of the new organization on line ${row.newOrganizationLine}`
  if (row.billingKept)
    return `${actionWords[row.action]} (the file's billing details differ from the organization's, which stay as they are)`
  return actionWords[row.action]
}

const rowColumns = [
  { header: 'Line', cell: (row: OrganizationImportPreviewRow) => row.line, width: 'w-20' },
  {
    header: 'Organization',
    cell: (row: OrganizationImportPreviewRow) => row.organization,
  },
  { header: 'User', cell: (row: OrganizationImportPreviewRow) => row.name, rowHeader: true },
  {
    header: 'E-mail',
    cell: (row: OrganizationImportPreviewRow) => <span className="break-all">{row.email}</span>,
  },
  { header: 'What happens', cell: whatHappens },
]

export default function ImportOrganizations({ loaderData, actionData }: Route.ComponentProps) {
  const preview = actionData?.preview ?? null
  const newUsers = preview ? preview.counts['new-organization'] + preview.counts['new-user'] : 0
  const canImport = preview !== null && preview.issues.length === 0 && newUsers > 0
  return (
    <>
      <p className="text-sm">
        <Link to="/admin/clients" className="text-brand-700 underline">
          Client Requests
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Import Organizations</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Bring client organizations and their users in from a CSV file, one row per user. Each new
        organization is made with the file’s billing details, and each new user gets the client
        portal invitation the New organization form sends. Preview the file first: nothing is saved
        until you import it. A user already in the organization, or already invited to it, is
        skipped, so importing a file twice changes nothing.
      </p>
      {loaderData.imported ? (
        <div className="mt-4">
          <FormMessage tone="success">
            {importedMessage(loaderData.imported)} Their invitations are on their way.
          </FormMessage>
        </div>
      ) : null}
      <ImportFileSection
        constraint={loaderData.constraint}
        actionData={actionData}
        templateHeader={organizationImportTemplateHeader}
        confirmLabel={canImport ? `Import ${plural(newUsers, 'user')}` : null}
      >
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>
            Organization, user name, user e-mail and user role are required; the role is requester
            (their own requests) or manager (every request, and the users).
          </li>
          <li>
            Rows with the same organization (case and spacing aside) are users of one organization;
            an organization already here is matched by its name.
          </li>
          <li>
            Billing address, payment terms (whole days from 0 to {MAX_PAYMENT_TERMS_DAYS}; empty is
            30) and purchase order are optional and set only on the organizations the file makes:
            give them on one row of the organization, or the same on each.
          </li>
        </ul>
      </ImportFileSection>
      {preview ? (
        <ImportPreviewSection
          preview={preview}
          summary={`${plural(preview.rows.length, 'row')}: ${plural(preview.counts['new-organization'], 'new organization')}, ${plural(newUsers, 'new user')}, ${preview.counts['already-member'] + preview.counts['already-invited']} already there, ${plural(preview.issues.length, 'problem')} on ${plural(preview.counts.invalid, 'row')}.`}
          rowColumns={rowColumns}
        />
      ) : null}
    </>
  )
}
