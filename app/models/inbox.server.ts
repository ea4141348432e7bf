import { sql, type SQL } from 'drizzle-orm'
import { inboxViews } from '../../db/schema'
import { now } from '../platform/clock.server'
import { queryRows } from '../platform/db.server'
import { db } from '../platform/runtime.server'

export type Inbox = (typeof inboxViews.$inferInsert)['inbox']

/** Records that the staff member has just looked at the inbox (clears the bell's dot). */
export async function markInboxSeen(userId: string, inbox: Inbox) {
  const seenAt = now()
  await db()
    .insert(inboxViews)
    .values({ userId, inbox, lastSeenAt: seenAt })
    .onConflictDoUpdate({
      target: [inboxViews.userId, inboxViews.inbox],
      set: { lastSeenAt: seenAt },
    })
}

export interface Notification {
  id: string
  title: string
  detail: string
  href: string
  createdAt: Date
}

export interface NotificationSummary {
  total: number
  /** Some inbox holds more than BELL_COUNT_LIMIT: its count (and the total) say "at least". */
  more: boolean
  groups: {
    inbox: Inbox
    label: string
    href: string
    count: number
    more: boolean
    items: Notification[]
  }[]
}

/** The bell counts at most this many per inbox and then says "100+". */
export const BELL_COUNT_LIMIT = 100
const BELL_ITEMS = 5

interface BellRow {
  inbox: Inbox
  count: number
  items: { id: string; title: string; detail: string; created_at: string }[] | null
}

/**
 * What arrived in each inbox since the staff member last opened it (an inbox never opened
 * counts from the account's creation). Every admin page shows the bell, so it is one query:
 * the five newest of each inbox and how many there are, counted up to BELL_COUNT_LIMIT + 1
 * so that a long absence does not make every page count thousands of rows.
 */
export async function unreadNotifications(
  userId: string,
  countLimit = BELL_COUNT_LIMIT,
): Promise<NotificationSummary> {
  const since = (inbox: Inbox) => sql`coalesce(
    (select last_seen_at from inbox_views where user_id = ${userId} and inbox = ${inbox}),
    (select created_at from users where id = ${userId}))`
  const newest = (table: string, inbox: Inbox, title: SQL, detail: SQL) => sql`
    select ${inbox} as inbox,
      (select count(*)::int from (select 1 from ${sql.identifier(table)}
        where created_at >= ${since(inbox)} limit ${countLimit + 1}) counted) as count,
      (select json_agg(json_build_object('id', id, 'title', title, 'detail', detail,
          'created_at', created_at) order by created_at desc)
        from (select id, ${title} as title, ${detail} as detail, created_at
          from ${sql.identifier(table)} where created_at >= ${since(inbox)}
          order by created_at desc limit ${BELL_ITEMS}) newest) as items`
  const rows = await queryRows<BellRow>(
    db(),
    sql`
    ${newest('interpreter_applications', 'applications', sql`first_name || ' ' || last_name`, sql`position`)}
    union all
    ${newest('leads', 'leads', sql`name`, sql`company`)}`,
  )
  const byInbox = new Map(rows.map((row) => [row.inbox, row]))
  const group = (inbox: Inbox, label: string, href: string) => {
    const row = byInbox.get(inbox)
    const counted = Number(row?.count ?? 0)
    return {
      inbox,
      label,
      href,
      count: Math.min(counted, countLimit),
      more: counted > countLimit,
      items: (row?.items ?? []).map((item) => ({
        id: item.id,
        title: item.title,
        detail: item.detail,
        href: `${href}/${item.id}`,
        createdAt: new Date(item.created_at),
      })),
    }
  }
  const groups = [
    group('applications', 'Applications', '/admin/interpreters'),
    group('leads', 'Client requests', '/admin/clients'),
  ]
  return {
    total: groups.reduce((sum, { count }) => sum + count, 0),
    more: groups.some((group) => group.more),
    groups,
  }
}
