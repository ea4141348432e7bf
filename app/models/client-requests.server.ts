import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { clientRequests, type ClientRequestType } from '../../db/schema'
import { listPage, listRowBatches, type FilteredList } from '../lib/admin/filtered-list.server'
import type { ListFilters } from '../lib/admin/list-filters'
import { clientRequestStatuses, type ClientRequestStatus } from '../domain/statuses'
import { recordAudit, type Actor } from './audit.server'
import { redactMailOf, removeMailFiles } from './mail.server'
import { countsByStatus } from './status-counts.server'
import { claimFormToken } from '../lib/forms/form-protection.server'
import { mayAcknowledge } from '../emails/acknowledgement-limit.server'
import { enqueueMail } from '../platform/mail/outbox.server'
import {
  clientRequestAcknowledgement,
  clientRequestStaffNotification,
} from '../emails/client-request.server'
import { db, runtime } from '../platform/runtime.server'
import type { ClientRequestInput } from '../lib/validation/client-request'
import { now } from '../platform/clock.server'
import {
  assignNextOwner,
  lockedClientRequest,
  mailNewOwner,
  responseClockAt,
  stopResponseClock,
} from './leads.server'

export type ClientRequest = typeof clientRequests.$inferSelect

export interface CreatedClientRequest {
  id: string
  /** False when this form token was already used: nothing new was stored or sent. */
  created: boolean
}

/**
 * Stores a contact or demo request and queues the visitor's acknowledgement, the staff
 * notification and the owner's "New lead for you" in the same transaction: either all are
 * durable or none is. The owner is the next admin in the rotation (leads.server.ts), and the
 * first-response clock starts.
 */
export async function createClientRequest(
  input: ClientRequestInput & { type: ClientRequestType },
  options: { formToken?: string } = {},
): Promise<CreatedClientRequest> {
  const { config } = runtime()
  const id = randomUUID()
  const result = await db().transaction(async (tx) => {
    if (options.formToken) {
      const claim = await claimFormToken(tx, options.formToken, `client-request:${input.type}`, id)
      if (!claim.firstUse) return { id: claim.reference, created: false }
    }
    const at = now()
    const owner = await assignNextOwner(tx, at)
    const [request] = await tx
      .insert(clientRequests)
      .values({
        id,
        ownerId: owner?.id ?? null,
        ...responseClockAt(at),
        createdAt: at,
        updatedAt: at,
        type: input.type,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        company: input.company,
        message: input.message,
        status: 'new',
      })
      .returning()
    if (!request) throw new Error('The client request was not stored.')
    const acknowledgement = clientRequestAcknowledgement(request, config.company)
    const notification = clientRequestStaffNotification(request, config.company, config.siteUrl)
    const acknowledge = await mayAcknowledge(tx, request.email)
    await enqueueMail(tx, [
      ...(acknowledge
        ? [
            {
              template: `client-request-acknowledgement`,
              to: request.email,
              replyTo: config.mailReplyTo,
              reference: `client_request:${id}`,
              ...acknowledgement,
            },
          ]
        : []),
      {
        template: `client-request-staff-notification`,
        to: config.staffNotifyEmail,
        replyTo: request.email,
        reference: `client_request:${id}`,
        ...notification,
      },
    ])
    if (owner) await mailNewOwner(tx, request, owner, null)
    return { id, created: true }
  })
  return result
}

export async function getClientRequest(id: string): Promise<ClientRequest | undefined> {
  const [request] = await db().select().from(clientRequests).where(eq(clientRequests.id, id))
  return request
}

export const clientRequestSorts = ['createdAt', 'name', 'company', 'status'] as const
export type ClientRequestSort = (typeof clientRequestSorts)[number]
export type ClientRequestFilters = ListFilters<ClientRequestStatus, ClientRequestSort>

/** The expression the trigram index covers (db/schema/client-requests.ts). */
const searchText = sql`(${clientRequests.name} || ' ' || ${clientRequests.email} || ' ' || ${clientRequests.company} || ' ' || ${clientRequests.message})`

const clientRequestList: FilteredList<typeof clientRequests, ClientRequestFilters> = {
  table: clientRequests,
  searchText: () => searchText,
  sortedBy: (filters, direction, key) => [direction(key(clientRequests[filters.sort]))],
  countsByStatus: () => countsByStatus('client_requests'),
}

/** One page of client requests matching the search (name, e-mail, company, message) and status. */
export async function listClientRequests(filters: ClientRequestFilters) {
  return listPage(db(), clientRequestList, filters)
}

/** Every request matching the filters, in list order and in batches, for the CSV export. */
export function clientRequestsMatching(filters: ClientRequestFilters) {
  return listRowBatches(db(), clientRequestList, filters)
}

/** How many requests there are in all and in each status. */
export async function clientRequestCounts(): Promise<
  Record<ClientRequestStatus | 'total', number>
> {
  const byStatus = await countsByStatus('client_requests')
  const counts = { total: 0 } as Record<ClientRequestStatus | 'total', number>
  for (const status of clientRequestStatuses) {
    counts[status] = byStatus.get(status) ?? 0
    counts.total += counts[status]
  }
  return counts
}

export async function countClientRequests(): Promise<number> {
  return db().$count(clientRequests)
}

/**
 * Changes the status and records who did it, from what, to what. Any move away from `new`
 * is an answer: it stops the first-response clock.
 */
export async function setClientRequestStatus(
  id: string,
  status: ClientRequestStatus,
  actor: Actor,
) {
  return db().transaction(async (tx) => {
    const before = await lockedClientRequest(tx, id)
    if (!before) return undefined
    if (before.status === status) return before
    const at = now()
    if (status !== 'new') await stopResponseClock(tx, before, at)
    const [after] = await tx
      .update(clientRequests)
      .set({ status, updatedAt: at })
      .where(eq(clientRequests.id, id))
      .returning()
    await recordAudit(
      actor,
      {
        action: 'status_change',
        entityType: 'client_request',
        entityId: id,
        before: { status: before.status },
        after: { status },
      },
      tx,
    )
    return after
  })
}

/**
 * Staff opened a reply e-mail to the client ("Reply via Email"): recorded, and the
 * first-response clock stops. False when the request is gone.
 */
export async function recordClientRequestReply(id: string, actor: Actor): Promise<boolean> {
  return db().transaction(async (tx) => {
    const request = await lockedClientRequest(tx, id)
    if (!request) return false
    await stopResponseClock(tx, request, now())
    await recordAudit(
      actor,
      { action: 'reply_drafted', entityType: 'client_request', entityId: id },
      tx,
    )
    return true
  })
}

/**
 * Deletes the request and the personal data in the mail about it (see redactMailOf); the
 * audit log keeps what the request was.
 */
export async function deleteClientRequest(id: string, actor: Actor): Promise<boolean> {
  const redacted = await db().transaction(async (tx) => {
    const [deleted] = await tx.delete(clientRequests).where(eq(clientRequests.id, id)).returning()
    if (!deleted) return undefined
    await recordAudit(
      actor,
      { action: 'delete', entityType: 'client_request', entityId: id, before: deleted },
      tx,
    )
    return redactMailOf(tx, { reference: `client_request:${id}`, email: deleted.email })
  })
  if (!redacted) return false
  await removeMailFiles(redacted)
  return true
}
