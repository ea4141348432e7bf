import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { MAX_EXPENSES } from '../../../domain/billing'
import { RECEIPT_MAX_BYTES } from '../../../domain/closeouts'
import { detectCredentialFileType } from '../../../lib/uploads/credential-file.server'
import { checkReceivedFile } from '../../../lib/uploads/received-file.server'
import { withUploadForm } from '../../../lib/uploads/upload-request.server'
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
 * The closeout form with its receipts (streamed into storage, each at most 10 MB, type from
 * the content), validated with the page's schema; nothing is kept unless all of it is valid.
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
  const limits = {
    maxFileSize: RECEIPT_MAX_BYTES,
    maxTotalSize: MAX_EXPENSES * RECEIPT_MAX_BYTES + MiB,
    fileFields: receiptFields,
  }
  return withUploadForm(request, limits, 'receipts', async (parsed) => {
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
    if (parsed.status !== 'ok')
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
      const receipt = await checkReceivedFile(expense.receipt, detectCredentialFileType, 'receipt')
      if (!receipt) {
        const index = rows.findIndex((row) => row?.receipt === expense.receipt)
        return refuse(400, { [`expenses[${index}].receipt`]: [WRONG_RECEIPT_MESSAGE] })
      }
      expenses.push({ ...expense, receipt })
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
  })
}
