import { and, count, desc, eq, sql } from 'drizzle-orm'
import { messages } from '../../../db/schema'
import { messageTypeTotals, type MessageType } from '../../domain/communications'
import { containsPattern, PAGE_SIZE } from '../../lib/admin/list-filters'
import { db } from '../../platform/runtime.server'
import { countsByKeyAndStatus, countsByStatus } from '../status-counts.server'

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

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

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

/** One sent message, or undefined for an unknown (or malformed) id. */
export async function getMessage(id: string) {
  if (!uuidPattern.test(id)) return undefined
  const [row] = await db().select().from(messages).where(eq(messages.id, id))
  return row
}
