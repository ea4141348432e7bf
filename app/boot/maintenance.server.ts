import { sql } from 'drizzle-orm'
import type { Database } from '../platform/db.server'
import type { Logger } from '../platform/logger.server'
import type { Runtime } from '../platform/runtime.server'
import { runCloseoutReminders } from '../models/billing/closeout-reminders.server'
import { runOverdueInvoiceReminders } from '../models/billing/receivables.server'
import { sendBookingDigests } from '../models/booking-digests.server'
import { runBookingReminders } from '../models/dispatch/reminders.server'
import { closeUnfilledBookings, runUnfilledAlerts } from '../models/dispatch/unfilled.server'
import { runLeadBreachAlerts } from '../models/leads/breach-alerts.server'
import { runCredentialExpiry } from '../models/onboarding/expiry.server'
import { runRetention, type RetentionPeriods } from '../models/privacy/retention.server'
import { deleteExpiredSessions } from '../models/sessions.server'
import { deleteEndedAuthTokens } from '../models/auth-tokens.server'
import { foldStatusCounts } from '../models/status-counts.server'
import { refreshPublishedConnectTime } from '../models/calls/connect-time-publication.server'
import { deleteExpiredRateLimitWindows } from '../platform/rate-limit.server'
import type { FileStorage } from '../platform/storage/file-storage.server'
import { sweepOrphanFiles } from '../platform/storage/orphan-sweep.server'

/** What maintenance tasks may use besides the database. */
export interface MaintenanceServices {
  storage: FileStorage
  databaseKind: 'pglite' | 'postgres'
  retention: RetentionPeriods
  logger: Logger
}

/**
 * Periodic housekeeping shared by every instance; each task must be safe to run on several
 * instances at once.
 */
const tasks: {
  name: string
  run: (db: Database, services: MaintenanceServices) => Promise<unknown>
}[] = [
  { name: 'delete expired rate-limit windows', run: (db) => deleteExpiredRateLimitWindows(db) },
  { name: 'delete expired sessions', run: (db) => deleteExpiredSessions(db) },
  {
    // With them go the invitations they carried: the name and address of someone invited.
    name: 'delete single-use links that ended 30 days ago',
    run: (db) => deleteEndedAuthTokens(db),
  },
  {
    name: 'delete stored files no record refers to',
    run: (db, { storage }) => sweepOrphanFiles(db, storage),
  },
  {
    // Each reminder and each expiry happens once, whichever instance gets there first.
    name: 'credential reminders and expiry',
    run: (db) => runCredentialExpiry(db),
  },
  {
    // Each booking's alert is sent once, whichever instance gets there first.
    name: 'alert staff to bookings still unfilled close to their start',
    run: (db) => runUnfilledAlerts(db),
  },
  {
    // A start that passed without an interpreter ends the booking's timeline: Unfilled.
    name: 'close bookings whose start passed unfilled',
    run: (db) => closeUnfilledBookings(db),
  },
  {
    // Each closeout reminder and overdue alert is sent once, whichever instance gets there first.
    name: 'closeout reminders and overdue alerts',
    run: (db) => runCloseoutReminders(db),
  },
  {
    // Each overdue invoice's reminder is sent once, whichever instance gets there first.
    name: 'overdue invoice reminders',
    run: (db) => runOverdueInvoiceReminders(db),
  },
  {
    // One instance at a time (an advisory lock); each record is erased and counted once.
    name: 'erase records past their retention period',
    run: (db, { retention, logger }) => runRetention(db, retention, logger),
  },
  {
    // Each breach e-mail and each escalation is sent once, whichever instance gets there first.
    name: 'lead response breaches and escalations',
    run: (db) => runLeadBreachAlerts(db),
  },
  {
    // Hourly while published; two instances computing it at once write the same figure.
    name: 'compute the published connect time again',
    run: (db) => refreshPublishedConnectTime(db),
  },
  {
    // Safe on several instances at once: each change is folded in once.
    name: 'fold the status counts',
    run: (db) => foldStatusCounts(db),
  },
  {
    // PostgreSQL's autovacuum keeps statistics and visibility maps current; the embedded
    // database has no autovacuum, so without this the planner and index-only scans degrade.
    name: 'vacuum and analyze the embedded database',
    run: async (db, { databaseKind }) => {
      if (databaseKind === 'pglite') await db.execute(sql`vacuum (analyze)`)
    },
  },
]

/**
 * Tasks whose e-mails should not wait ten minutes more than they must; each is one cheap
 * query when there is nothing to do. Safe on several instances at once, like the others.
 */
const frequentTasks: typeof tasks = [
  {
    // Each waiting booking is in one digest, whichever instance gets there first.
    name: 'staff digests of bookings made in a burst',
    run: (db) => sendBookingDigests(db),
  },
  {
    // Each reminder is sent once, whichever instance gets there first; a minute late at most.
    name: 'reminders 24 hours and 2 hours before confirmed bookings',
    run: (db) => runBookingReminders(db),
  },
]

export const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000
export const FREQUENT_MAINTENANCE_INTERVAL_MS = 60 * 1000

export async function runMaintenance(
  db: Database,
  logger: Logger,
  services: MaintenanceServices,
  which: typeof tasks = tasks,
) {
  for (const task of which) {
    try {
      await task.run(db, services)
    } catch (error) {
      logger.error({ err: error, task: task.name }, 'maintenance task failed')
    }
  }
}

/**
 * Runs the maintenance tasks every ten minutes, and the frequent ones every minute, until the
 * runtime stops.
 */
export function startMaintenance(runtime: Runtime) {
  const { database, logger, storage, config } = runtime
  const services = { storage, databaseKind: database.kind, retention: config.retention, logger }
  for (const [which, intervalMs] of [
    [tasks, MAINTENANCE_INTERVAL_MS],
    [frequentTasks, FREQUENT_MAINTENANCE_INTERVAL_MS],
  ] as const) {
    const timer = setInterval(
      () => void runMaintenance(database.db, logger, services, which),
      intervalMs,
    )
    timer.unref()
    runtime.onStop(() => clearInterval(timer))
  }
}
