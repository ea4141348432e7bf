import { csvImportAction } from '~/lib/import/import-action.server'
import { redirectWithToast } from '~/lib/toast.server'
import { importedMessage, parseOrganizationImportFile } from '~/lib/validation/organization-import'
import type { Actor } from '~/models/audit.server'
import {
  confirmOrganizationImport,
  previewOrganizationImport,
} from '~/models/organization-import.server'

export const ORGANIZATION_IMPORT_URL = '/admin/organizations/import'

/** The import form (docs/product.md#importing-organizations), on the shared preview and confirm. */
export async function organizationImportAction(request: Request, actor: Actor) {
  return csvImportAction(request, {
    parse: parseOrganizationImportFile,
    preview: (parsed) => previewOrganizationImport(parsed.rows, parsed.issues),
    confirm: async (parsed, file) => {
      const outcome = await confirmOrganizationImport(parsed.rows, file, actor)
      const query = new URLSearchParams({
        organizations: String(outcome.organizations),
        invited: String(outcome.invited),
        skipped: String(outcome.skipped),
      })
      throw redirectWithToast(`${ORGANIZATION_IMPORT_URL}?${query}`, importedMessage(outcome))
    },
  })
}
