// npm run bench runs this too; alone: npx tsx scripts/bench-dispatch.ts [--postgres] [--rounds 200]
// Seeds 1,500 interpreters (profiles, onboarding, weekly availability, medical credentials)
// and 20,000 bookings, then times the eligible-interpreter list of one booking
// (app/models/dispatch/eligibility.server.ts, the query and the rules) in this process, as
// the staff booking screen's loader runs it. Target: p95 ≤ 50 ms. Appends the figures to
// docs/benchmarks.md.
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { bookings } from '../db/schema'
import { dispatchListFor } from '../app/models/dispatch/eligibility.server'
import { appendBenchmarkSection, startBenchRuntime } from './bench-support'

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
  // sixth has no medical credential, every seventh is not fully onboarded.
  for (const statement of [
    sql`
      insert into stored_files (id, storage_key, original_name, media_type, byte_size, sha256)
      values ('00000000-0000-4000-8000-00000000b001', 'bench/resume.pdf', 'resume.pdf', 'application/pdf', 1, repeat('0', 64))
    `,
    sql`
      insert into organizations (id, name)
      select ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Bench client ' || n
      from generate_series(1, 50) as n
    `,
    sql`
      insert into users (id, email, name, role, password_hash)
      select ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'bench-' || n || '@example.org',
        'Bench Interpreter ' || n, 'interpreter', 'x'
      from generate_series(1, ${interpreterCount}) as n
    `,
    sql`
      insert into interpreter_applications (id, status, onboarding_progress, source, source_reference, position,
        first_name, last_name, email, phone, languages, interpreting_experience, expected_pay_per_minute,
        resume_file_id, privacy_consent_at, privacy_notice_version)
      select ('20000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'approved',
        case when n % 7 = 0 then 4 else 6 end, 'language-page', 'bench', 'Interpreter',
        'Bench', 'Interpreter ' || n, 'bench-' || n || '@example.org', '+1 512 555 0100',
        array[(array['Spanish','Vietnamese','Arabic','Mandarin','Somali'])[n % 5 + 1]], '3-5', '1.00-1.25',
        '00000000-0000-4000-8000-00000000b001', now(), 'bench'
      from generate_series(1, ${interpreterCount}) as n
    `,
    sql`
      insert into interpreter_profiles (id, user_id, application_id, first_name, last_name, phone, time_zone,
        languages, interpreting_experience, specializations, modalities)
      select ('30000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
        ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
        ('20000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
        'Bench', 'Interpreter ' || n, '+1 512 555 0100',
        (array['America/New_York','America/Chicago','America/Los_Angeles'])[n % 3 + 1],
        array[(array['Spanish','Vietnamese','Arabic','Mandarin','Somali'])[n % 5 + 1], 'English'], '3-5',
        array['medical','legal','business'], array['phone','video','on_site']
      from generate_series(1, ${interpreterCount}) as n
    `,
    sql`
      insert into interpreter_availability (profile_id, day, starts_at, ends_at)
      select ('30000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, day, '07:00', '19:00'
      from generate_series(1, ${interpreterCount}) as n,
        unnest(array['monday','tuesday','wednesday','thursday','friday']) as day
    `,
    sql`
      insert into interpreter_documents (application_id, step, file_id, issued_on, expires_on, status)
      select ('20000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'medical_training',
        '00000000-0000-4000-8000-00000000b001', '2026-01-01', '2027-01-01', 'accepted'
      from generate_series(1, ${interpreterCount}) as n where n % 6 <> 0
    `,
    sql`
      insert into bookings (organization_id, language, modality, setting, local_date, local_time, time_zone,
        starts_at, duration_minutes, location, contact_name, contact_phone, status, interpreter_id)
      select ('00000000-0000-4000-8000-' || lpad((n % 50 + 1)::text, 12, '0'))::uuid,
        (array['Spanish','Vietnamese','Arabic','Mandarin','Somali'])[n % 5 + 1],
        (array['phone','video','on_site'])[n % 3 + 1], 'medical',
        (timestamptz '2026-04-01 13:00+00' + (n % 90) * interval '1 day' + (n % 8) * interval '1 hour')::date,
        '09:00', 'America/New_York',
        timestamptz '2026-04-01 13:00+00' + (n % 90) * interval '1 day' + (n % 8) * interval '1 hour',
        60, 'Bench address', 'Bench contact', '+1 512 555 0100',
        (array['confirmed','completed','requested','cancelled'])[n % 4 + 1],
        case when n % 4 in (0, 1) then ('30000000-0000-4000-8000-' || lpad((n % ${interpreterCount} + 1)::text, 12, '0'))::uuid end
      from generate_series(1, ${bookingCount}) as n
    `,
    sql`
      analyze
    `,
  ])
    await db.execute(statement)
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`)

  // A Spanish medical on-site booking on a Wednesday at 10:00 in New York.
  const [booking] = await db
    .insert(bookings)
    .values({
      organizationId: '00000000-0000-4000-8000-000000000007',
      language: 'Spanish',
      modality: 'on_site',
      setting: 'medical',
      localDate: '2026-05-13',
      localTime: '10:00',
      timeZone: 'America/New_York',
      startsAt: new Date('2026-05-13T14:00:00Z'),
      durationMinutes: 90,
      location: 'Bench address',
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
  const at = (share: number) =>
    times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)]!
  const p50 = at(0.5)
  const p95 = at(0.95)
  const verdict = p95 <= 50 ? 'meets the 50 ms target' : 'MISSES the 50 ms target'
  const summary = `${warm.eligible.length} eligible and ${warm.excluded.length} excluded of ${interpreterCount} interpreters; ${rounds} rounds: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (${verdict})`
  console.log(`Eligible-interpreter list: ${summary}`)
  if (!values['dry-run'])
    appendBenchmarkSection(
      `eligible interpreters for one booking, ${databaseLabel}`,
      ({ machine, load }) =>
        `\`scripts/bench-dispatch.ts\` (part of \`npm run bench\`): ${interpreterCount} interpreters, ${bookingCount} bookings, the staff booking screen's query and rules (\`app/models/dispatch/eligibility.server.ts\`) in the same process. Machine: ${machine}; load average at the end ${load} (above 2 means other work shared the cores).\n\n` +
        `${summary}.\n`,
    )
} finally {
  await bench.dispose()
}
