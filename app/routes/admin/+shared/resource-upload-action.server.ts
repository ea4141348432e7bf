import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { VIDEO_MAX_BYTES } from '../../../domain/resources'
import { createResource } from '../../../models/resources.server'
import type { Actor } from '../../../models/audit.server'
import { runtime } from '../../../platform/runtime.server'
import { checkReceivedFile } from '../../../lib/uploads/received-file.server'
import { detectResourceFileType, maxBytesOf } from '../../../lib/uploads/resource-file.server'
import { withUploadForm } from '../../../lib/uploads/upload-request.server'
import { resourceSchema } from '../../../lib/validation/resource'

export interface ResourceActionResult {
  status: number
  result: SubmissionResult<string[]>
  /** Set when the resource was stored. */
  resourceId?: string
}

const MiB = 1024 * 1024

export const FILE_TOO_LARGE_MESSAGE =
  'This file is too large. Documents may be up to 10MB and videos up to 100MB. Nothing was stored.'
export const DOCUMENT_TOO_LARGE_MESSAGE =
  'This document is larger than 10MB, the limit for documents and guides. Nothing was stored.'
export const WRONG_FILE_TYPE_MESSAGE =
  'This file is not a PDF, DOC, DOCX, MP4, AVI or MOV file. Nothing was stored.'
export const VIDEO_EXPECTED_MESSAGE =
  'A video resource needs an MP4, AVI or MOV file. Choose another file or another type.'
export const DOCUMENT_EXPECTED_MESSAGE =
  'A document or guide needs a PDF, DOC or DOCX file. Choose another file, or the type Video.'
export const UNREADABLE_UPLOAD_MESSAGE =
  'We could not read the form you sent. Please check your entries and the file, and try again.'

/**
 * The 'Add Resource' form, shared by the route action (forms without JavaScript) and the
 * upload endpoint the progress bar uses. The body streams in with the largest limit (videos,
 * 100MB) and is refused with 413 beyond it; the file's type is then read from its content,
 * must fit the chosen resource type, and must be within its own limit (documents 10MB).
 * See docs/decisions/031-resource-files.md.
 */
export async function addResourceFromRequest(
  request: Request,
  actor: Actor,
): Promise<ResourceActionResult> {
  const contentType = request.headers.get('content-type') ?? ''
  const bodyLimit = VIDEO_MAX_BYTES + MiB
  if (!/^multipart\/form-data/i.test(contentType)) {
    const submission = parseWithZod(await request.formData().catch(() => new FormData()), {
      schema: resourceSchema,
    })
    return {
      status: 400,
      result: submission.reply(
        submission.status === 'success' ? { formErrors: [UNREADABLE_UPLOAD_MESSAGE] } : {},
      ),
    }
  }
  const limits = { maxFileSize: VIDEO_MAX_BYTES, maxTotalSize: bodyLimit, fileFields: ['file'] }
  return withUploadForm(request, limits, 'resources', async (parsed) => {
    const submission = parseWithZod(parsed.formData, { schema: resourceSchema })
    const refuse = (status: number, errors: { file?: string; form?: string }) => ({
      status,
      result: submission.reply({
        ...(errors.form ? { formErrors: [errors.form] } : {}),
        ...(errors.file ? { fieldErrors: { file: [errors.file] } } : {}),
      }),
    })
    if (parsed.status === 'too-large') return refuse(413, { file: FILE_TOO_LARGE_MESSAGE })
    if (parsed.status !== 'ok') return refuse(400, { form: UNREADABLE_UPLOAD_MESSAGE })
    if (submission.status !== 'success') return { status: 400, result: submission.reply() }

    const value = submission.value
    if (value.url) {
      const id = await createResource(
        { title: value.title, type: value.type, url: value.url },
        actor,
      )
      return { status: 200, result: submission.reply({ resetForm: true }), resourceId: id }
    }
    const file = await checkReceivedFile(value.file, detectResourceFileType, 'resource')
    if (!file) return refuse(400, { file: WRONG_FILE_TYPE_MESSAGE })
    const wanted = value.type === 'video' ? 'video' : 'document'
    if (file.type.kind !== wanted)
      return refuse(400, {
        file: wanted === 'video' ? VIDEO_EXPECTED_MESSAGE : DOCUMENT_EXPECTED_MESSAGE,
      })
    if (file.stored.byteSize > maxBytesOf[file.type.kind])
      return refuse(413, { file: DOCUMENT_TOO_LARGE_MESSAGE })
    try {
      const id = await createResource(
        {
          title: value.title,
          type: value.type,
          file: { stored: file.stored, type: file.type, originalName: file.originalName },
        },
        actor,
      )
      return { status: 200, result: submission.reply({ resetForm: true }), resourceId: id }
    } catch (error) {
      runtime().logger.error({ err: error }, 'a resource could not be stored')
      return refuse(500, {
        form: 'We could not save the resource because of a problem on our side, and nothing was stored. Please try again.',
      })
    }
  })
}
