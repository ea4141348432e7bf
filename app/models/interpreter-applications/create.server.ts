import { createHash, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { interpreterApplications, storedFiles, type ApplicationSource } from '../../../db/schema'
import { claimFormToken } from '../../lib/forms/form-protection.server'
import { mayAcknowledge } from '../../emails/acknowledgement-limit.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import {
  interpreterApplicationAcknowledgement,
  interpreterApplicationStaffNotification,
} from '../../emails/interpreter-application.server'
import { db, runtime } from '../../platform/runtime.server'
import { newStorageKey } from '../../platform/storage/file-storage.server'
import type { ResumeFileType } from '../../lib/uploads/resume-file.server'
import { findPossibleDuplicate } from './duplicates.server'
import { applicationStatusUrl } from '../../emails/application-status-token.server'
import { now as currentTime } from '../../platform/clock.server'

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
}

export interface ResumeUpload {
  bytes: Uint8Array
  /** Already cleaned (see cleanOriginalName). */
  originalName: string
  type: ResumeFileType
}

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
  const { config, storage, logger } = runtime()
  const now = options.now ?? currentTime()
  const id = randomUUID()
  const storageKey = newStorageKey('resumes', resume.type.extension, now)
  await storage.put(storageKey, resume.bytes, { contentType: resume.type.mediaType })

  let result: CreatedInterpreterApplication
  try {
    result = await db().transaction(async (tx) => {
      if (options.formToken) {
        const claim = await claimFormToken(tx, options.formToken, 'interpreter-application', id)
        if (!claim.firstUse) return { id: claim.reference, created: false }
      }
      const earlier = await findPossibleDuplicate(tx, input)
      const [file] = await tx
        .insert(storedFiles)
        .values({
          storageKey,
          originalName: resume.originalName,
          mediaType: resume.type.mediaType,
          byteSize: resume.bytes.byteLength,
          sha256: createHash('sha256').update(resume.bytes).digest('hex'),
        })
        .returning({ id: storedFiles.id })
      if (!file) throw new Error('The resume was not recorded.')
      const { answers, ...columns } = input
      await tx.insert(interpreterApplications).values({
        ...columns,
        id,
        status: 'pending',
        onboardingProgress: 0,
        resumeFileId: file.id,
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
        resume: { originalName: resume.originalName, byteSize: resume.bytes.byteLength },
        possibleDuplicateOf: earlier ?? null,
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
                  ),
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
    await deleteQuietly(storageKey)
    throw error
  }
  if (!result.created) await deleteQuietly(storageKey)
  return result

  async function deleteQuietly(key: string) {
    try {
      await storage.delete(key)
    } catch (error) {
      // The orphan sweep will remove it within the hour.
      logger.warn({ err: error, key }, 'could not delete an unrecorded upload')
    }
  }
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
