import { and, asc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { bookings, interpreterProfiles, organizations } from '../../../db/schema'
import {
  BOARD_PAGE_SIZE,
  boardCounts,
  boardDays,
  boardPeriod,
  languageMatches,
  statusesWithoutInterpreter,
  type BoardPeriod,
  type BoardTally,
} from '../../domain/dispatch-board'
import { fullName } from '../../domain/format'
import { officeTimeZone } from '../../domain/office'
import type { BoardFilters } from '../../lib/validation/dispatch'
import { now } from '../../platform/clock.server'
import { queryRows } from '../../platform/db.server'
import { db } from '../../platform/runtime.server'
import { bookingListColumns, unfilledSoonCondition } from './bookings.server'

/**
 * The dispatch board (docs/product.md#bookings): the bookings of one office day or week, by
 * hour. A busy week holds well over a thousand bookings and the page draws 200, so the
 * database counts and orders them: one statement gives the filters' choices and the counts by
 * status, language and office hour, another the page's bookings in the board's order with a
 * limit. The counts and the list read the same conditions, so each count is the length of
 * the list it opens. Reading the week whole and counting here made the week's page miss its
 * target with ten users working (docs/benchmarks.md, staff and portal lists).
 */

const interpreter = alias(interpreterProfiles, 'interpreter')

interface Choice {
  value: string
  label: string
}

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label)

function inPeriod(period: BoardPeriod): SQL {
  return and(gte(bookings.startsAt, period.from), lt(bookings.startsAt, period.until))!
}

/**
 * The office hour a booking starts in, as the office's wall-clock time: the night the clocks
 * go back, the two 1 AMs are one hour of the board, as they read on the office's clock.
 */
const officeHour = () =>
  sql`date_trunc('hour', ${bookings.startsAt} at time zone ${officeTimeZone()})`

/** A JSON value, whether the driver hands it over parsed or as its text. */
function parsed<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value
}

/**
 * What the board counts and offers for the period, in one statement: the choices of the
 * language, organization and interpreter filters (the period's, whatever the other filters)
 * and the tallies of the bookings matching `others` (the filters but the status and the
 * language, which `boardCounts` applies) by status, language and office hour, with how many
 * of them are at risk (the alert's rule: `unfilledSoonCondition`). The hours are named after
 * grouping, a few dozen rather than every booking.
 */
async function periodSummary(period: BoardPeriod, others: SQL, at: Date) {
  const [row] = await queryRows<{
    languages: string[] | string | null
    organizations: Choice[] | string | null
    interpreters: { value: string; firstName: string; lastName: string }[] | string | null
    tallies: BoardTally[] | string | null
  }>(
    db(),
    sql`select
      (select json_agg(distinct ${bookings.language}) from ${bookings} where ${inPeriod(period)})
        as languages,
      (select json_agg(json_build_object('value', ${organizations.id}, 'label', ${organizations.name}))
        from ${organizations}
        where ${organizations.id} in
          (select ${bookings.organizationId} from ${bookings} where ${inPeriod(period)}))
        as organizations,
      (select json_agg(json_build_object('value', ${interpreterProfiles.id},
          'firstName', ${interpreterProfiles.firstName}, 'lastName', ${interpreterProfiles.lastName}))
        from ${interpreterProfiles}
        where ${interpreterProfiles.id} in
          (select ${bookings.interpreterId} from ${bookings} where ${inPeriod(period)}))
        as interpreters,
      (select json_agg(tallies) from (
          select status, language, to_char(office_hour, 'YYYY-MM-DD') as date,
            extract(hour from office_hour)::int as hour, bookings, "atRisk"
          from (
            select ${bookings.status} as status, ${bookings.language} as language,
              ${officeHour()} as office_hour, count(*)::int as bookings,
              (count(*) filter (where ${unfilledSoonCondition(at)}))::int as "atRisk"
            from ${bookings}
            where ${others}
            group by 1, 2, 3
          ) as grouped
        ) as tallies)
        as tallies`,
  )
  const languages = parsed(row?.languages ?? null) ?? []
  return {
    languages,
    choices: {
      languages: languages.map((language) => ({ value: language, label: language })).sort(byLabel),
      organizations: (parsed(row?.organizations ?? null) ?? []).sort(byLabel),
      interpreters: (parsed(row?.interpreters ?? null) ?? [])
        .map((person) => ({ value: person.value, label: fullName(person) }))
        .sort(byLabel),
    },
    tallies: parsed(row?.tallies ?? null) ?? [],
  }
}

/**
 * A chosen organization or interpreter with no booking in the period still shows as chosen
 * (the filter survives moving to another day): its name is read for the choice list.
 */
async function withChosen(
  choices: Choice[],
  chosen: string,
  read: (id: string) => Promise<string | undefined>,
): Promise<Choice[]> {
  if (!chosen || chosen === 'none' || choices.some((entry) => entry.value === chosen))
    return choices
  const label = await read(chosen)
  return label ? [...choices, { value: chosen, label }] : choices
}

async function organizationName(id: string) {
  const [row] = await db()
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id))
  return row?.name
}

async function interpreterName(id: string) {
  const [row] = await db()
    .select({ firstName: interpreterProfiles.firstName, lastName: interpreterProfiles.lastName })
    .from(interpreterProfiles)
    .where(eq(interpreterProfiles.id, id))
  return row ? fullName(row) : undefined
}

/** The bookings of the period that match the filters but the status and the language. */
function othersCondition(period: BoardPeriod, filters: BoardFilters): SQL {
  const conditions = [inPeriod(period)]
  if (filters.modality !== 'all') conditions.push(eq(bookings.modality, filters.modality))
  if (filters.organization) conditions.push(eq(bookings.organizationId, filters.organization))
  if (filters.interpreter === 'none') conditions.push(isNull(bookings.interpreterId))
  else if (filters.interpreter) conditions.push(eq(bookings.interpreterId, filters.interpreter))
  return and(...conditions)!
}

/**
 * The bookings in one of the period's `languages` the filter names, matched here
 * (`languageMatches`) rather than with the database's lower(), whose idea of case depends on
 * its locale.
 */
function languageCondition(languages: readonly string[], filter: string): SQL {
  const named = languages.filter((language) => languageMatches(language, filter))
  return named.length > 0 ? inArray(bookings.language, named) : sql`false`
}

const listedColumnNames = Object.keys(bookingListColumns) as (keyof typeof bookingListColumns)[]

/** A subquery's columns of these names (`placed.id`, …), as an outer query selects them. */
function columnsOf<Subquery, Name extends keyof Subquery>(
  subquery: Subquery,
  names: readonly Name[],
): Pick<Subquery, Name> {
  return Object.fromEntries(names.map((name) => [name, subquery[name]])) as Pick<Subquery, Name>
}

/**
 * One page of the bookings matching `where` in the board's order: by office day and hour,
 * and in each hour those at risk first, then the others without an interpreter, then the
 * filled ones, the cancelled last, each group by start (then id, so that pages never overlap).
 * The page is chosen first; only its bookings are joined and their hours named.
 */
function pageRows(where: SQL, at: Date, page: number, pageSize: number) {
  const hour = officeHour().as('office_hour')
  const rank = sql<number>`case when ${unfilledSoonCondition(at)} then 0
    when ${inArray(bookings.status, [...statusesWithoutInterpreter])} then 1
    when ${bookings.status} = 'cancelled' then 3 else 2 end`.as('place')
  const placed = db()
    .select({
      ...bookingListColumns,
      organizationId: bookings.organizationId,
      interpreterId: bookings.interpreterId,
      hour,
      rank,
    })
    .from(bookings)
    .where(where)
    .orderBy(hour, rank, asc(bookings.startsAt), asc(bookings.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as('placed')
  return db()
    .select({
      ...columnsOf(placed, listedColumnNames),
      organizationName: organizations.name,
      interpreterFirstName: interpreter.firstName,
      interpreterLastName: interpreter.lastName,
      atRisk: sql<boolean>`${placed.rank} = 0`,
      officeDate: sql<string>`to_char(${placed.hour}, 'YYYY-MM-DD')`,
      officeHour: sql<number>`extract(hour from ${placed.hour})::int`,
    })
    .from(placed)
    .innerJoin(organizations, eq(organizations.id, placed.organizationId))
    .leftJoin(interpreter, eq(interpreter.id, placed.interpreterId))
    .orderBy(placed.hour, placed.rank, asc(placed.startsAt), asc(placed.id))
}

/**
 * The board of the day or week holding `filters.date`: the page's bookings matching every
 * filter, grouped by day and hour; how many there are of each status under the other filters
 * (so that each count is what choosing that status lists, and with no status chosen they add
 * up to the list); how many are at risk and still without an interpreter; and the choices of
 * the language, organization and interpreter filters (those in the period).
 */
export async function bookingBoard(filters: BoardFilters, pageSize = BOARD_PAGE_SIZE) {
  const at = now()
  const period = boardPeriod(filters.view, filters.date)
  const others = othersCondition(period, filters)
  const summary = periodSummary(period, others, at)
  // Only a language filter waits for the summary: it names some of the period's languages.
  const matching = filters.language
    ? and(others, languageCondition((await summary).languages, filters.language))!
    : others
  const listed =
    filters.status === 'all' ? matching : and(matching, eq(bookings.status, filters.status))!
  const [{ choices, tallies }, page] = await Promise.all([
    summary,
    pageRows(listed, at, filters.page, pageSize),
  ])
  const { hours, ...counts } = boardCounts(tallies, filters)
  const [organizations, interpreters] = await Promise.all([
    withChosen(choices.organizations, filters.organization, organizationName),
    withChosen(choices.interpreters, filters.interpreter, interpreterName),
  ])
  return {
    period,
    /** Every day of the period with its whole count; the hours and bookings of the page. */
    days: boardDays(period, hours, page),
    pageSize,
    ...counts,
    choices: { languages: choices.languages, organizations, interpreters },
  }
}

/**
 * Today's dispatch state for the admin dashboard: of the bookings starting today (office
 * day), how many are still without an interpreter, at risk, offered and confirmed. The same
 * conditions as the board's day view.
 */
export async function todaysDispatch(today: string) {
  const period = boardPeriod('day', today)
  const counted = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`
  const [row] = await db()
    .select({
      withoutInterpreter: counted(inArray(bookings.status, [...statusesWithoutInterpreter])),
      atRisk: counted(unfilledSoonCondition(now())),
      offered: counted(eq(bookings.status, 'offered')),
      confirmed: counted(eq(bookings.status, 'confirmed')),
    })
    .from(bookings)
    .where(inPeriod(period))
  return {
    date: today,
    withoutInterpreter: row?.withoutInterpreter ?? 0,
    atRisk: row?.atRisk ?? 0,
    offered: row?.offered ?? 0,
    confirmed: row?.confirmed ?? 0,
  }
}
