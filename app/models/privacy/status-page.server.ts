import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { auditLog, erasureRequests, interpreterApplications, staffNotes } from '../../../db/schema'
import {
  applicantStatusOf,
  ERASURE_LINK_HOURS,
  mayWithdraw,
  type ApplicantStatus,
} from '../../domain/applicant-status'
import { undecidedApplicationStatuses } from '../../domain/statuses'
import { applicationErasureMail } from '../../emails/application-erasure.server'
import { mayAcknowledge } from '../../emails/acknowledgement-limit.server'
import { verifyApplicationStatusToken } from '../../emails/application-status-token.server'
import { now } from '../../platform/clock.server'
import { pathInLocale } from '../../domain/locales'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { hashToken, randomToken } from '../../platform/tokens.server'
import { recordAudit, type Actor } from '../audit.server'
import { APPLICANT_ACTOR, eraseRecords, finishErasure, recordsOf } from './erasure.server'

/** What the applicant's status page shows: nothing they typed but the position. */
export interface ApplicantStatusView {
  id: string
  version: number
  position: string
  appliedAt: Date
  status: ApplicantStatus
  mayWithdraw: boolean
}

/** The application a status link is for, while the link is genuine and not revoked. */
async function linkedApplication(token: string) {
  const link = verifyApplicationStatusToken(token, runtime().config.sessionSecret)
  if (!link) return undefined
  const [application] = await db()
    .select({
      id: interpreterApplications.id,
      email: interpreterApplications.email,
      position: interpreterApplications.position,
      status: interpreterApplications.status,
      createdAt: interpreterApplications.createdAt,
      locale: interpreterApplications.locale,
    })
    .from(interpreterApplications)
    .where(
      and(
        eq(interpreterApplications.id, link.applicationId),
        eq(interpreterApplications.statusLinkVersion, link.version),
      ),
    )
  return application ? { ...application, version: link.version } : undefined
}

export async function applicantStatusView(token: string): Promise<ApplicantStatusView | undefined> {
  const application = await linkedApplication(token)
  if (!application) return undefined
  const handled =
    application.status === 'pending' &&
    (await db()
      .select({ one: sql`1` })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'interpreter_application'),
          eq(auditLog.entityId, application.id),
        ),
      )
      .union(
        db()
          .select({ one: sql`1` })
          .from(staffNotes)
          .where(
            and(
              eq(staffNotes.entityType, 'interpreter_application'),
              eq(staffNotes.entityId, application.id),
            ),
          ),
      )
      .limit(1)
      .then((rows) => rows.length > 0))
  return {
    id: application.id,
    version: application.version,
    position: application.position,
    appliedAt: application.createdAt,
    status: applicantStatusOf(application.status, handled),
    mayWithdraw: mayWithdraw(application.status),
  }
}

/** The applicant withdraws: the status becomes `withdrawn`, recorded in the history. */
export async function withdrawApplication(
  token: string,
): Promise<'withdrawn' | 'missing' | 'decided'> {
  const application = await linkedApplication(token)
  if (!application) return 'missing'
  return db().transaction(async (tx) => {
    const [changed] = await tx
      .update(interpreterApplications)
      .set({ status: 'withdrawn', updatedAt: now() })
      .where(
        and(
          eq(interpreterApplications.id, application.id),
          eq(interpreterApplications.statusLinkVersion, application.version),
          inArray(interpreterApplications.status, [...undecidedApplicationStatuses]),
        ),
      )
      .returning({ id: interpreterApplications.id })
    if (!changed) return 'decided'
    await recordAudit(
      APPLICANT_ACTOR,
      {
        action: 'status_change',
        entityType: 'interpreter_application',
        entityId: application.id,
        before: { status: application.status },
        after: { status: 'withdrawn' },
      },
      tx,
    )
    return 'withdrawn'
  })
}

/**
 * E-mails a single-use link that confirms the erasure, to the address the application was
 * sent from (only its owner can confirm). Counted with the acknowledgements, so the page
 * cannot flood the mailbox: 'too-many' once that cap is reached.
 */
export async function requestErasure(token: string): Promise<'sent' | 'missing' | 'too-many'> {
  const application = await linkedApplication(token)
  if (!application) return 'missing'
  const { config } = runtime()
  return db().transaction(async (tx) => {
    if (!(await mayAcknowledge(tx, application.email))) return 'too-many'
    const code = randomToken()
    await tx.insert(erasureRequests).values({
      tokenHash: hashToken(code),
      applicationId: application.id,
      expiresAt: new Date(now().getTime() + ERASURE_LINK_HOURS * 60 * 60 * 1000),
    })
    await enqueueMail(tx, [
      {
        template: 'application-erasure-confirmation',
        to: application.email,
        reference: `interpreter_application:${application.id}`,
        ...applicationErasureMail(
          {
            url: `${config.siteUrl}${pathInLocale(`/application-erasure/${code}`, application.locale)}`,
            validHours: ERASURE_LINK_HOURS,
          },
          config.company,
          application.locale,
        ),
      },
    ])
    return 'sent'
  })
}

function validErasureCode(code: string) {
  return and(
    eq(erasureRequests.tokenHash, hashToken(code)),
    isNull(erasureRequests.usedAt),
    gt(erasureRequests.expiresAt, now()),
  )
}

/** Whether an erasure link can still be used (the page that asks to confirm). */
export async function erasureCodeIsValid(code: string): Promise<boolean> {
  if (code.length > 100) return false
  return (await db().$count(erasureRequests, validErasureCode(code))) > 0
}

/**
 * The applicant confirms: everything stored under the application's e-mail address is
 * erased (they proved they read that mailbox). Refused ('has-account') when the address has
 * a portal account: staff erase those (docs/privacy.md#erasure).
 */
export async function confirmErasure(code: string): Promise<'erased' | 'missing' | 'has-account'> {
  if (code.length > 100) return 'missing'
  const erased = await db().transaction(async (tx) => {
    const [request] = await tx
      .update(erasureRequests)
      .set({ usedAt: now() })
      .where(validErasureCode(code))
      .returning({ applicationId: erasureRequests.applicationId })
    if (!request) return 'missing' as const
    const [application] = await tx
      .select({ email: interpreterApplications.email })
      .from(interpreterApplications)
      .where(eq(interpreterApplications.id, request.applicationId))
    if (!application) return 'missing' as const
    const records = await recordsOf(application.email, tx)
    if (records.hasAccount) return 'has-account' as const
    return eraseRecords(tx, records, APPLICANT_ACTOR, 'applicant')
  })
  if (typeof erased === 'string') return erased
  await finishErasure(erased)
  return 'erased'
}

/** Staff revoke every status link sent so far for this application. */
export async function revokeStatusLink(applicationId: string, actor: Actor): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [changed] = await tx
      .update(interpreterApplications)
      .set({ statusLinkVersion: sql`${interpreterApplications.statusLinkVersion} + 1` })
      .where(eq(interpreterApplications.id, applicationId))
      .returning({ id: interpreterApplications.id })
    if (!changed) return false
    await recordAudit(
      actor,
      {
        action: 'status_link_revoked',
        entityType: 'interpreter_application',
        entityId: applicationId,
      },
      tx,
    )
    return true
  })
}
