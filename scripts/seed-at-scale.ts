// Set-based seeding (insert … select from generate_series) of the people and work behind the
// staff and portal lists, for `npm run seed:demo` and the benchmarks: interpreters with their
// profiles, onboarding, availability and credentials, organizations and bookings
// (scripts/bench-dispatch.ts uses this part alone), then what the work leaves behind:
// client accounts, offers, closeouts, pay statements, invoices, staff and their messages, and
// the mail outbox. One statement per table keeps a seed of 20,000 bookings to seconds on the
// embedded database. For a fresh database: the rows have fixed ids.
import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../app/platform/db.server'

/** A fixed id per number `n` (an SQL expression), one `prefix` per kind of row. */
function seededId(prefix: string, n: SQL | string): SQL {
  const number = typeof n === 'string' ? sql.raw(n) : n
  return sql`(${sql.raw(`'${prefix}-0000-4000-8000-'`)} || lpad((${number})::text, 12, '0'))::uuid`
}
const ORGANIZATION = '00000000'
const INTERPRETER_USER = '10000000'
const APPLICATION = '20000000'
const PROFILE = '30000000'
const CLIENT_USER = '40000000'
const STAFF_USER = '50000000'
const MESSAGE = '60000000'
const SERIES = '70000000'

/** The seeded number back from a seeded id (its last twelve digits). */
const seededNumber = (column: SQL) => sql`right((${column})::text, 12)::int`

// Five languages, so that each booking's language has about a fifth of the interpreters.
const LANGUAGES = sql.raw(`array['Spanish','Vietnamese','Arabic','Mandarin','Somali']`)

export interface InterpretersAndBookings {
  interpreters: number
  bookings: number
  organizations: number
  /** The first booking's start; the others follow over `days` days, up to eight hours later in the day. */
  firstStart: Date
  days: number
  /** Names and addresses start with it: `Bench Interpreter 12`, `bench-12@example.org`. */
  label: string
  /** The interpreters' password hash; the default matches no password. */
  passwordHash?: string
}

/** One weekly series for every this many bookings: 333 series of 20,000 bookings. */
const BOOKINGS_PER_SERIES = 60

/**
 * How many weekly series the bookings hold, and how many weeks each runs: 8 to 16 (as many
 * as fit in `days`), about 12 on average, so a fifth of the bookings are occurrences of a
 * series. None with fewer than 25 interpreters (a series' interpreter is one of its
 * language's, other than the first five, and one of four in a row who can take it).
 */
export function seededSeries(
  seed: Pick<InterpretersAndBookings, 'bookings' | 'days' | 'interpreters'>,
) {
  const count = seed.interpreters < 25 ? 0 : Math.floor(seed.bookings / BOOKINGS_PER_SERIES)
  const longest = Math.floor((seed.days - 1) / 7) + 1
  const weeks = (series: number) => Math.min(8 + (series % 9), longest)
  let occurrences = 0
  for (let series = 1; series <= count; series++) occurrences += weeks(series)
  return { count, longest, occurrences }
}

/**
 * The interpreters (approved applications; every seventh not fully onboarded, every sixth
 * without a medical credential), their weekday availability, the organizations and the
 * bookings: a fifth of them occurrences of weekly series, the rest a quarter each confirmed,
 * completed, requested and cancelled, the first two with an interpreter.
 */
export async function seedInterpretersAndBookings(db: Database, seed: InterpretersAndBookings) {
  const { interpreters, organizations, days, label } = seed
  const series = seededSeries(seed)
  const bookings = seed.bookings - series.occurrences
  const email = (n: string) => sql`${label.toLowerCase()} || '-' || ${sql.raw(n)} || '@example.org'`
  // One number each: a shared one would make them all possible duplicates of each other.
  const phone = sql`'+1 737 555 ' || lpad(n::text, 4, '0')`
  const start = sql`(${seed.firstStart.toISOString()}::timestamptz + (n % ${days}) * interval '1 day' + (n % 8) * interval '1 hour')`
  for (const statement of [
    sql`
      insert into stored_files (id, storage_key, original_name, media_type, byte_size, sha256)
      values ('00000000-0000-4000-8000-00000000b001', 'seed/resume.pdf', 'resume.pdf', 'application/pdf', 1, repeat('0', 64))
    `,
    sql`
      insert into organizations (id, name)
      select ${seededId(ORGANIZATION, 'n')}, ${label} || ' client ' || n
      from generate_series(1, ${organizations}) as n
    `,
    sql`
      insert into users (id, email, name, role, password_hash)
      select ${seededId(INTERPRETER_USER, 'n')}, ${email('n')}, ${label} || ' Interpreter ' || n,
        'interpreter', ${seed.passwordHash ?? 'x'}
      from generate_series(1, ${interpreters}) as n
    `,
    sql`
      insert into interpreter_applications (id, status, onboarding_progress, source, source_reference, position,
        first_name, last_name, email, phone, languages, interpreting_experience, expected_pay_per_minute,
        resume_file_id, privacy_consent_at, privacy_notice_version)
      select ${seededId(APPLICATION, 'n')}, 'approved',
        case when n % 7 = 0 then 4 else 6 end, 'language-page', 'seed', 'Interpreter',
        ${label}, 'Interpreter ' || n, ${email('n')}, ${phone},
        array[(${LANGUAGES})[n % 5 + 1]], '3-5', '1.00-1.25',
        '00000000-0000-4000-8000-00000000b001', now(), 'seed'
      from generate_series(1, ${interpreters}) as n
    `,
    // Each lives in their zone's big city (Manhattan, the Loop, downtown Los Angeles), so that
    // on-site bookings weigh the travel radius; every fourth has stated none.
    sql`
      insert into interpreter_profiles (id, user_id, application_id, first_name, last_name, phone, time_zone,
        zip_code, travel_radius_miles, languages, interpreting_experience, specializations, modalities)
      select ${seededId(PROFILE, 'n')}, ${seededId(INTERPRETER_USER, 'n')}, ${seededId(APPLICATION, 'n')},
        ${label}, 'Interpreter ' || n, ${phone},
        (array['America/New_York','America/Chicago','America/Los_Angeles'])[n % 3 + 1],
        (array['10001','60601','90012'])[n % 3 + 1], case when n % 4 = 0 then null else 30 end,
        array[(${LANGUAGES})[n % 5 + 1], 'English'], '3-5',
        array['medical','legal','business'], array['phone','video','on_site']
      from generate_series(1, ${interpreters}) as n
    `,
    sql`
      insert into interpreter_availability (profile_id, day, starts_at, ends_at)
      select ${seededId(PROFILE, 'n')}, day, '07:00', '19:00'
      from generate_series(1, ${interpreters}) as n,
        unnest(array['monday','tuesday','wednesday','thursday','friday']) as day
    `,
    sql`
      insert into interpreter_documents (application_id, step, file_id, issued_on, expires_on, status)
      select ${seededId(APPLICATION, 'n')}, 'medical_training',
        '00000000-0000-4000-8000-00000000b001', '2026-01-01', '2027-01-01', 'accepted'
      from generate_series(1, ${interpreters}) as n where n % 6 <> 0
    `,
    sql`
      insert into bookings (organization_id, language, modality, setting, local_date, local_time, time_zone,
        starts_at, duration_minutes, location, contact_name, contact_phone, status, interpreter_id, created_at)
      select ${seededId(ORGANIZATION, sql`n % ${organizations} + 1`)},
        (${LANGUAGES})[n % 5 + 1],
        (array['phone','video','on_site'])[n % 3 + 1], 'medical',
        (${start} at time zone 'America/New_York')::date,
        to_char(${start} at time zone 'America/New_York', 'HH24:MI'), 'America/New_York',
        ${start}, 60, '100 Example Avenue', 'Front desk', '+1 512 555 0100',
        (array['confirmed','completed','requested','cancelled'])[n % 4 + 1],
        case when n % 4 in (0, 1) then ${seededId(PROFILE, sql`n % ${interpreters} + 1`)} end,
        ${start} - interval '10 days'
      from generate_series(1, ${bookings}) as n
    `,
    // The series: each an organization's, in one language, modality and wall-clock time (8 AM
    // to 4:30 PM in New York) on one weekday, 8 to 16 weeks from a day of the period. Every
    // seventh is new, none of it filled yet; the others have one interpreter of their language,
    // but for an occurrence in six still requested (their interpreter could not come: staff
    // look for another, the series' interpreter first) and one in eleven cancelled.
    sql`
      insert into bookings (organization_id, language, modality, setting, local_date, local_time, time_zone,
        starts_at, duration_minutes, location, contact_name, contact_phone, status, interpreter_id,
        series_id, created_at)
      select ${seededId(ORGANIZATION, sql`s % ${organizations} + 1`)},
        (${LANGUAGES})[s % 5 + 1],
        (array['phone','video','on_site'])[s % 3 + 1], 'medical',
        occurrence.local_date, shape.local_time, 'America/New_York', occurrence.starts_at, 60,
        '100 Example Avenue', 'Front desk', '+1 512 555 0100',
        case when s % 7 = 0 or (s + k) % 6 = 0 then 'requested'
          when (s + k) % 11 = 0 then 'cancelled'
          when occurrence.starts_at < now() then 'completed' else 'confirmed' end,
        case when s % 7 <> 0 and (s + k) % 6 <> 0 and (s + k) % 11 <> 0
          then ${seededId(PROFILE, sql`shape.interpreter`)} end,
        ${seededId(SERIES, 's')},
        opening.starts_at - interval '14 days'
      from generate_series(1, ${series.count}) as s
      cross join lateral (
        select least(8 + s % 9, ${series.longest}) as weeks,
          -- The first of four interpreters of the language who can take medical work (fully
          -- onboarded, with the credential: not every sixth or seventh); at least two are.
          (select candidate from unnest(array[0, 5, 10, 15]) as step,
              lateral (select 5 * (1 + s * 7 % ${Math.max(1, Math.floor(interpreters / 5) - 4)}) + s % 5 + step as candidate) as c
            where candidate % 6 <> 0 and candidate % 7 <> 0 order by step limit 1) as interpreter,
          lpad((8 + s / 9 % 9)::text, 2, '0') || case when s % 2 = 0 then ':00' else ':30' end as local_time,
          (${seed.firstStart.toISOString()}::timestamptz at time zone 'America/New_York')::date
            + (s * 37) % (${days} - 7 * (least(8 + s % 9, ${series.longest}) - 1)) as first_day
      ) as shape
      cross join lateral (
        select (shape.first_day + shape.local_time::time) at time zone 'America/New_York' as starts_at
      ) as opening
      cross join lateral generate_series(0, shape.weeks - 1) as k
      cross join lateral (
        select shape.first_day + 7 * k as local_date,
          (shape.first_day + 7 * k + shape.local_time::time) at time zone 'America/New_York' as starts_at
      ) as occurrence
    `,
  ])
    await db.execute(statement)
}

export interface PortalActivity {
  interpreters: number
  organizations: number
  label: string
  /** Client accounts per organization: the first a manager, the others requesters. */
  clientUsersPerOrganization: number
  staff: number
  messages: number
  /** The seeded accounts' password hash (staff, client users); the default matches no password. */
  passwordHash?: string
}

// Half-month pay periods and calendar-month invoice periods of a date (app/domain/billing.ts).
const halfMonthStart = (day: SQL) =>
  sql`(date_trunc('month', ${day})::date + case when extract(day from ${day}) > 15 then 15 else 0 end)`
const halfMonthEnd = (day: SQL) =>
  sql`(case when extract(day from ${day}) > 15 then (date_trunc('month', ${day}) + interval '1 month - 1 day')::date else date_trunc('month', ${day})::date + 14 end)`
const monthStart = (day: SQL) => sql`date_trunc('month', ${day})::date`
const monthEnd = (day: SQL) => sql`(date_trunc('month', ${day}) + interval '1 month - 1 day')::date`
const bookedEnd = sql`(b.starts_at + make_interval(mins => b.duration_minutes))`
const billedMinutes = sql`greatest(b.duration_minutes, r.minimum_minutes)`

/**
 * What the seeded bookings leave behind by now: past bookings completed (with an approved
 * closeout, a pay statement line and an invoice line) or cancelled, the last few days' still
 * waiting for a closeout (some submitted, some returned, the reminders already sent), upcoming
 * ones confirmed or offered to three interpreters; client accounts who made the bookings;
 * staff and the messages they sent (a tenth of them to every interpreter) with one outbox row
 * per recipient; and each application's acknowledgement in the outbox. Statements and
 * invoices of past periods are paid or approved/sent, the current ones open.
 */
export async function seedPortalActivity(db: Database, seed: PortalActivity) {
  const { interpreters, organizations, label, staff, messages } = seed
  const perOrganization = seed.clientUsersPerOrganization
  const passwordHash = seed.passwordHash ?? 'x'
  const interpreterEmail = (n: SQL) =>
    sql`${label.toLowerCase()} || '-' || (${n}) || '@example.org'`
  const clientEmail = (n: SQL) =>
    sql`${label.toLowerCase()} || '-client-' || (${n}) || '@example.org'`
  // Whose hash picks a filled booking's interpreter: its series', or its own.
  const assignee = sql`coalesce(series_id, id)::text`
  for (const statement of [
    // Time has moved the bookings on: most past requests were filled, the rest cancelled.
    sql`update bookings set status = 'confirmed' where status = 'completed' and starts_at > now()`,
    sql`update bookings set status = 'confirmed' where status = 'requested' and starts_at < now() and abs(hashtext(id::text)) % 10 <> 0`,
    sql`update bookings set status = 'cancelled', cancelled_at = starts_at - interval '2 days' where status = 'requested' and starts_at < now()`,
    // Each filled booking goes to an interpreter of its language: three in ten to the first
    // thirty interpreters (full-time, about one assignment a working day), the rest spread.
    // The occurrences of a series go to one interpreter.
    sql`
      update bookings set confirmed_at = created_at, interpreter_id = ${seededId(
        PROFILE,
        sql`5 * (case when abs(hashtext(${assignee})) % 10 < 3 then abs(hashtext(${assignee}) / 10) % 6
          else abs(hashtext(${assignee}) / 10) % ${Math.max(1, Math.floor(interpreters / 5))} end)
          + array_position(${LANGUAGES}, language) - 1
          + case when array_position(${LANGUAGES}, language) = 1 then 5 else 0 end`,
      )}
      where status in ('confirmed', 'completed')
    `,
    sql`update bookings b set status = 'completed' where status = 'confirmed' and ${bookedEnd} < now() - interval '4 days'`,
    sql`
      with offered as (
        update bookings set status = 'offered'
        where status = 'requested' and abs(hashtext(id::text)) % 3 = 0
        returning id
      )
      insert into booking_offers (booking_id, interpreter_id, token_hash, expires_at, offered_at)
      select o.id, ${seededId(PROFILE, sql`(abs(hashtext(o.id::text)) + k * 7) % ${interpreters} + 1`)},
        md5(o.id::text || k), now() + interval '1 day', now() - interval '1 hour'
      from offered o, generate_series(1, 3) as k
    `,
    // The client accounts and who made each booking.
    sql`
      insert into users (id, email, name, role, password_hash)
      select ${seededId(CLIENT_USER, 'n')}, ${clientEmail(sql`n`)}, ${label} || ' Client ' || n, 'client', ${passwordHash}
      from generate_series(1, ${organizations * perOrganization}) as n
    `,
    sql`
      insert into client_memberships (user_id, organization_id, role)
      select ${seededId(CLIENT_USER, 'n')}, ${seededId(ORGANIZATION, sql`(n - 1) / ${perOrganization} + 1`)},
        case when (n - 1) % ${perOrganization} = 0 then 'manager' else 'requester' end
      from generate_series(1, ${organizations * perOrganization}) as n
    `,
    sql`
      update bookings set requested_by_id = ${seededId(
        CLIENT_USER,
        sql`(${seededNumber(sql`organization_id`)} - 1) * ${perOrganization} + abs(hashtext(id::text)) % ${perOrganization} + 1`,
      )}
    `,
    // Closeouts: approved for the completed work; of the ended bookings still confirmed,
    // seven in ten submitted and waiting for staff, one in twenty returned, the rest not sent.
    sql`
      insert into closeouts (booking_id, interpreter_id, actual_start, actual_end, outcome, status, submitted_at, reviewed_at)
      select b.id, b.interpreter_id, b.starts_at, ${bookedEnd}, 'completed',
        case when b.status = 'completed' then 'approved'
          when abs(hashtext(b.id::text)) % 20 < 14 then 'submitted' else 'returned' end,
        ${bookedEnd} + interval '3 hours',
        case when b.status = 'completed' or abs(hashtext(b.id::text)) % 20 = 14 then ${bookedEnd} + interval '1 day' end
      from bookings b
      where b.interpreter_id is not null and (b.status = 'completed'
        or (b.status = 'confirmed' and ${bookedEnd} < now() and abs(hashtext(b.id::text)) % 20 < 15))
    `,
    sql`update closeouts set return_reason = 'Please add the parking receipt.' where status = 'returned'`,
    sql`
      insert into closeout_reminders (booking_id, kind, sent_at)
      select b.id, kind, ${bookedEnd} + interval '1 hour'
      from bookings b, unnest(array['ended','second','overdue']) as kind
      where b.status = 'confirmed' and b.interpreter_id is not null and ${bookedEnd} < now()
    `,
    sql`
      insert into interpreter_statements (interpreter_id, period_start, period_end, status, approved_at, paid_at, created_at)
      select interpreter_id, period_start, period_end,
        case when period_end < current_date - 10 then 'paid' when period_end < current_date then 'approved' else 'open' end,
        case when period_end < current_date then period_end + 1 end,
        case when period_end < current_date - 10 then period_end + 5 end,
        period_start
      from (
        select distinct b.interpreter_id, ${halfMonthStart(sql`b.local_date`)} as period_start,
          ${halfMonthEnd(sql`b.local_date`)} as period_end
        from bookings b join closeouts c on c.booking_id = b.id and c.status = 'approved'
      ) as periods
    `,
    sql`
      insert into statement_lines (statement_id, booking_id, rate_id, work_date, description, minutes, rate_units,
        amount_cents, mileage_cents, expenses_cents, total_cents)
      select s.id, b.id, r.id, b.local_date, b.language || ' interpreting', ${billedMinutes}, r.interpreter_rate_units,
        round(${billedMinutes} * r.interpreter_rate_units / 100.0), 0, 0,
        round(${billedMinutes} * r.interpreter_rate_units / 100.0)
      from bookings b
      join closeouts c on c.booking_id = b.id and c.status = 'approved'
      join rates r on r.modality = b.modality
      join interpreter_statements s on s.interpreter_id = b.interpreter_id
        and s.period_start = ${halfMonthStart(sql`b.local_date`)}
    `,
    sql`
      insert into client_invoices (organization_id, period_start, period_end, status, sent_at, paid_at, created_at)
      select organization_id, period_start, period_end,
        case when period_end < current_date - 30 then 'paid' when period_end < current_date then 'sent' else 'open' end,
        case when period_end < current_date then period_end + 1 end,
        case when period_end < current_date - 30 then period_end + 25 end,
        period_start
      from (
        select distinct b.organization_id, ${monthStart(sql`b.local_date`)} as period_start,
          ${monthEnd(sql`b.local_date`)} as period_end
        from bookings b join closeouts c on c.booking_id = b.id and c.status = 'approved'
      ) as periods
      order by period_start, organization_id
    `,
    sql`
      insert into invoice_lines (invoice_id, booking_id, rate_id, work_date, description, minutes, rate_units,
        amount_cents, travel_cents, total_cents)
      select i.id, b.id, r.id, b.local_date, b.language || ' interpreting', ${billedMinutes}, r.client_rate_units,
        round(${billedMinutes} * r.client_rate_units / 100.0), 0, round(${billedMinutes} * r.client_rate_units / 100.0)
      from bookings b
      join closeouts c on c.booking_id = b.id and c.status = 'approved'
      join rates r on r.modality = b.modality
      join client_invoices i on i.organization_id = b.organization_id
        and i.period_start = ${monthStart(sql`b.local_date`)}
    `,
    // Staff (administrators: every staff list is theirs, docs/decisions/060-staff-roles-checked-by-path.md),
    // and the messages they sent: a tenth to every interpreter, the rest to one
    // interpreter or one client, one every seven hours back from now.
    sql`
      insert into users (id, email, name, role, staff_roles, password_hash)
      select ${seededId(STAFF_USER, 'n')}, ${label.toLowerCase()} || '-staff-' || n || '@example.org',
        ${label} || ' Staff ' || n, 'admin', '{administrator}', ${passwordHash}
      from generate_series(1, ${staff}) as n
    `,
    sql`
      insert into messages (id, type, recipient_group, recipient_label, recipient_count, subject, body,
        sent_by_id, sent_by_name, sent_at)
      select ${seededId(MESSAGE, 'n')},
        case when n % 10 = 0 then 'bulk' when n % 10 < 3 then 'client' else 'individual' end,
        case when n % 10 = 0 then 'active-interpreters' end,
        case when n % 10 = 0 then 'Active Interpreters'
          when n % 10 < 3 then ${label} || ' Client ' || (n % ${organizations * perOrganization} + 1)
            || ' <' || ${clientEmail(sql`n % ${organizations * perOrganization} + 1`)} || '>'
          else ${label} || ' Interpreter ' || (n % ${interpreters} + 1)
            || ' <' || ${interpreterEmail(sql`n % ${interpreters} + 1`)} || '>' end,
        case when n % 10 = 0 then ${interpreters} else 1 end,
        (array['Schedule update for next week', 'New medical terminology resources',
          'Reminder: submit your closeouts', 'Holiday office hours', 'Your invoice is ready',
          'Welcome to the interpreter portal'])[n % 6 + 1],
        'Hello {{firstName}}, please read the update in the portal.',
        ${seededId(STAFF_USER, sql`n % ${staff} + 1`)}, ${label} || ' Staff ' || (n % ${staff} + 1),
        now() - n * interval '7 hours'
      from generate_series(1, ${messages}) as n
    `,
    sql`
      insert into mail_outbox (template, to_address, subject, html, text, status, attempts, reference,
        created_at, sent_at, next_attempt_at)
      select 'staff-message',
        case when m.type = 'bulk' then ${interpreterEmail(sql`i`)}
          else substring(m.recipient_label from '<(.*)>') end,
        m.subject, '<p>Please read the update in the portal.</p>', 'Please read the update in the portal.',
        case when (i + n) % 40 = 0 then 'failed' else 'sent' end, 1, 'message:' || m.id,
        m.sent_at, m.sent_at + interval '1 minute', m.sent_at
      from messages m
      cross join lateral generate_series(1, case when m.type = 'bulk' then ${interpreters} else 1 end) as i
      cross join lateral (select ${seededNumber(sql`m.id`)} as n) as numbered
    `,
    sql`
      insert into mail_outbox (template, to_address, subject, html, text, status, attempts, reference,
        created_at, sent_at, next_attempt_at)
      select 'interpreter-application-acknowledgement', a.email, 'We received your application',
        '<p>Thank you for applying.</p>', 'Thank you for applying.', 'sent', 1,
        'interpreter_application:' || a.id, a.created_at, a.created_at + interval '1 minute', a.created_at
      from interpreter_applications a
    `,
  ])
    await db.execute(statement)
}
