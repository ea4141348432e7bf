import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { interpreterApplications, type ApplicationSource } from '../../../db/schema'
import { claimFormToken } from '../../lib/forms/form-protection.server'
import { mayAcknowledge } from '../../emails/acknowledgement-limit.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import {
  interpreterApplicationAcknowledgement,
  interpreterApplicationStaffNotification,
} from '../../emails/interpreter-application.server'
import { db, runtime } from '../../platform/runtime.server'
import { storeNewFiles, type StoredUpload } from '../../platform/storage/new-files.server'
import { recordStoredFiles } from '../stored-files.server'
import type { DocumentFileType } from '../../lib/uploads/document-file.server'
import { findPossibleDuplicate } from './duplicates.server'
import { applicationStatusUrl } from '../../emails/application-status-token.server'
import { now as currentTime } from '../../platform/clock.server'
import type { Locale } from '../../domain/locales'

export type InterpreterApplication = typeof interpreterApplications.$inferSelect

export interface NewInterpreterApplication {
  source: ApplicationSource
  sourceReference: string
  jobId: string | null
  position: string
  firstName: string
  lastName: string
  email: string
  phone: string
  address?: string | null
  city?: string | null
  state?: string | null
  zipCode?: string | null
  nativeLanguage?: string | null
  englishLevel?: string | null
  languages: string[]
  interpretingExperience: string
  medicalExperience?: string | null
  specializations: string[]
  availability?: string | null
  expectedPayPerMinute: string
  additionalInfo?: string | null
  privacyConsentAt: Date
  privacyNoticeVersion: string
  /** When the applicant asked to be kept on file for future openings, if they did. */
  keepOnFileAt?: Date | null
  /** Label/value pairs of the form's answers, for the staff e-mail. */
  answers: [string, string][]
  /** The language the applicant applied in (English when not given): their e-mails' language. */
  locale?: Locale
}

/** The resume: its bytes, or the upload already streamed to storage. */
export type ResumeUpload = {
  /** Already cleaned (see cleanOriginalName). */
  originalName: string
  type: DocumentFileType
} & ({ bytes: Uint8Array } | { stored: StoredUpload })

export interface CreatedInterpreterApplication {
  id: string
  /** False when this form token was already used: nothing new was stored or sent. */
  created: boolean
}

/**
 * Stores an application: the resume goes to the file storage first, then one transaction
 * records the file, the application, the form token and the two e-mails (the staff one
 * says when an earlier application has the same e-mail address or phone number). If the
 * transaction fails, or the token was already used, the stored file is deleted again, so
 * that either everything is durable or nothing is left.
 */
export async function createInterpreterApplication(
  input: NewInterpreterApplication,
  resume: ResumeUpload,
  options: { formToken?: string; now?: Date } = {},
): Promise<CreatedInterpreterApplication> {
  const { config } = runtime()
  const now = options.now ?? currentTime()
  const id = randomUUID()
  const stored = await storeNewFiles(
    runtime(),
    'resumes',
    [{ ...resume, mediaType: resume.type.mediaType, extension: resume.type.extension }],
    now,
  )
  const file = stored.values[0]!

  let result: CreatedInterpreterApplication
  try {
    result = await db().transaction(async (tx) => {
      if (options.formToken) {
        const claim = await claimFormToken(tx, options.formToken, 'interpreter-application', id)
        if (!claim.firstUse) return { id: claim.reference, created: false }
      }
      const earlier = await findPossibleDuplicate(tx, input)
      const [resumeFileId] = await recordStoredFiles(tx, [file])
      if (!resumeFileId) throw new Error('The resume was not recorded.')
      const { answers, ...columns } = input
      await tx.insert(interpreterApplications).values({
        ...columns,
        id,
        status: 'pending',
        onboardingProgress: 0,
        resumeFileId,
        createdAt: now,
        updatedAt: now,
      })
      const mail = {
        id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        position: input.position,
        languages: input.languages,
        answers,
        resume: { originalName: resume.originalName, byteSize: file.byteSize },
        possibleDuplicateOf: earlier ?? null,
        locale: input.locale,
      }
      const acknowledge = await mayAcknowledge(tx, input.email)
      await enqueueMail(tx, [
        ...(acknowledge
          ? [
              {
                template: 'interpreter-application-acknowledgement',
                to: input.email,
                replyTo: config.mailReplyTo,
                reference: `interpreter_application:${id}`,
                ...interpreterApplicationAcknowledgement(
                  mail,
                  config.company,
                  applicationStatusUrl(
                    config.siteUrl,
                    { id, statusLinkVersion: 1 },
                    config.sessionSecret,
                    input.locale,
                  ),
                  input.locale,
                ),
              },
            ]
          : []),
        {
          template: 'interpreter-application-staff-notification',
          to: config.staffNotifyEmail,
          replyTo: input.email,
          reference: `interpreter_application:${id}`,
          ...interpreterApplicationStaffNotification(mail, config.company, config.siteUrl),
        },
      ])
      return { id, created: true }
    })
  } catch (error) {
    await stored.discard()
    throw error
  }
  if (!result.created) await stored.discard()
  return result
}

export async function getInterpreterApplication(
  id: string,
): Promise<InterpreterApplication | undefined> {
  const [application] = await db()
    .select()
    .from(interpreterApplications)
    .where(eq(interpreterApplications.id, id))
  return application
}
