import { sql } from 'drizzle-orm'
import { leads } from '../../../db/schema'
import { zonedTimeToUtc } from '../../domain/bookings'
import { lastWeekStarts, LEAD_CHART_WEEKS } from '../../domain/leads'
import { addDays, calendarDate, type IsoDate } from '../../domain/onboarding'
import { now } from '../../platform/clock.server'
import { queryRows } from '../../platform/db.server'
import { db, runtime } from '../../platform/runtime.server'

export interface LeadWeek {
  /** The Monday the week began (office calendar). */
  weekOf: IsoDate
  received: number
  /** Median business time to the first answer of that week's answered leads. */
  medianResponseMs: number | null
  /** Leads of that week answered after their target, or still waiting past it. */
  breaches: number
}

export interface LeadOverview {
  atRisk: number
  breached: number
  weeks: LeadWeek[]
}

interface WeekRow {
  week_of: string
  received: number
  median_ms: number | null
  breaches: number
}

/** The weeks' sums of leads created in [from, to), grouped by the office's week. */
function weeksBetween(from: Date, to: Date, at: Date, timeZone: string): Promise<WeekRow[]> {
  return queryRows<WeekRow>(
    db(),
    sql`select
          (date_trunc('week', ${leads.createdAt} at time zone ${timeZone}))::date::text as week_of,
          count(*)::int as received,
          percentile_cont(0.5) within group (order by ${leads.responseBusinessMs})::float8 as median_ms,
          count(*) filter (where ${leads.responseDueAt}
            < coalesce(${leads.firstResponseAt}, ${at.toISOString()}::timestamptz))::int as breaches
        from ${leads}
        where ${leads.createdAt} >= ${from.toISOString()}::timestamptz
          and ${leads.createdAt} < ${to.toISOString()}::timestamptz
        group by 1`,
  )
}

/**
 * The finished weeks of the chart change seldom (an old lead answered late) and cost the
 * most to sum, so each instance keeps them for five minutes, and forgets them at once when
 * it stops a lead's clock; the current week is summed on every visit.
 */
const PAST_WEEKS_TTL_MS = 5 * 60 * 1000
const pastWeeksCache = new WeakMap<object, { key: string; expires: number; rows: WeekRow[] }>()

export function forgetPastLeadWeeks() {
  pastWeeksCache.delete(runtime())
}

/** The instant a week that starts on `weekOf` (office calendar) begins, in UTC. */
function weekStartInstant(weekOf: IsoDate, timeZone: string): Date {
  return zonedTimeToUtc(weekOf, '00:00', timeZone)
}

async function pastWeeks(weekStarts: IsoDate[], at: Date, timeZone: string): Promise<WeekRow[]> {
  const key = `${timeZone} ${weekStarts[0]} ${weekStarts.at(-1)}`
  const cached = pastWeeksCache.get(runtime())
  if (cached && cached.key === key && cached.expires > at.getTime()) return cached.rows
  const rows = await weeksBetween(
    weekStartInstant(weekStarts[0]!, timeZone),
    weekStartInstant(weekStarts.at(-1)!, timeZone),
    at,
    timeZone,
  )
  pastWeeksCache.set(runtime(), { key, expires: at.getTime() + PAST_WEEKS_TTL_MS, rows })
  return rows
}

/**
 * The dashboard's "Leads waiting" counts and the weekly chart, summed by the database (the
 * waiting leads through their partial index, the weeks through the index on `created_at`):
 * no lead is loaded.
 */
export async function leadOverview(): Promise<LeadOverview> {
  const at = now()
  const { timeZone } = runtime().config.leads.businessHours
  const weekStarts = lastWeekStarts(calendarDate(at, timeZone), LEAD_CHART_WEEKS)
  const atValue = sql`${at.toISOString()}::timestamptz`
  const [waiting, finished, current] = await Promise.all([
    queryRows<{ at_risk: number; breached: number }>(
      db(),
      sql`select
            count(*) filter (where ${leads.responseDueAt} > ${atValue}
              and ${leads.atRiskAt} <= ${atValue})::int as at_risk,
            count(*) filter (where ${leads.responseDueAt} <= ${atValue})::int as breached
          from ${leads}
          where ${leads.firstResponseAt} is null
            and ${leads.responseDueAt} is not null`,
    ),
    pastWeeks(weekStarts, at, timeZone),
    weeksBetween(
      weekStartInstant(weekStarts.at(-1)!, timeZone),
      weekStartInstant(addDays(weekStarts.at(-1)!, 7), timeZone),
      at,
      timeZone,
    ),
  ])
  const byWeek = new Map([...finished, ...current].map((week) => [week.week_of, week]))
  return {
    atRisk: waiting[0]?.at_risk ?? 0,
    breached: waiting[0]?.breached ?? 0,
    weeks: weekStarts.map((weekOf) => {
      const week = byWeek.get(weekOf)
      return {
        weekOf,
        received: week?.received ?? 0,
        medianResponseMs: week?.median_ms == null ? null : Number(week.median_ms),
        breaches: week?.breaches ?? 0,
      }
    }),
  }
}
