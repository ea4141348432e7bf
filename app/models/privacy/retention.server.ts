import { and, asc, isNull, lt, ne, sql } from 'drizzle-orm'
import { leads, interpreterApplications, users } from '../../../db/schema'
import { queryRows, type Database } from '../../platform/db.server'
import type { Logger } from '../../platform/logger.server'
import { now as currentTime } from '../../platform/clock.server'
import { eraseRecords, finishErasure, RETENTION_ACTOR } from './erasure.server'

/** Records erased per run at most; the next run (ten minutes later) goes on. */
const BATCH = 200
/** The advisory lock that lets one instance at a time run the schedule. */
const RETENTION_LOCK = 460_046

export interface RetentionPeriods {
  applicationMonths: number
  leadMonths: number
}

function monthsBefore(date: Date, months: number): Date {
  const cutoff = new Date(date)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months)
  return cutoff
}

/**
 * The retention schedule (docs/privacy.md#how-long): applications not approved whose
 * applicant did not ask to be kept on file, and leads whose address has no
 * account, are erased once their last change is older than the period. One transaction holds
 * a transaction-level advisory lock (instances that find it taken skip this run) and locks
 * the rows it erases, so each record is erased and counted once however many instances run
 * maintenance at the same time.
 */
export async function runRetention(
  database: Database,
  periods: RetentionPeriods,
  logger: Logger,
  now = currentTime(),
): Promise<{ applications: number; leads: number }> {
  const erasure = await database.transaction(async (tx) => {
    const [lock] = await queryRows<{ acquired: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as acquired`,
    )
    if (!lock?.acquired) return undefined
    const applications = await tx
      .select({ id: interpreterApplications.id })
      .from(interpreterApplications)
      .where(
        and(
          isNull(interpreterApplications.keepOnFileAt),
          ne(interpreterApplications.status, 'approved'),
          lt(interpreterApplications.updatedAt, monthsBefore(now, periods.applicationMonths)),
        ),
      )
      .orderBy(asc(interpreterApplications.updatedAt))
      .limit(BATCH)
      .for('update', { skipLocked: true })
    const requests = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(
        and(
          lt(leads.updatedAt, monthsBefore(now, periods.leadMonths)),
          sql`not exists (select 1 from ${users} where lower(${users.email}) = lower(${leads.email}))`,
        ),
      )
      .orderBy(asc(leads.updatedAt))
      .limit(BATCH)
      .for('update', { skipLocked: true })
    return eraseRecords(
      tx,
      {
        applicationIds: applications.map((row) => row.id),
        leadIds: requests.map((row) => row.id),
      },
      RETENTION_ACTOR,
      'retention',
    )
  })
  if (!erasure) return { applications: 0, leads: 0 }
  await finishErasure(erasure)
  const counts = { applications: erasure.applications, leads: erasure.leads }
  if (counts.applications + counts.leads > 0)
    logger.info(counts, 'retention: erased records past their retention period')
  return counts
}
