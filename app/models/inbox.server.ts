import { eq } from 'drizzle-orm'
import { inboxViews, users } from '../../db/schema'
import { now } from '../platform/clock.server'
import { db } from '../platform/runtime.server'
import { applicationsSince } from './interpreter-applications/review.server'
import { clientRequestsSince } from './client-requests.server'

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

/**
 * When the staff member last opened each inbox; an inbox never opened counts from the
 * account's creation (everything since is new to them). One query for both.
 */
async function lastSeen(userId: string): Promise<Record<Inbox, Date>> {
  const rows = await db()
    .select({
      createdAt: users.createdAt,
      inbox: inboxViews.inbox,
      lastSeenAt: inboxViews.lastSeenAt,
    })
    .from(users)
    .leftJoin(inboxViews, eq(inboxViews.userId, users.id))
    .where(eq(users.id, userId))
  const seen = (inbox: Inbox) =>
    rows.find((row) => row.inbox === inbox)?.lastSeenAt ?? rows[0]?.createdAt ?? new Date(0)
  return { applications: seen('applications'), client_requests: seen('client_requests') }
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
  groups: { inbox: Inbox; label: string; href: string; count: number; items: Notification[] }[]
}

/** What arrived in each inbox since the staff member last opened it. */
export async function unreadNotifications(userId: string): Promise<NotificationSummary> {
  const since = await lastSeen(userId)
  const [applications, requests] = await Promise.all([
    applicationsSince(since.applications),
    clientRequestsSince(since.client_requests),
  ])
  const groups: NotificationSummary['groups'] = [
    {
      inbox: 'applications',
      label: 'Applications',
      href: '/admin/interpreters',
      count: applications.total,
      items: applications.items.map((application) => ({
        id: application.id,
        title: `${application.firstName} ${application.lastName}`,
        detail: application.position,
        href: `/admin/interpreters/${application.id}`,
        createdAt: application.createdAt,
      })),
    },
    {
      inbox: 'client_requests',
      label: 'Client requests',
      href: '/admin/clients',
      count: requests.total,
      items: requests.items.map((request) => ({
        id: request.id,
        title: request.name,
        detail: request.company,
        href: `/admin/clients/${request.id}`,
        createdAt: request.createdAt,
      })),
    },
  ]
  return { total: groups.reduce((sum, group) => sum + group.count, 0), groups }
}
