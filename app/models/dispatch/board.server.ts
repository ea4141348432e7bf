import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { bookings, interpreterProfiles, organizations } from '../../../db/schema'
import { bookingStatuses, type BookingSetting, type BookingStatus } from '../../domain/bookings'
import type { Modality } from '../../domain/interpreter-profile'
import {
  BOARD_PAGE_SIZE,
  boardPeriod,
  groupBoard,
  isAtRisk,
  pageOfBoard,
  withoutInterpreter,
} from '../../domain/dispatch-board'
import { fullName } from '../../domain/format'
import type { BoardFilters } from '../../lib/validation/dispatch'
import { now } from '../../platform/clock.server'
import { db } from '../../platform/runtime.server'

/**
 * The dispatch board (docs/product.md#bookings): the bookings of one office day or week, by
 * hour. A day holds a few hundred bookings at most and a week a couple of thousand, so the
 * period is read whole through the start's index (`bookings_start_idx`) and filtered here:
 * the counts per status, the filters' choices and the list then come from the same rows and
 * cannot disagree; only the page's bookings (200) are drawn.
 */

const interpreter = alias(interpreterProfiles, 'interpreter')

/**
 * The period's bookings, soonest first. A week holds up to a couple of thousand rows: they
 * come as one JSON array, which the embedded database hands over about three times faster
 * than as rows (docs/benchmarks.md, the dispatch board).
 */
async function periodRows(from: Date, until: Date): Promise<BoardRow[]> {
  const [result] = await db()
    .select({
      rows: sql<BoardRowJson[] | string | null>`json_agg(json_build_object(
        'id', ${bookings.id},
        'language', ${bookings.language},
        'modality', ${bookings.modality},
        'setting', ${bookings.setting},
        'startsAt', ${bookings.startsAt},
        'timeZone', ${bookings.timeZone},
        'durationMinutes', ${bookings.durationMinutes},
        'status', ${bookings.status},
        'urgent', ${bookings.urgent},
        'organizationId', ${bookings.organizationId},
        'organizationName', ${organizations.name},
        'interpreterId', ${bookings.interpreterId},
        'interpreterFirstName', ${interpreter.firstName},
        'interpreterLastName', ${interpreter.lastName}
      ) order by ${bookings.startsAt}, ${bookings.id})`,
    })
    .from(bookings)
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .leftJoin(interpreter, eq(interpreter.id, bookings.interpreterId))
    .where(and(gte(bookings.startsAt, from), lt(bookings.startsAt, until)))
  const raw = result?.rows ?? []
  const rows: BoardRowJson[] = typeof raw === 'string' ? JSON.parse(raw) : raw
  return rows.map((row) => ({ ...row, startsAt: new Date(row.startsAt) }))
}

interface BoardRowJson {
  id: string
  language: string
  modality: Modality
  setting: BookingSetting
  startsAt: string
  timeZone: string
  durationMinutes: number
  status: BookingStatus
  urgent: boolean
  organizationId: string
  organizationName: string
  interpreterId: string | null
  interpreterFirstName: string | null
  interpreterLastName: string | null
}

export type BoardRow = Omit<BoardRowJson, 'startsAt'> & { startsAt: Date }

interface Choice {
  value: string
  label: string
}

/** The distinct values of a field among the rows, by label. */
function choicesOf(rows: BoardRow[], choice: (row: BoardRow) => Choice | undefined): Choice[] {
  const found = new Map<string, string>()
  for (const row of rows) {
    const entry = choice(row)
    if (entry) found.set(entry.value, entry.label)
  }
  return [...found]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label))
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

function matchesFilters(row: BoardRow, filters: BoardFilters): boolean {
  if (filters.language && row.language.toLowerCase() !== filters.language.toLowerCase())
    return false
  if (filters.modality !== 'all' && row.modality !== filters.modality) return false
  if (filters.organization && row.organizationId !== filters.organization) return false
  if (filters.interpreter === 'none') return row.interpreterId === null
  if (filters.interpreter && row.interpreterId !== filters.interpreter) return false
  return true
}

/**
 * The board of the day or week holding `filters.date`: the bookings matching every filter,
 * grouped by day and hour; how many there are of each status under the other filters (so
 * that each count is what choosing that status lists, and with no status chosen they add up
 * to the list); how many are at risk and still without an interpreter; and the choices of
 * the language, organization and interpreter filters (those in the period).
 */
export async function bookingBoard(filters: BoardFilters) {
  const at = now()
  const period = boardPeriod(filters.view, filters.date)
  const rows = await periodRows(period.from, period.until)
  const matching = rows.filter((row) => matchesFilters(row, filters))
  const listed =
    filters.status === 'all' ? matching : matching.filter((row) => row.status === filters.status)
  const counts = Object.fromEntries(bookingStatuses.map((status) => [status, 0])) as Record<
    BookingStatus,
    number
  >
  for (const row of matching) counts[row.status] += 1
  const [organizationChoices, interpreterChoices] = await Promise.all([
    withChosen(
      choicesOf(rows, (row) => ({ value: row.organizationId, label: row.organizationName })),
      filters.organization,
      organizationName,
    ),
    withChosen(
      choicesOf(rows, (row) =>
        row.interpreterId
          ? {
              value: row.interpreterId,
              label: `${row.interpreterFirstName} ${row.interpreterLastName}`,
            }
          : undefined,
      ),
      filters.interpreter,
      interpreterName,
    ),
  ])
  return {
    period,
    /** Every day of the period with its whole count; the hours and bookings of the page. */
    days: pageOfBoard(groupBoard(period, listed, at), filters.page),
    pageSize: BOARD_PAGE_SIZE,
    total: listed.length,
    counts,
    matchingTotal: matching.length,
    atRisk: listed.filter((row) => isAtRisk(row, at)).length,
    withoutInterpreter: listed.filter((row) => withoutInterpreter(row.status)).length,
    choices: {
      languages: choicesOf(rows, (row) => ({ value: row.language, label: row.language })),
      organizations: organizationChoices,
      interpreters: interpreterChoices,
    },
  }
}

/**
 * Today's dispatch state for the admin dashboard: of the bookings starting today (office
 * day), how many are still without an interpreter, at risk, offered and confirmed. The same
 * rows and rules as the board's day view.
 */
export async function todaysDispatch(today: string) {
  const period = boardPeriod('day', today)
  const at = now()
  const rows = await db()
    .select({
      id: bookings.id,
      status: bookings.status,
      startsAt: bookings.startsAt,
      urgent: bookings.urgent,
    })
    .from(bookings)
    .where(
      and(
        gte(bookings.startsAt, period.from),
        lt(bookings.startsAt, period.until),
        inArray(bookings.status, ['requested', 'offered', 'unfilled', 'confirmed']),
      ),
    )
  return {
    date: today,
    withoutInterpreter: rows.filter((row) => withoutInterpreter(row.status)).length,
    atRisk: rows.filter((row) => isAtRisk(row, at)).length,
    offered: rows.filter((row) => row.status === 'offered').length,
    confirmed: rows.filter((row) => row.status === 'confirmed').length,
  }
}
