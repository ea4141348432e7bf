import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { MAX_EXPENSES } from '../../../domain/billing'
import { RECEIPT_MAX_BYTES } from '../../../domain/closeouts'
import { detectCredentialFileType } from '../../../lib/uploads/credential-file.server'
import { cleanOriginalName } from '../../../lib/uploads/resume-file.server'
import { parseUploadForm } from '../../../lib/uploads/upload-form.server'
import {
  closeoutSchema,
  closeoutValues,
  RECEIPT_TOO_LARGE_MESSAGE,
  WRONG_RECEIPT_MESSAGE,
  type CloseoutFormContext,
} from '../../../lib/validation/closeout'
import {
  CloseoutRuleError,
  submitCloseout,
  type CloseoutSubmission,
  type SubmitOutcome,
} from '../../../models/billing/closeouts.server'
import type { Actor } from '../../../models/audit.server'

const MiB = 1024 * 1024

/** The file inputs the form can have: one receipt per expense row. */
export const receiptFields = Array.from(
  { length: MAX_EXPENSES },
  (_, index) => `expenses[${index}].receipt`,
)

export const RECEIPT_GONE_MESSAGE =
  'A receipt you kept is no longer on file: please choose its file again.'

export interface CloseoutActionResult {
  status: number
  result: SubmissionResult<string[]>
  outcome?: SubmitOutcome
}

/**
 * The closeout form with its receipts (multipart, each receipt at most 10 MB, type from the
 * content), validated with the page's schema; nothing is stored unless all of it is valid.
 */
export async function closeoutFromRequest(
  request: Request,
  target: {
    userId: string
    bookingId: string
    actor: Actor
    context: CloseoutFormContext
    bookedTimes: { start: Date; end: Date }
  },
): Promise<CloseoutActionResult> {
  const bodyLimit = MAX_EXPENSES * RECEIPT_MAX_BYTES + MiB
  const declared = Number(request.headers.get('content-length') ?? '0')
  const multipart = /^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')
  const parsed = !multipart
    ? { status: 'ok' as const, formData: await request.formData().catch(() => new FormData()) }
    : declared > bodyLimit
      ? { status: 'too-large' as const, formData: new FormData() }
      : await parseUploadForm(request, {
          maxFileSize: RECEIPT_MAX_BYTES,
          maxTotalSize: bodyLimit,
          fileFields: receiptFields,
          drainLimit: bodyLimit + MiB,
          waitForDrain: true,
        })
  // An empty file input sends one nameless, empty file: that is no file.
  for (const [name, value] of [...parsed.formData.entries()])
    if (value instanceof File && value.size === 0 && !value.name) parsed.formData.delete(name)
  const submission = parseWithZod(parsed.formData, { schema: closeoutSchema(target.context) })
  const refuse = (
    status: number,
    fieldErrors: Record<string, string[]>,
    formErrors?: string[],
  ) => ({
    status,
    result: submission.reply({ fieldErrors, ...(formErrors ? { formErrors } : {}) }),
  })
  if (parsed.status === 'too-large') return refuse(413, { expenses: [RECEIPT_TOO_LARGE_MESSAGE] })
  if (parsed.status === 'malformed')
    return refuse(400, {}, ['We could not read the form you sent. Please try again.'])
  if (submission.status !== 'success') return { status: 400, result: submission.reply() }
  const values = closeoutValues(submission.value, target.context, target.bookedTimes)
  const expenses: CloseoutSubmission['expenses'] = []
  const rows = submission.value.expenses ?? []
  for (const expense of values.expenses) {
    if (!expense.receipt) {
      expenses.push({ ...expense, receipt: undefined })
      continue
    }
    const bytes = new Uint8Array(await expense.receipt.arrayBuffer())
    const type = bytes.byteLength > 0 ? await detectCredentialFileType(bytes) : undefined
    if (!type) {
      const index = rows.findIndex((row) => row?.receipt === expense.receipt)
      return refuse(400, { [`expenses[${index}].receipt`]: [WRONG_RECEIPT_MESSAGE] })
    }
    expenses.push({
      ...expense,
      receipt: {
        bytes,
        mediaType: type.mediaType,
        extension: type.extension,
        originalName: cleanOriginalName(expense.receipt.name, type.extension, 'receipt'),
      },
    })
  }
  try {
    const outcome = await submitCloseout(
      target.userId,
      target.bookingId,
      { ...values, expenses },
      target.actor,
    )
    if (outcome === 'receipt-gone') return refuse(409, { expenses: [RECEIPT_GONE_MESSAGE] })
    return { status: outcome === 'submitted' ? 200 : 409, result: submission.reply(), outcome }
  } catch (error) {
    if (!(error instanceof CloseoutRuleError)) throw error
    return refuse(400, {}, [error.message])
  }
}
