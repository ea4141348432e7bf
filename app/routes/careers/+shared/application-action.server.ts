import type { Submission, SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import {
  englishLevelChoices,
  experienceChoices,
  jobPostingExperienceChoices,
  jobPostingPayChoices,
  labelOf,
  payPerMinuteChoices,
  RESUME_MAX_BYTES,
  specializationChoices,
  weeklyAvailabilityChoices,
} from '../../../content/application-options'
import type { InterpreterPosition } from '../../../content/interpreter-positions'
import { PRIVACY_NOTICE_VERSION } from '../../../content/privacy-notice'
import {
  createInterpreterApplication,
  type NewInterpreterApplication,
} from '../../../models/interpreter-applications/create.server'
import type { JobPosting } from '../../../models/job-postings.server'
import { isHoneypotFilled, readFormToken } from '../../../lib/forms/form-protection.server'
import {
  hitRateLimit,
  refundRateLimit,
  retryAfterHeaders,
  TOO_MANY_REQUESTS_MESSAGE,
  type RateLimitRule,
} from '../../../platform/rate-limit.server'
import { db, runtime } from '../../../platform/runtime.server'
import { checkReceivedFile } from '../../../lib/uploads/received-file.server'
import { detectDocumentFileType } from '../../../lib/uploads/document-file.server'
import type { UploadFormResult } from '../../../lib/uploads/upload-form.server'
import { withUploadForm } from '../../../lib/uploads/upload-request.server'
import {
  fullApplicationSchema,
  jobPostingApplicationSchema,
  type FullApplicationInput,
  type JobPostingApplicationInput,
} from '../../../lib/validation/interpreter-application'
import { now } from '../../../platform/clock.server'
import {
  APPLICATION_NOT_SAVED_MESSAGE,
  RESUME_TOO_LARGE_MESSAGE,
  RESUME_WRONG_TYPE_MESSAGE,
  UNREADABLE_FORM_MESSAGE,
} from '../../../lib/validation/application-messages'
import { localizedReply } from '../../../i18n/form-language.server'
import type { Locale } from '../../../domain/locales'
import { localeOf } from '../../../i18n/translator.server'

/**
 * Where an application comes from: a job posting, the apply page or a language page
 * (docs/product.md#entities).
 */
export type ApplicationFlow =
  | { source: 'job-posting'; job: JobPosting }
  | { source: 'contract-interpreter'; jobId: string; job: JobPosting | undefined }
  | { source: 'language-page'; position: InterpreterPosition }

export interface ApplicationActionData {
  result: SubmissionResult<string[]>
  submitted: boolean
}

/**
 * Applications from one address: 20 every 10 minutes. Generous because colleges, libraries
 * and agencies share one address; each one still needs a fresh form token and a real resume.
 */
export const APPLICATION_RATE_LIMIT: RateLimitRule = {
  bucket: 'interpreter-application',
  limit: 20,
  windowMs: 10 * 60 * 1000,
}

export { RESUME_TOO_LARGE_MESSAGE, RESUME_WRONG_TYPE_MESSAGE, UNREADABLE_FORM_MESSAGE }

const MiB = 1024 * 1024

/**
 * The action behind the three application forms: stream the body in with the upload limits
 * (413 beyond them), validate with the form's schema, check the resume's type from its
 * content, apply the rate limit and the honeypot, then store the application, its resume
 * and its two e-mails together.
 */
export async function submitInterpreterApplication(
  request: Request,
  flow: ApplicationFlow,
  clientIp: string,
) {
  const limits = {
    maxFileSize: RESUME_MAX_BYTES,
    maxTotalSize: RESUME_MAX_BYTES + MiB,
    fileFields: ['resume'],
  }
  // The language of the page the form was sent from: its messages, and the applicant's e-mails.
  const locale = localeOf(request)
  return withUploadForm(request, limits, 'resumes', async (parsed) => {
    const formData = parsed.formData
    const sent = { status: parsed.status, formData, clientIp, locale }
    if (flow.source === 'job-posting') {
      const submission = parseWithZod(formData, { schema: jobPostingApplicationSchema })
      return complete(submission, sent, (value) => fromJobPostingForm(value, flow.job))
    }
    const submission = parseWithZod(formData, { schema: fullApplicationSchema })
    return complete(submission, sent, (value) => fromFullForm(value, flow))
  })
}

/** What came with a submission: how its body was read, its fields, who sent it, in which language. */
interface Sent {
  status: UploadFormResult['status']
  formData: FormData
  clientIp: string
  locale: Locale
}

async function complete<Value extends { resume: File; keepOnFile?: 'on' }>(
  submission: Submission<Value, string[]>,
  { status: parseStatus, formData, clientIp, locale }: Sent,
  toApplication: (value: Value) => Omit<NewInterpreterApplication, 'privacyConsentAt' | 'locale'>,
) {
  const refuse = (status: number, errors: { resume?: string; form?: string }, headers = {}) =>
    data<ApplicationActionData>(
      {
        result: localizedReply(
          locale,
          submission.reply({
            ...(errors.form ? { formErrors: [errors.form] } : {}),
            ...(errors.resume ? { fieldErrors: { resume: [errors.resume] } } : {}),
          }),
        ),
        submitted: false,
      },
      { status, headers },
    )

  if (parseStatus === 'too-large') return refuse(413, { resume: RESUME_TOO_LARGE_MESSAGE })
  if (parseStatus !== 'ok') return refuse(400, { form: UNREADABLE_FORM_MESSAGE })

  // The type is checked even when other fields are wrong, so that every error shows at once.
  const file = formData.get('resume')
  const sent = file instanceof File && file.size > 0
  const resume = sent ? await checkReceivedFile(file, detectDocumentFileType, 'resume') : undefined
  const resumeError = sent && !resume ? RESUME_WRONG_TYPE_MESSAGE : undefined
  if (submission.status !== 'success' || resumeError || !resume) {
    return refuse(400, { resume: resumeError })
  }

  // Counted up front, so that parallel posts cannot all pass; given back unless stored.
  const countedAt = now()
  const limit = await hitRateLimit(db(), APPLICATION_RATE_LIMIT, clientIp, countedAt)
  const giveBackLimit = () => refundRateLimit(db(), APPLICATION_RATE_LIMIT, clientIp, countedAt)
  if (!limit.allowed)
    return refuse(429, { form: TOO_MANY_REQUESTS_MESSAGE }, retryAfterHeaders(limit))

  if (isHoneypotFilled(formData)) {
    // Answer like a success so the bot learns nothing; store and send nothing.
    runtime().logger.info(
      { form: 'interpreter-application' },
      'honeypot filled; submission dropped',
    )
    return { result: submission.reply({ resetForm: true }), submitted: true }
  }

  const value = submission.value
  try {
    const stored = await createInterpreterApplication(
      {
        ...toApplication(value),
        locale,
        privacyConsentAt: now(),
        keepOnFileAt: value.keepOnFile === 'on' ? now() : null,
      },
      { stored: resume.stored, type: resume.type, originalName: resume.originalName },
      { formToken: readFormToken(formData) },
    )
    if (!stored.created) await giveBackLimit()
  } catch (error) {
    runtime().logger.error({ err: error }, 'an interpreter application could not be stored')
    await giveBackLimit().catch(() => undefined)
    return refuse(500, { form: APPLICATION_NOT_SAVED_MESSAGE })
  }
  return { result: submission.reply({ resetForm: true }), submitted: true }
}

/**
 * One de-duplicated list: the languages we name ourselves (a posting's, a page's) kept whole,
 * since some contain a slash ('Malay (Bahasa Malaysia/Indonesia)'), then what the applicant
 * typed, split at commas, semicolons, slashes and line breaks ("Spanish, Portuguese; Ilocano"),
 * then any we add after them (English, for an applicant fluent in it).
 */
export function collectLanguages(
  named: (string | null | undefined)[],
  typed: (string | null | undefined)[] = [],
  namedLast: string[] = [],
): string[] {
  const seen = new Map<string, string>()
  const add = (part: string) => {
    const language = part.trim().slice(0, 100)
    if (language && !seen.has(language.toLowerCase())) seen.set(language.toLowerCase(), language)
  }
  for (const language of named) add(language ?? '')
  for (const list of typed) for (const part of (list ?? '').split(/[,;\n/]+/)) add(part)
  for (const language of namedLast) add(language)
  return [...seen.values()].slice(0, 20)
}

const optional = (text: string | undefined) => (text ? text : null)

function fromJobPostingForm(
  value: JobPostingApplicationInput,
  job: JobPosting,
): Omit<NewInterpreterApplication, 'privacyConsentAt'> {
  return {
    source: 'job-posting',
    sourceReference: job.id,
    jobId: job.id,
    position: job.title,
    firstName: value.firstName,
    lastName: value.lastName,
    email: value.email,
    phone: value.phone,
    nativeLanguage: value.nativeLanguage,
    languages: collectLanguages([job.nativeLanguage, job.fluentLanguage], [value.nativeLanguage]),
    interpretingExperience: value.interpretingExperience,
    specializations: [],
    expectedPayPerMinute: value.expectedPayPerMinute,
    additionalInfo: optional(value.additionalInfo),
    privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    answers: [
      ['Native language', value.nativeLanguage],
      [
        'Interpreting experience',
        labelOf(jobPostingExperienceChoices, value.interpretingExperience),
      ],
      ['Expected pay per minute', labelOf(jobPostingPayChoices, value.expectedPayPerMinute)],
      ['Additional information', value.additionalInfo || 'none'],
    ],
  }
}

function fromFullForm(
  value: FullApplicationInput,
  flow: Exclude<ApplicationFlow, { source: 'job-posting' }>,
): Omit<NewInterpreterApplication, 'privacyConsentAt'> {
  const fluentInEnglish = value.nativeLanguage === 'native' || value.nativeLanguage === 'fluent'
  const origin =
    flow.source === 'contract-interpreter'
      ? {
          source: flow.source,
          sourceReference: flow.jobId,
          jobId: flow.job?.id ?? null,
          position: flow.job ? `Contract Interpreter (${flow.job.title})` : 'Contract Interpreter',
          offered: flow.job ? [flow.job.nativeLanguage, flow.job.fluentLanguage] : [],
        }
      : {
          source: flow.source,
          sourceReference: flow.position.slug,
          jobId: null,
          position: flow.position.appliedFor.position,
          offered: flow.position.appliedFor.language ? [flow.position.appliedFor.language] : [],
        }
  const specializations = value.specializations ?? []
  return {
    source: origin.source,
    sourceReference: origin.sourceReference,
    jobId: origin.jobId,
    position: origin.position,
    firstName: value.firstName,
    lastName: value.lastName,
    email: value.email,
    phone: value.phone,
    address: value.address,
    city: value.city,
    state: value.state,
    zipCode: optional(value.zipCode),
    englishLevel: value.nativeLanguage,
    languages: collectLanguages(
      origin.offered,
      [value.fluentLanguages],
      fluentInEnglish ? ['English'] : [],
    ),
    interpretingExperience: value.interpretingExperience,
    medicalExperience: value.medicalExperience,
    specializations,
    availability: value.legalAvailability,
    expectedPayPerMinute: value.expectedPayPerMinute,
    additionalInfo: optional(value.additionalInfo),
    privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    answers: [
      [
        'Address',
        [value.address, value.city, value.state, value.zipCode].filter(Boolean).join(', '),
      ],
      ['Level of spoken English', labelOf(englishLevelChoices, value.nativeLanguage)],
      ['Fluent languages', value.fluentLanguages || 'not given'],
      ['Interpreting experience', labelOf(experienceChoices, value.interpretingExperience)],
      ['Medical experience', labelOf(experienceChoices, value.medicalExperience)],
      ['Weekly availability', labelOf(weeklyAvailabilityChoices, value.legalAvailability)],
      ['Expected pay per minute', labelOf(payPerMinuteChoices, value.expectedPayPerMinute)],
      [
        'Specializations',
        specializations.map((item) => labelOf(specializationChoices, item)).join(', ') || 'none',
      ],
      ['Additional information', value.additionalInfo || 'none'],
    ],
  }
}
