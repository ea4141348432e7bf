import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ClientUser } from '../../../auth/client.server'
import { storageQuotaMessage } from '../../../domain/organizations'
import { allowBooking } from '../../../lib/forms/portal-limits.server'
import { checkReceivedFile } from '../../../lib/uploads/received-file.server'
import { detectDocumentFileType } from '../../../lib/uploads/document-file.server'
import { withUploadForm } from '../../../lib/uploads/upload-request.server'
import { bookingSchema } from '../../../lib/validation/booking'
import {
  createBooking,
  PreferredInterpreterError,
  type Booking,
} from '../../../models/bookings.server'
import {
  organizationStorageLeft,
  StorageQuotaError,
} from '../../../models/organization-storage.server'
import { now } from '../../../platform/clock.server'
import type { NewFile } from '../../../platform/storage/new-files.server'

const MiB = 1024 * 1024
/** Preparation files: PDF, DOC or DOCX, up to 10 MB each, at most 5. */
export const PREPARATION_FILE_MAX_BYTES = 10 * MiB
export const PREPARATION_FILE_COUNT = 5
export const PREPARATION_FILE_MESSAGE =
  'Preparation files must be PDF, DOC or DOCX documents. Nothing was stored.'
export const PREPARATION_TOO_LARGE_MESSAGE =
  'Each preparation file may be up to 10 MB. Nothing was stored.'
export const PREPARATION_TOO_MANY_MESSAGE = 'Please attach at most 5 files. Nothing was stored.'

export interface BookActionResult {
  status: number
  result: SubmissionResult<string[]>
  booking?: Booking
  headers?: Record<string, string>
}

/**
 * "Book an interpreter": the form with its optional preparation files, which stream into
 * storage within their limits and the organization's quota, validated with the page's
 * schema, the files by their content; nothing is kept unless all of it is valid.
 */
export async function bookFromRequest(
  request: Request,
  who: ClientUser,
): Promise<BookActionResult> {
  const room = await organizationStorageLeft(who.client.organizationId)
  const limits = {
    maxFileSize: PREPARATION_FILE_MAX_BYTES,
    maxTotalSize: PREPARATION_FILE_COUNT * PREPARATION_FILE_MAX_BYTES + MiB,
    fileFields: ['files'],
    maxFiles: PREPARATION_FILE_COUNT,
    maxStoredBytes: room.leftBytes,
  }
  return withUploadForm(request, limits, 'bookings', async (parsed) => {
    const submission = parseWithZod(parsed.formData, { schema: bookingSchema(now()) })
    const refuse = (status: number, files: string) => ({
      status,
      result: submission.reply({ fieldErrors: { files: [files] } }),
    })
    if (parsed.status === 'too-large') return refuse(413, PREPARATION_TOO_LARGE_MESSAGE)
    if (parsed.status === 'too-many-files') return refuse(413, PREPARATION_TOO_MANY_MESSAGE)
    if (parsed.status === 'over-quota')
      return refuse(413, storageQuotaMessage(room.usedBytes, room.quotaBytes))
    if (parsed.status === 'malformed') return refuse(400, PREPARATION_FILE_MESSAGE)
    if (submission.status !== 'success') return { status: 400, result: submission.reply() }
    const files: NewFile[] = []
    for (const file of submission.value.files ?? []) {
      const upload = await checkReceivedFile(file, detectDocumentFileType, 'preparation')
      if (!upload) return refuse(400, PREPARATION_FILE_MESSAGE)
      files.push(upload)
    }
    const { files: _files, ...value } = submission.value
    // Counted up front, so that parallel posts cannot all pass; given back unless stored.
    const allowance = await allowBooking(who)
    if (!allowance.allowed)
      return {
        status: 429,
        result: submission.reply({ formErrors: [allowance.message] }),
        headers: allowance.headers,
      }
    try {
      const booking = await createBooking({ ...value, files }, who)
      return { status: 200, result: submission.reply({ resetForm: true }), booking }
    } catch (error) {
      await allowance.giveBack()
      // Another upload of the organization took the room first.
      if (error instanceof StorageQuotaError) return refuse(413, error.message)
      // Only interpreters who worked for the organization are offered; the rest is tampering.
      if (error instanceof PreferredInterpreterError)
        return {
          status: 400,
          result: submission.reply({ fieldErrors: { preferredInterpreterId: [error.message] } }),
        }
      throw error
    }
  })
}
