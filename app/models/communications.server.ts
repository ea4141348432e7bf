import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import {
  clientRequests,
  interpreterApplications,
  mailOutbox,
  mailUnsubscribes,
  messages,
} from '../../db/schema'
import { applyMergeFields } from '../content/communications'
import { containsPattern, PAGE_SIZE } from '../lib/admin/list-filters'
import {
  isGroupSend,
  messageTypeOf,
  messageTypeTotals,
  recipientGroupRules,
  recipientGroups,
  type MessageType,
  type RecipientGroup,
  type RecipientGroupRule,
  type RecipientSelection,
} from '../domain/communications'
import type { Database } from '../platform/db.server'
import { enqueueMail, wakeMailWorker } from '../platform/mail/outbox.server'
import { staffMessageMail } from '../emails/staff-message.server'
import { unsubscribeUrl } from '../emails/unsubscribe-token.server'
import { db, runtime } from '../platform/runtime.server'
import { recordAudit, type Actor } from './audit.server'
import { countsByKeyAndStatus, countsByStatus } from './status-counts.server'
import { stopResponseClockOf } from './leads.server'
import { now } from '../platform/clock.server'

export type { RecipientSelection }

export interface Recipient {
  email: string
  name: string
}

export interface PersonMatch {
  /** The value of the recipients select: `application:<id>` or `client:<id>`. */
  key: string
  name: string
  email: string
  kind: 'Interpreter' | 'Client'
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// Addresses that unsubscribed are left out of group sends (docs/product.md#mail-and-calls).
const notUnsubscribed = (email: AnyPgColumn) =>
  sql`not exists (select 1 from ${mailUnsubscribes} where ${mailUnsubscribes.email} = lower(${email}))`

/**
 * The applications an interpreter group's rule (app/domain/communications.ts) takes in: the
 * group counts and the send both use it, so the number staff confirm is the number sent.
 */
function applicationsOf(rule: Extract<RecipientGroupRule, { audience: 'interpreters' }>): SQL {
  return inArray(interpreterApplications.status, [...rule.applicationStatuses])
}

/**
 * Each group's current number of recipients: distinct addresses, without those that
 * unsubscribed. Two aggregate queries (one per table) whatever the number of applications;
 * the unsubscribe check is an index lookup per row.
 */
export async function recipientGroupCounts(tx?: Database): Promise<Record<RecipientGroup, number>> {
  const email = sql`lower(${interpreterApplications.email})`
  const counts = {} as Record<RecipientGroup, number>
  const perInterpreterGroup: Record<string, SQL<number>> = {}
  for (const group of recipientGroups) {
    const rule = recipientGroupRules[group]
    if (rule.audience === 'interpreters')
      perInterpreterGroup[group] =
        sql<number>`count(distinct ${email}) filter (where ${applicationsOf(rule)})::int`
  }
  const [interpreters] = await db(tx)
    .select(perInterpreterGroup)
    .from(interpreterApplications)
    .where(notUnsubscribed(interpreterApplications.email))
  const [clients] = await db(tx)
    .select({ count: sql<number>`count(distinct lower(${clientRequests.email}))::int` })
    .from(clientRequests)
    .where(notUnsubscribed(clientRequests.email))
  for (const group of recipientGroups)
    counts[group] =
      recipientGroupRules[group].audience === 'clients'
        ? (clients?.count ?? 0)
        : Number(interpreters?.[group] ?? 0)
  return counts
}

const applicationNameEmail = sql`(${interpreterApplications.firstName} || ' ' || ${interpreterApplications.lastName} || ' ' || ${interpreterApplications.email})`
const clientSearchText = sql`(${clientRequests.name} || ' ' || ${clientRequests.email} || ' ' || ${clientRequests.company} || ' ' || ${clientRequests.message})`

/** People to write to one by one: interpreters and clients whose name or e-mail matches. */
export async function findPeople(query: string, limit = 10): Promise<PersonMatch[]> {
  const q = query.trim().slice(0, 200)
  if (q.length < 2) return []
  const pattern = containsPattern(q)
  const [applicants, clients] = await Promise.all([
    db()
      .select({
        id: interpreterApplications.id,
        firstName: interpreterApplications.firstName,
        lastName: interpreterApplications.lastName,
        email: interpreterApplications.email,
      })
      .from(interpreterApplications)
      .where(sql`${applicationNameEmail} ilike ${pattern}`)
      .orderBy(desc(interpreterApplications.createdAt))
      .limit(limit),
    db()
      .select({ id: clientRequests.id, name: clientRequests.name, email: clientRequests.email })
      .from(clientRequests)
      .where(sql`${clientSearchText} ilike ${pattern}`)
      .orderBy(desc(clientRequests.createdAt))
      .limit(limit),
  ])
  return [
    ...applicants.map((row) => ({
      key: `application:${row.id}`,
      name: `${row.firstName} ${row.lastName}`,
      email: row.email,
      kind: 'Interpreter' as const,
    })),
    ...clients.map((row) => ({
      key: `client:${row.id}`,
      name: row.name,
      email: row.email,
      kind: 'Client' as const,
    })),
  ].slice(0, limit)
}

/** The recipients of a selection, one per address (the newest record's name), by address. */
export async function recipientsOf(
  selection: RecipientSelection,
  options: { limit?: number; tx?: Database } = {},
): Promise<Recipient[]> {
  const database = db(options.tx)
  if (selection.kind === 'person') {
    if (selection.source === 'application') {
      const [row] = await database
        .select({
          email: interpreterApplications.email,
          firstName: interpreterApplications.firstName,
          lastName: interpreterApplications.lastName,
        })
        .from(interpreterApplications)
        .where(eq(interpreterApplications.id, selection.id))
      return row ? [{ email: row.email, name: `${row.firstName} ${row.lastName}` }] : []
    }
    const [row] = await database
      .select({ email: clientRequests.email, name: clientRequests.name })
      .from(clientRequests)
      .where(eq(clientRequests.id, selection.id))
    return row ? [row] : []
  }
  const rule = recipientGroupRules[selection.group]
  if (rule.audience === 'clients') {
    const query = database
      .selectDistinctOn([sql`lower(${clientRequests.email})`], {
        email: clientRequests.email,
        name: clientRequests.name,
      })
      .from(clientRequests)
      .where(notUnsubscribed(clientRequests.email))
      .orderBy(sql`lower(${clientRequests.email})`, desc(clientRequests.createdAt))
    return options.limit ? query.limit(options.limit) : query
  }
  const query = database
    .selectDistinctOn([sql`lower(${interpreterApplications.email})`], {
      email: interpreterApplications.email,
      name: sql<string>`${interpreterApplications.firstName} || ' ' || ${interpreterApplications.lastName}`,
    })
    .from(interpreterApplications)
    .where(and(notUnsubscribed(interpreterApplications.email), applicationsOf(rule)))
    .orderBy(sql`lower(${interpreterApplications.email})`, desc(interpreterApplications.createdAt))
  return options.limit ? query.limit(options.limit) : query
}

/** How many people a selection reaches now: the number a group send is confirmed with. */
export async function countRecipients(selection: RecipientSelection): Promise<number> {
  if (selection.kind === 'group') return (await recipientGroupCounts())[selection.group]
  return (await recipientsOf(selection)).length
}

export interface Draft {
  selection: RecipientSelection
  subject: string
  message: string
}

function labelOf(selection: RecipientSelection, recipients: Recipient[]): string {
  if (selection.kind === 'group') return recipientGroupRules[selection.group].label
  const person = recipients[0]
  return person ? `${person.name} <${person.email}>` : 'Unknown recipient'
}

/** The message as one recipient gets it (the preview). */
export function personalise(draft: Pick<Draft, 'subject' | 'message'>, recipient: Recipient) {
  return {
    subject: applyMergeFields(draft.subject, recipient)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    message: applyMergeFields(draft.message, recipient),
  }
}

export interface SentMessage {
  id: string
  recipientCount: number
}

/**
 * The group's membership changed between the confirmation and the send: nothing was sent,
 * and staff confirm the new number.
 */
export class RecipientCountChanged extends Error {
  constructor(
    readonly confirmed: number,
    readonly current: number,
  ) {
    super(`The group has ${current} recipients now, ${confirmed} were confirmed.`)
  }
}

const INSERT_CHUNK = 500

/**
 * Sends a message: in one transaction the message record and one queued e-mail per
 * recipient (merge fields replaced; bulk copies with an unsubscribe link and the
 * List-Unsubscribe headers). The mail worker delivers them with retries.
 *
 * A group send goes to the group as its rule reads at this moment, and only if that is as
 * many people as staff confirmed (`confirmedCount`); otherwise it throws
 * RecipientCountChanged and queues nothing.
 */
export async function sendMessage(
  draft: Draft,
  actor: Actor,
  options: { confirmedCount?: number } = {},
): Promise<SentMessage> {
  const { config } = runtime()
  const id = randomUUID()
  const type = messageTypeOf(draft.selection)
  const bulk = isGroupSend(draft.selection)
  const { confirmedCount } = options
  if (bulk && confirmedCount === undefined)
    throw new Error('A group send needs the number of recipients staff confirmed.')
  const recipientCount = await db().transaction(async (tx) => {
    const recipients = await recipientsOf(draft.selection, { tx })
    if (confirmedCount !== undefined && recipients.length !== confirmedCount)
      throw new RecipientCountChanged(confirmedCount, recipients.length)
    await tx.insert(messages).values({
      id,
      type,
      recipientGroup: draft.selection.kind === 'group' ? draft.selection.group : null,
      recipientLabel: labelOf(draft.selection, recipients),
      recipientCount: recipients.length,
      subject: draft.subject,
      body: draft.message,
      sentById: actor.id,
      sentByName: actor.name,
    })
    for (let start = 0; start < recipients.length; start += INSERT_CHUNK) {
      const chunk = recipients.slice(start, start + INSERT_CHUNK)
      await enqueueMail(
        tx,
        chunk.map((recipient) => {
          const personal = personalise(draft, recipient)
          const link = bulk
            ? unsubscribeUrl(config.siteUrl, recipient.email, config.sessionSecret)
            : undefined
          return {
            template: 'staff-message',
            to: recipient.email,
            replyTo: config.mailReplyTo,
            reference: `message:${id}`,
            ...staffMessageMail({
              subject: personal.subject,
              message: personal.message,
              company: config.company,
              unsubscribeUrl: link,
            }),
            ...(link
              ? {
                  headers: {
                    'List-Unsubscribe': `<${link}>`,
                    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                  },
                }
              : {}),
          }
        }),
      )
    }
    // A message to the person behind a client request answers it (docs/product.md#clients).
    if (draft.selection.kind === 'person' && draft.selection.source === 'client')
      await stopResponseClockOf(tx, draft.selection.id, now())
    await recordAudit(
      actor,
      {
        action: 'message_sent',
        entityType: 'message',
        entityId: id,
        after: { type, recipients: recipients.length, subject: draft.subject },
      },
      tx,
    )
    return recipients.length
  })
  return { id, recipientCount }
}

export const messageTypeFilters = ['all', 'bulk', 'individual', 'client'] as const
export type MessageTypeFilter = (typeof messageTypeFilters)[number]

export interface MessageHistoryFilters {
  q: string
  type: MessageTypeFilter
  page: number
}

export interface MessageHistoryEntry {
  id: string
  subject: string
  recipientLabel: string
  recipientCount: number
  type: MessageType
  sentAt: Date
  sentByName: string
  delivered: number
  pending: number
  failed: number
}

// The indexed expression (db/schema/communications.ts).
const messageSearchText = sql`(${messages.subject} || ' ' || ${messages.recipientLabel})`

/** One page of the message history, newest first, with delivery counts from the outbox. */
export async function listMessages(filters: MessageHistoryFilters) {
  const where = and(
    filters.q ? sql`${messageSearchText} ilike ${containsPattern(filters.q)}` : undefined,
    filters.type !== 'all' ? eq(messages.type, filters.type) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE),
    db().select({ count: count() }).from(messages).where(where),
  ])
  const deliveries = await deliveryCounts(rows.map((row) => row.id))
  const items: MessageHistoryEntry[] = rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    recipientLabel: row.recipientLabel,
    recipientCount: row.recipientCount,
    type: row.type,
    sentAt: row.sentAt,
    sentByName: row.sentByName,
    ...(deliveries.get(row.id) ?? { delivered: 0, pending: 0, failed: 0 }),
  }))
  return { items, total: total?.count ?? 0, pageSize: PAGE_SIZE }
}

async function deliveryCounts(messageIds: string[]) {
  const counts = new Map<string, { delivered: number; pending: number; failed: number }>()
  if (messageIds.length === 0) return counts
  // Kept by triggers on the outbox (app/models/status-counts.server.ts).
  const rows = await countsByKeyAndStatus('message_deliveries', messageIds)
  for (const row of rows) {
    const id = row.key
    const entry = counts.get(id) ?? { delivered: 0, pending: 0, failed: 0 }
    if (row.status === 'sent') entry.delivered += row.count
    else if (row.status === 'failed') entry.failed += row.count
    // Cancelled: the recipient was deleted before it went out; neither pending nor failed.
    else if (row.status !== 'cancelled') entry.pending += row.count
    counts.set(id, entry)
  }
  return counts
}

export interface MessageStats {
  sent: number
  /** Messages of each type (app/domain/communications.ts), as the history filter finds them. */
  byType: Record<MessageType, number>
  /** Delivered out of the e-mails whose delivery finished (sent or failed), in percent; null before any. */
  deliveryRate: number | null
}

/**
 * The stat cards, computed from the history: messages sent, messages of each stored type
 * (the same column the history filter reads), and the delivery rate of their e-mails.
 */
export async function messageStats(): Promise<MessageStats> {
  const [byType, deliveries] = await Promise.all([
    db().select({ type: messages.type, count: count() }).from(messages).groupBy(messages.type),
    countsByStatus('message_deliveries'),
  ])
  const statusCount = (status: string) => deliveries.get(status) ?? 0
  const delivered = statusCount('sent')
  const finished = delivered + statusCount('failed')
  return {
    ...messageTypeTotals(byType),
    deliveryRate: finished === 0 ? null : Math.round((delivered / finished) * 1000) / 10,
  }
}

/** Queues a message's failed e-mails again, from a fresh start; returns how many. */
export async function retryFailedDeliveries(messageId: string, actor: Actor): Promise<number> {
  const retried = await db().transaction(async (tx) => {
    const rows = await tx
      .update(mailOutbox)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(and(eq(mailOutbox.reference, `message:${messageId}`), eq(mailOutbox.status, 'failed')))
      .returning({ id: mailOutbox.id })
    if (rows.length > 0)
      await recordAudit(
        actor,
        {
          action: 'message_retry',
          entityType: 'message',
          entityId: messageId,
          after: { retried: rows.length },
        },
        tx,
      )
    return rows.length
  })
  if (retried > 0) wakeMailWorker()
  return retried
}

export async function getMessage(id: string) {
  if (!uuidPattern.test(id)) return undefined
  const [row] = await db().select().from(messages).where(eq(messages.id, id))
  return row
}
