import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { ReceivedFile } from '~/lib/uploads/received-file.server'
import { withUploadForm } from '~/lib/uploads/upload-request.server'
import {
  IMPORT_MAX_BYTES,
  importFormSchema,
  parseImportFile,
} from '~/lib/validation/interpreter-import'
import type { Actor } from '~/models/audit.server'
import { confirmImport, previewImport } from '~/models/interpreter-import.server'
import { today } from '~/models/onboarding/progress.server'
import { runtime } from '~/platform/runtime.server'
import { redirectWithToast } from '~/lib/toast.server'
import { plural } from '~/domain/format'

export const IMPORT_URL = '/admin/interpreter-manager/import'

const TOO_LARGE_MESSAGE =
  'This file is larger than 2MB, the limit for an import. Split it into several files. Nothing was imported.'
const UNREADABLE_MESSAGE = 'We could not read the form you sent. Please choose the file again.'
const CHANGED_MESSAGE =
  'This is not the file you previewed (it was changed or another was chosen). Preview it again before importing. Nothing was imported.'
const HAS_ISSUES_MESSAGE =
  'The file still has rows with problems. Fix them in the file, preview it again, and then import. Nothing was imported.'

/** The uploaded file's bytes, read back from storage (at most IMPORT_MAX_BYTES). */
async function bytesOf(file: ReceivedFile): Promise<Uint8Array> {
  const stream = await runtime().storage.get(file.upload.storageKey)
  if (!stream) throw new Error('The uploaded file is no longer in storage.')
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/**
 * The import form (docs/product.md#importing-interpreters). Preview reads the file and
 * answers what each row would do; confirm reads the same file again (the browser sends it
 * again, and its SHA-256 must be the one the preview showed), checks it again, and writes it.
 * The upload itself is never kept: `withUploadForm` deletes it once the answer is made.
 */
export async function interpreterImportAction(request: Request, actor: Actor) {
  const limits = {
    maxFileSize: IMPORT_MAX_BYTES,
    maxTotalSize: IMPORT_MAX_BYTES + 64 * 1024,
    fileFields: ['file'],
  }
  return withUploadForm(request, limits, 'imports', async (upload) => {
    const refuse = (status: number, fileError: string) =>
      data({ fileError, preview: null }, { status })
    if (upload.status === 'too-large') return refuse(413, TOO_LARGE_MESSAGE)
    if (upload.status !== 'ok') return refuse(400, UNREADABLE_MESSAGE)
    const submission = parseWithZod(upload.formData, { schema: importFormSchema })
    if (submission.status !== 'success' || !(submission.value.file instanceof ReceivedFile))
      return data({ fileError: null, preview: null, result: submission.reply() }, { status: 400 })
    const { file, intent, previewedSha256 } = submission.value
    const parsed = parseImportFile(await bytesOf(file), today())
    if (!parsed.ok) return refuse(400, parsed.message)
    const preview = await previewImport(parsed.rows, parsed.issues)
    const shown = {
      fileError: null,
      preview: { ...preview, sha256: file.upload.sha256, fileName: file.name },
    }
    if (intent === 'preview') return shown
    if (previewedSha256 !== file.upload.sha256)
      return data({ ...shown, fileError: CHANGED_MESSAGE }, { status: 409 })
    if (preview.issues.length > 0)
      return data({ ...shown, fileError: HAS_ISSUES_MESSAGE }, { status: 400 })
    const rows = parsed.rows.flatMap((row) =>
      row.interpreter ? [{ line: row.line, interpreter: row.interpreter }] : [],
    )
    const outcome = await confirmImport(
      rows,
      // The name is the uploader's word: kept short for the audit entry.
      { sha256: file.upload.sha256, name: file.name.slice(0, 200) },
      actor,
    )
    throw redirectWithToast(
      `${IMPORT_URL}?created=${outcome.created}&skipped=${outcome.skipped}`,
      `Imported ${plural(outcome.created, 'interpreter')}; ${outcome.skipped} already had an account.`,
    )
  })
}
