import { csvImportAction } from '~/lib/import/import-action.server'
import { parseImportFile } from '~/lib/validation/interpreter-import'
import type { Actor } from '~/models/audit.server'
import { confirmImport, previewImport } from '~/models/interpreter-import.server'
import { today } from '~/models/onboarding/progress.server'
import { redirectWithToast } from '~/lib/toast.server'
import { plural } from '~/domain/format'

export const IMPORT_URL = '/admin/interpreter-manager/import'

/** The import form (docs/product.md#importing-interpreters), on the shared preview and confirm. */
export async function interpreterImportAction(request: Request, actor: Actor) {
  return csvImportAction(request, {
    parse: (bytes) => parseImportFile(bytes, today()),
    preview: (parsed) => previewImport(parsed.rows, parsed.issues),
    confirm: async (parsed, file) => {
      const rows = parsed.rows.flatMap((row) =>
        row.interpreter ? [{ line: row.line, interpreter: row.interpreter }] : [],
      )
      const outcome = await confirmImport(rows, file, actor)
      throw redirectWithToast(
        `${IMPORT_URL}?created=${outcome.created}&skipped=${outcome.skipped}`,
        `Imported ${plural(outcome.created, 'interpreter')}; ${outcome.skipped} already had an account.`,
      )
    },
  })
}
