import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ClientUser } from '../../../lib/auth/client.server'
import { parseUploadForm } from '../../../lib/uploads/upload-form.server'
import { cleanOriginalName, detectResumeFileType } from '../../../lib/uploads/resume-file.server'
import { bookingSchema } from '../../../lib/validation/booking'
import { createBooking, type Booking } from '../../../models/bookings.server'
import { now } from '../../../platform/clock.server'

const MiB = 1024 * 1024
/** Preparation files: PDF, DOC or DOCX, up to 10 MB each, at most 5. */
export const PREPARATION_FILE_MAX_BYTES = 10 * MiB
export const PREPARATION_FILE_COUNT = 5
export const PREPARATION_FILE_MESSAGE =
  'Preparation files must be PDF, DOC or DOCX documents. Nothing was stored.'
export const PREPARATION_TOO_LARGE_MESSAGE =
  'Each preparation file may be up to 10 MB. Nothing was stored.'

export interface BookActionResult {
  status: number
  result: SubmissionResult<string[]>
  booking?: Booking
}

/**
 * "Book an interpreter": the form with its optional preparation files, validated with the
 * page's schema, the files by their content; nothing is stored unless all of it is valid.
 */
export async function bookFromRequest(
  request: Request,
  who: ClientUser,
): Promise<BookActionResult> {
  const bodyLimit = PREPARATION_FILE_COUNT * PREPARATION_FILE_MAX_BYTES + MiB
  const declared = Number(request.headers.get('content-length') ?? '0')
  const multipart = /^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')
  const parsed = !multipart
    ? { status: 'ok' as const, formData: await request.formData().catch(() => new FormData()) }
    : declared > bodyLimit
      ? { status: 'too-large' as const, formData: new FormData() }
      : await parseUploadForm(request, {
          maxFileSize: PREPARATION_FILE_MAX_BYTES,
          maxTotalSize: bodyLimit,
          fileFields: Array(PREPARATION_FILE_COUNT).fill('files'),
          drainLimit: bodyLimit + MiB,
          waitForDrain: true,
        })
  // An empty file input sends one nameless, empty file: that is no file.
  for (const file of parsed.formData.getAll('files'))
    if (file instanceof File && file.size === 0 && !file.name) parsed.formData.delete('files')
  const submission = parseWithZod(parsed.formData, { schema: bookingSchema(now()) })
  const refuse = (status: number, files: string) => ({
    status,
    result: submission.reply({ fieldErrors: { files: [files] } }),
  })
  if (parsed.status === 'too-large') return refuse(413, PREPARATION_TOO_LARGE_MESSAGE)
  if (parsed.status === 'malformed') return refuse(400, PREPARATION_FILE_MESSAGE)
  if (submission.status !== 'success') return { status: 400, result: submission.reply() }
  const files = []
  for (const file of submission.value.files ?? []) {
    const bytes = new Uint8Array(await file.arrayBuffer())
    const type = await detectResumeFileType(bytes)
    if (!type) return refuse(400, PREPARATION_FILE_MESSAGE)
    files.push({
      bytes,
      mediaType: type.mediaType,
      extension: type.extension,
      originalName: cleanOriginalName(file.name, type.extension, 'preparation'),
    })
  }
  const { files: _files, ...value } = submission.value
  const booking = await createBooking({ ...value, files }, who)
  return { status: 200, result: submission.reply({ resetForm: true }), booking }
}
