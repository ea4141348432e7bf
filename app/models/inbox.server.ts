import { and, eq } from 'drizzle-orm'
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

async function lastSeen(userId: string, inbox: Inbox): Promise<Date> {
  const [view] = await db()
    .select({ lastSeenAt: inboxViews.lastSeenAt })
    .from(inboxViews)
    .where(and(eq(inboxViews.userId, userId), eq(inboxViews.inbox, inbox)))
  if (view) return view.lastSeenAt
  // Never opened: everything since the account was created is new to them.
  const [user] = await db()
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
  return user?.createdAt ?? new Date(0)
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
  const [applications, requests] = await Promise.all([
    lastSeen(userId, 'applications').then((since) => applicationsSince(since)),
    lastSeen(userId, 'client_requests').then((since) => clientRequestsSince(since)),
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
