import { and, eq, lte } from 'drizzle-orm'
import {
  credentialReminders,
  interpreterApplications,
  interpreterDocuments,
} from '../../../db/schema'
import {
  addDays,
  daysBetween,
  REMINDER_DAYS_BEFORE,
  stepLabel,
  type IsoDate,
} from '../../domain/onboarding'
import { credentialExpiredStaffMail, credentialReminderMail } from '../../emails/onboarding.server'
import type { Database } from '../../platform/db.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { runtime } from '../../platform/runtime.server'
import { recordAudit, type SystemActor } from '../audit.server'
import { refreshOnboardingProgress, today } from './progress.server'

/** The daily job acts as the system, not as a member of staff. */
const SYSTEM: SystemActor = { id: null, name: 'Credential expiry job' }

type DueDocument = {
  id: string
  applicationId: string
  step: (typeof interpreterDocuments.$inferSelect)['step']
  language: string | null
  expiresOn: string
  firstName: string
  lastName: string
  email: string
}

function credentialName(document: Pick<DueDocument, 'step' | 'language'>) {
  return document.language
    ? `${stepLabel(document.step)} (${document.language})`
    : stepLabel(document.step)
}

/**
 * The daily credential job (docs/product.md#interpreter-portal), safe on any number of
 * instances at once and as often as the maintenance loop runs:
 * - a reminder 30, 7 and 0 days before an accepted credential expires, each sent once: the
 *   reminder's row (primary key document + threshold) and its e-mail are written in one
 *   transaction, and only the instance whose insert succeeds sends it;
 * - on the expiry day the credential becomes Expired (a conditional update only one
 *   instance wins), its step opens again, and staff are told.
 * A reminder whose day passed while the job did not run (the server was down) goes out
 * late rather than never, once, and only the nearest threshold.
 */
export async function runCredentialExpiry(database: Database, day: IsoDate = today()) {
  const horizon = addDays(day, Math.max(...REMINDER_DAYS_BEFORE))
  const due = await database
    .select({
      id: interpreterDocuments.id,
      applicationId: interpreterDocuments.applicationId,
      step: interpreterDocuments.step,
      language: interpreterDocuments.language,
      expiresOn: interpreterDocuments.expiresOn,
      firstName: interpreterApplications.firstName,
      lastName: interpreterApplications.lastName,
      email: interpreterApplications.email,
    })
    .from(interpreterDocuments)
    .innerJoin(
      interpreterApplications,
      eq(interpreterApplications.id, interpreterDocuments.applicationId),
    )
    .where(
      and(
        eq(interpreterDocuments.status, 'accepted'),
        lte(interpreterDocuments.expiresOn, horizon),
        eq(interpreterApplications.status, 'approved'),
      ),
    )
  let reminders = 0
  let expired = 0
  for (const document of due as DueDocument[]) {
    const daysLeft = daysBetween(day, document.expiresOn)
    const threshold = [...REMINDER_DAYS_BEFORE]
      .sort((a, b) => a - b)
      .find((days) => daysLeft <= days)
    if (threshold !== undefined && (await sendReminder(database, document, threshold, daysLeft)))
      reminders += 1
    if (daysLeft <= 0 && (await expire(database, document))) expired += 1
  }
  return { reminders, expired }
}

async function sendReminder(
  database: Database,
  document: DueDocument,
  threshold: number,
  daysLeft: number,
) {
  return database.transaction(async (tx) => {
    const inserted = await tx
      .insert(credentialReminders)
      .values({ documentId: document.id, daysBefore: threshold })
      .onConflictDoNothing()
      .returning({ documentId: credentialReminders.documentId })
    if (inserted.length === 0) return false
    // Thresholds already passed are recorded too, so that a late run sends one reminder, not three.
    const passed = REMINDER_DAYS_BEFORE.filter((days) => days > threshold)
    if (passed.length > 0)
      await tx
        .insert(credentialReminders)
        .values(passed.map((days) => ({ documentId: document.id, daysBefore: days })))
        .onConflictDoNothing()
    const { config } = runtime()
    const mail = credentialReminderMail({
      firstName: document.firstName,
      credential: credentialName(document),
      daysLeft: Math.max(daysLeft, 0),
      expiresOn: document.expiresOn,
      onboardingUrl: `${config.siteUrl}/interpreter/onboarding`,
      company: config.company,
    })
    await enqueueMail(tx, [
      {
        template: 'credential-reminder',
        to: document.email,
        replyTo: config.mailReplyTo,
        reference: `interpreter_document:${document.id}`,
        ...mail,
      },
    ])
    return true
  })
}

async function expire(database: Database, document: DueDocument) {
  return database.transaction(async (tx) => {
    const changed = await tx
      .update(interpreterDocuments)
      .set({ status: 'expired' })
      .where(
        and(eq(interpreterDocuments.id, document.id), eq(interpreterDocuments.status, 'accepted')),
      )
      .returning({ id: interpreterDocuments.id })
    if (changed.length === 0) return false
    await refreshOnboardingProgress(tx, [document.applicationId])
    const { config } = runtime()
    const mail = credentialExpiredStaffMail({
      interpreterName: `${document.firstName} ${document.lastName}`,
      credential: credentialName(document),
      expiresOn: document.expiresOn,
      managerUrl: `${config.siteUrl}/admin/interpreter-manager`,
      company: config.company,
    })
    await enqueueMail(tx, [
      {
        template: 'credential-expired',
        to: config.staffNotifyEmail,
        reference: `interpreter_document:${document.id}`,
        ...mail,
      },
    ])
    await recordAudit(
      SYSTEM,
      {
        action: 'credential_expired',
        entityType: 'interpreter_application',
        entityId: document.applicationId,
        after: { documentId: document.id, step: document.step, expiresOn: document.expiresOn },
      },
      tx,
    )
    return true
  })
}
