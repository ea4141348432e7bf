import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  addYears,
  CREDENTIAL_MAX_BYTES,
  languagesNeedingCertificates,
  TRAINING_VALID_YEARS,
} from '../../../domain/onboarding'
import { fullName } from '../../../domain/format'
import { detectCredentialFileType } from '../../../lib/uploads/credential-file.server'
import { checkReceivedFile } from '../../../lib/uploads/received-file.server'
import { withUploadForm } from '../../../lib/uploads/upload-request.server'
import {
  credentialUploadSchema,
  CREDENTIAL_TOO_LARGE_MESSAGE,
  NAME_MISMATCH_MESSAGE,
  payoutDetailsSchema,
  signAgreementSchema,
  WRONG_CREDENTIAL_TYPE_MESSAGE,
} from '../../../lib/validation/onboarding'
import type { Actor } from '../../../models/audit.server'
import { uploadDocument } from '../../../models/onboarding/documents.server'
import { loadOnboardingFacts, today } from '../../../models/onboarding/progress.server'
import {
  sameName,
  savePayoutDetails,
  signContractorAgreement,
} from '../../../models/onboarding/steps.server'

const MiB = 1024 * 1024

/** Which form answered, so that only that form shows the reply's errors and values. */
export type OnboardingForm = 'upload' | 'sign' | 'payout'

export interface OnboardingActionResult {
  status: number
  form: OnboardingForm
  /** The step whose upload form sent it (each document step has its own form). */
  step?: string
  result: SubmissionResult<string[]>
  done?: string
}

export interface Interpreter {
  applicationId: string
  userId: string
  firstName: string
  lastName: string
  actor: Actor
}

export const UNREADABLE_FORM_MESSAGE =
  'We could not read the form you sent. Please check your entries and the file, and try again.'

/**
 * The onboarding page's forms: a document upload (multipart, at most 10 MB, type from the
 * content), the contractor agreement's signature, and the payout details. Every value is
 * checked here with the same schema the page gives the browser; nothing is stored unless
 * all of it is valid.
 */
export async function onboardingAction(
  request: Request,
  interpreter: Interpreter,
): Promise<OnboardingActionResult> {
  const contentType = request.headers.get('content-type') ?? ''
  if (/^multipart\/form-data/i.test(contentType)) return uploadAction(request, interpreter)
  const formData = await request.formData().catch(() => new FormData())
  if (formData.get('intent') === 'sign') {
    const submission = parseWithZod(formData, { schema: signAgreementSchema })
    if (submission.status !== 'success')
      return { status: 400, form: 'sign', result: submission.reply() }
    const name = fullName(interpreter)
    if (!sameName(submission.value.signedName, name))
      return {
        status: 400,
        form: 'sign',
        result: submission.reply({ fieldErrors: { signedName: [NAME_MISMATCH_MESSAGE(name)] } }),
      }
    const signed = await signContractorAgreement(
      {
        applicationId: interpreter.applicationId,
        userId: interpreter.userId,
        signedName: submission.value.signedName,
      },
      interpreter.actor,
    )
    if (!signed)
      return {
        status: 409,
        form: 'sign',
        result: submission.reply({
          formErrors: ['The contractor agreement is not published yet.'],
        }),
      }
    return {
      status: 200,
      form: 'sign',
      result: submission.reply({ resetForm: true }),
      done: 'Agreement signed.',
    }
  }
  const submission = parseWithZod(formData, { schema: payoutDetailsSchema })
  // The account is never sent back to the browser, not even as typed in a refused form.
  if (submission.status !== 'success')
    return { status: 400, form: 'payout', result: submission.reply({ hideFields: ['account'] }) }
  const { payeeName, method, account } = submission.value
  await savePayoutDetails(
    interpreter.applicationId,
    { payeeName, method, account },
    interpreter.actor,
  )
  // The account is never sent back: the form is emptied and the page shows it masked.
  return {
    status: 200,
    form: 'payout',
    result: submission.reply({ resetForm: true }),
    done: 'Payout details saved.',
  }
}

async function uploadAction(
  request: Request,
  interpreter: Interpreter,
): Promise<OnboardingActionResult> {
  const limits = {
    maxFileSize: CREDENTIAL_MAX_BYTES,
    maxTotalSize: CREDENTIAL_MAX_BYTES + MiB,
    fileFields: ['file'],
  }
  return withUploadForm(request, limits, 'credentials', async (parsed) => {
    const facts = (await loadOnboardingFacts([interpreter.applicationId])).get(
      interpreter.applicationId,
    )
    const languages = languagesNeedingCertificates(facts?.languages ?? [])
    const schema = credentialUploadSchema(today(), languages)
    const submission = parseWithZod(parsed.formData, { schema })
    const step = String(parsed.formData.get('step') ?? '')
    const refuse = (status: number, errors: { file?: string; form?: string }) => ({
      status,
      form: 'upload' as const,
      step,
      result: submission.reply({
        ...(errors.form ? { formErrors: [errors.form] } : {}),
        ...(errors.file ? { fieldErrors: { file: [errors.file] } } : {}),
      }),
    })
    if (parsed.status === 'too-large') return refuse(413, { file: CREDENTIAL_TOO_LARGE_MESSAGE })
    if (parsed.status !== 'ok') return refuse(400, { form: UNREADABLE_FORM_MESSAGE })
    if (submission.status !== 'success')
      return { status: 400, form: 'upload', step, result: submission.reply() }
    const value = submission.value
    const file = await checkReceivedFile(value.file, detectCredentialFileType, 'document')
    if (!file) return refuse(400, { file: WRONG_CREDENTIAL_TYPE_MESSAGE })
    await uploadDocument(
      {
        applicationId: interpreter.applicationId,
        step: value.step,
        language: value.step === 'language_proficiency' ? value.language! : null,
        issuedOn: value.issuedOn ?? null,
        expiresOn: value.expiresOn ?? trainingExpiry(value),
        file,
      },
      interpreter.actor,
    )
    return {
      status: 200,
      form: 'upload',
      step,
      result: submission.reply({ resetForm: true }),
      done: 'Document uploaded: it is waiting for review.',
    }
  })
}

/** A training certificate without its own expiry date is valid 1 year from its issue date. */
function trainingExpiry(value: { step: string; issuedOn?: string }): string | null {
  return value.step === 'medical_training' && value.issuedOn
    ? addYears(value.issuedOn, TRAINING_VALID_YEARS)
    : null
}
