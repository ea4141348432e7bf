import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { ReceivedFile } from '../uploads/received-file.server'
import { withUploadForm } from '../uploads/upload-request.server'
import { runtime } from '../../platform/runtime.server'
import { IMPORT_MAX_BYTES, importFormSchema, type ImportIssue } from './csv-import'

/**
 * The preview-then-confirm form every CSV import shares (docs/product.md#importing-interpreters,
 * docs/product.md#importing-organizations). Preview reads the file and answers what each row
 * would do; confirm reads the same file again (the browser sends it again, and its SHA-256
 * must be the one the preview showed), checks it again, and writes it. The upload itself is
 * never kept: `withUploadForm` deletes it once the answer is made.
 */

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

/** The file as the audit names it: its hash, and its name (the uploader's word, kept short). */
export interface ImportedFile {
  sha256: string
  name: string
}

/**
 * Answers an import form. `parse` reads the bytes (or says why it cannot), `preview` says
 * what each row would do and writes nothing, `confirm` writes a file with no issues and
 * throws its redirect.
 */
export async function csvImportAction<
  Parsed extends { ok: true },
  Preview extends { issues: readonly ImportIssue[] },
>(
  request: Request,
  steps: {
    parse: (bytes: Uint8Array) => Parsed | { ok: false; message: string }
    preview: (parsed: Parsed) => Promise<Preview>
    confirm: (parsed: Parsed, file: ImportedFile) => Promise<never>
  },
) {
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
    const parsed = steps.parse(await bytesOf(file))
    if (!parsed.ok) return refuse(400, (parsed as { message: string }).message)
    const preview = await steps.preview(parsed as Parsed)
    const shown = {
      fileError: null,
      preview: { ...preview, sha256: file.upload.sha256, fileName: file.name },
    }
    if (intent === 'preview') return shown
    if (previewedSha256 !== file.upload.sha256)
      return data({ ...shown, fileError: CHANGED_MESSAGE }, { status: 409 })
    if (preview.issues.length > 0)
      return data({ ...shown, fileError: HAS_ISSUES_MESSAGE }, { status: 400 })
    return steps.confirm(parsed as Parsed, {
      sha256: file.upload.sha256,
      name: file.name.slice(0, 200),
    })
  })
}
