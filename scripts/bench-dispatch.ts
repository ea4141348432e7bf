// npm run bench runs this too; alone: npx tsx scripts/bench-dispatch.ts [--postgres] [--rounds 200]
// Seeds 1,500 interpreters (profiles, onboarding, weekly availability, medical credentials)
// and 20,000 bookings (a fifth in weekly series), then times the eligible-interpreter list of
// one booking of a series
// (app/models/dispatch/eligibility.server.ts, the query and the rules) in this process, as
// the staff booking screen's loader runs it (target: p95 ≤ 50 ms), and the dispatch board of
// a day and of a week (app/models/dispatch/board.server.ts, the query, filters, counts and
// grouping; target: p95 ≤ 100 ms). Appends the figures to docs/benchmarks.md.
import { parseArgs } from 'node:util'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { bookings, interpreterProfiles } from '../db/schema'
import { dispatchListFor } from '../app/models/dispatch/eligibility.server'
import { bookingBoard } from '../app/models/dispatch/board.server'
import { addDays } from '../app/domain/onboarding'
import {
  appendBenchmarkSection,
  loadAverageText,
  machineDescription,
  percentile,
} from './bench-report'
import { startBenchRuntime } from './bench-support'
import { seededSeries, seedInterpretersAndBookings } from './seed-at-scale'

const { values } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    interpreters: { type: 'string', default: '1500' },
    bookings: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '200' },
    'dry-run': { type: 'boolean', default: false },
  },
})
const interpreterCount = Number(values.interpreters)
const bookingCount = Number(values.bookings)
const rounds = Number(values.rounds)
const databaseLabel = values.postgres ? 'PostgreSQL (local)' : 'PGlite (embedded)'

const bench = await startBenchRuntime('bench-dispatch', { postgres: values.postgres })
const { runtime } = bench
const db = runtime.database.db

try {
  console.log(
    `Seeding ${interpreterCount} interpreters and ${bookingCount} bookings on ${databaseLabel}…`,
  )
  const started = Date.now()
  // Five languages, so each booking's language has about 300 interpreters to judge; every
  // sixth has no medical credential, every seventh is not fully onboarded. A fifth of the
  // bookings are occurrences of weekly series (scripts/seed-at-scale.ts).
  const seed = {
    interpreters: interpreterCount,
    bookings: bookingCount,
    organizations: 50,
    firstStart: new Date('2026-04-01T13:00:00Z'),
    days: 90,
    label: 'Bench',
  }
  await seedInterpretersAndBookings(db, seed)
  await db.execute(sql`analyze`)
  const series = seededSeries(seed)
  const seedShape = `${series.occurrences} of them in ${series.count} weekly series of 8 to ${series.longest} weeks`
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`)

  // A Spanish medical on-site booking on a Wednesday at 10:00 in New York, one more week of
  // a seeded Spanish series whose interpreter lives in New York (the list puts them first
  // when no rule excludes them).
  const [measuredSeries] = await db
    .select({ id: bookings.seriesId, organizationId: bookings.organizationId })
    .from(bookings)
    .innerJoin(interpreterProfiles, eq(interpreterProfiles.id, bookings.interpreterId))
    .where(
      and(
        eq(bookings.language, 'Spanish'),
        isNotNull(bookings.seriesId),
        eq(interpreterProfiles.timeZone, 'America/New_York'),
      ),
    )
    .orderBy(bookings.seriesId)
    .limit(1)
  if (!measuredSeries) throw new Error('the seed has no Spanish series with an interpreter')
  const [booking] = await db
    .insert(bookings)
    .values({
      organizationId: measuredSeries.organizationId,
      seriesId: measuredSeries.id,
      language: 'Spanish',
      modality: 'on_site',
      setting: 'medical',
      localDate: '2026-05-13',
      localTime: '10:00',
      timeZone: 'America/New_York',
      startsAt: new Date('2026-05-13T14:00:00Z'),
      durationMinutes: 90,
      // A ZIP code, so that the travel radius is weighed for every interpreter.
      location: '350 Fifth Avenue, New York, NY 10118',
      contactName: 'Bench contact',
      contactPhone: '+1 512 555 0100',
    })
    .returning()
  const warm = await dispatchListFor(booking!)
  for (let i = 0; i < 10; i++) await dispatchListFor(booking!)
  const times: number[] = []
  for (let i = 0; i < rounds; i++) {
    const start = performance.now()
    await dispatchListFor(booking!)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const p50 = percentile(times, 0.5)
  const p95 = percentile(times, 0.95)
  const verdict = p95 <= 50 ? 'meets the 50 ms target' : 'MISSES the 50 ms target'
  const seriesInterpreters = [
    ...warm.eligible.filter((interpreter) => interpreter.servesSeries),
    ...warm.excluded.filter(({ interpreter }) => interpreter.servesSeries),
  ].length
  const summary = `${warm.eligible.length} eligible and ${warm.excluded.length} excluded of ${interpreterCount} interpreters, ${seriesInterpreters} of them the series' (${warm.eligible[0]?.servesSeries ? 'first in the list' : 'not eligible'}); ${rounds} rounds: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (${verdict})`
  console.log(`Eligible-interpreter list: ${summary}`)
  if (!values['dry-run'])
    appendBenchmarkSection(
      `eligible interpreters for one booking, ${databaseLabel}`,
      `\`scripts/bench-dispatch.ts\` (part of \`npm run bench\`): ${interpreterCount} interpreters, ${bookingCount} bookings (${seedShape}), for an occurrence of a series, the staff booking screen's query and rules (\`app/models/dispatch/eligibility.server.ts\`) in the same process. Machine: ${machineDescription()}; load average at the end ${loadAverageText()}.\n\n${summary}.`,
    )

  // The dispatch board: a day and a week of the seeded quarter (about 220 bookings a day,
  // all between 8 AM and 4:30 PM in New York: busier hours than real ones), each round a
  // different date, half of them with filters.
  const boardRounds: { view: 'day' | 'week'; summary: string }[] = []
  for (const view of ['day', 'week'] as const) {
    const filtersOf = (round: number) => ({
      view,
      date: addDays('2026-04-06', round % 70),
      status: round % 4 === 1 ? ('requested' as const) : ('all' as const),
      language: round % 4 === 2 ? 'Spanish' : '',
      modality: round % 4 === 3 ? ('video' as const) : ('all' as const),
      organization: '',
      interpreter: '',
      page: 1,
    })
    for (let i = 0; i < 10; i++) await bookingBoard(filtersOf(i))
    const boardTimes: number[] = []
    let listed = 0
    for (let i = 0; i < rounds; i++) {
      const start = performance.now()
      const board = await bookingBoard(filtersOf(i))
      boardTimes.push(performance.now() - start)
      if (i % 4 === 0) listed = Math.max(listed, board.total)
    }
    boardTimes.sort((a, b) => a - b)
    const boardP95 = percentile(boardTimes, 0.95)
    boardRounds.push({
      view,
      summary: `a ${view} (up to ${listed} bookings unfiltered), ${rounds} rounds: p50 ${percentile(boardTimes, 0.5).toFixed(1)} ms, p95 ${boardP95.toFixed(1)} ms, max ${boardTimes.at(-1)!.toFixed(1)} ms (${boardP95 <= 100 ? 'meets the 100 ms target' : 'MISSES the 100 ms target'})`,
    })
    console.log(`Dispatch board: ${boardRounds.at(-1)!.summary}`)
  }
  if (!values['dry-run'])
    appendBenchmarkSection(
      `dispatch board of a day and a week, ${databaseLabel}`,
      `\`scripts/bench-dispatch.ts\` (part of \`npm run bench\`): ${interpreterCount} interpreters, ${bookingCount} bookings over 90 days (${seedShape}), the staff Bookings screen's board (\`app/models/dispatch/board.server.ts\`: the period's query, the filters, the counts per status and the grouping by day and hour) in the same process, a different date each round and one round in four each with a status, a language or a modality filter. Machine: ${machineDescription()}; load average at the end ${loadAverageText()}.\n\n${boardRounds.map((round) => `- ${round.summary}.`).join('\n')}`,
    )
} finally {
  await bench.dispose()
}
