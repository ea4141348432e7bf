// npm run seed:demo -- --applications 100000 --requests 20000 [--interpreters 1500 --bookings 20000]
// Fills the configured database (the embedded one in DATA_DIR, or DATABASE_URL) with
// realistic, clearly fictional applications and client requests, for demos and for the
// admin search benchmark. Stop the server first when it uses the embedded database.
//
// Every application needs a resume: the first 200 get a real one-page PDF in the file
// storage; the rest reference a file row whose object is not stored (their download
// answers 404), which keeps a 100,000-application seed to seconds and a few megabytes.
//
// With --interpreters and --bookings (a fresh database: those rows have fixed ids), also the
// work of the staff and portal lists (scripts/seed-at-scale.ts): interpreters with their
// onboarding, organizations with client accounts, bookings over the last 100 days and the
// next 20 (a fifth of them weekly series), offers, closeouts, pay statements, invoices,
// staff, their messages and the mail outbox. Its accounts are demo-staff-N, demo-N
// (interpreters) and demo-client-N (the first of each organization a manager) @example.org;
// they can sign in only with --password-stdin, which gives them all the password read from
// standard input.
import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { leads, interpreterApplications, onboardingStepRecords, storedFiles } from '../db/schema'
import { addBusinessMs } from '../app/domain/business-hours'
import { onboardingStepKeys } from '../app/domain/onboarding'
import { builtInJobPostings } from '../app/content/job-postings'
import { loadConfig } from '../app/platform/config.server'
import { openDatabase } from '../app/platform/db.server'
import { databaseTargetFor } from '../app/platform/runtime.server'
import { LocalFileStorage } from '../app/platform/storage/local-file-storage.server'
import type { applicationStatuses, leadStatuses } from '../app/domain/statuses'
import path from 'node:path'
import { hashPassword } from '../app/platform/passwords.server'
import { newPasswordField } from '../app/lib/validation/auth'
import { readStdin } from './read-stdin'
import { seedInterpretersAndBookings, seedPortalActivity } from './seed-at-scale'

const { values } = parseArgs({
  options: {
    applications: { type: 'string', default: '1000' },
    requests: { type: 'string', default: '200' },
    interpreters: { type: 'string', default: '0' },
    bookings: { type: 'string', default: '0' },
    organizations: { type: 'string', default: '50' },
    staff: { type: 'string', default: '5' },
    messages: { type: 'string', default: '400' },
    'password-stdin': { type: 'boolean', default: false },
    seed: { type: 'string', default: '42' },
  },
})
const applicationCount = Number(values.applications)
const requestCount = Number(values.requests)
const scale = {
  interpreters: Number(values.interpreters),
  bookings: Number(values.bookings),
  organizations: Number(values.organizations),
  staff: Number(values.staff),
  messages: Number(values.messages),
}
const counts = [applicationCount, requestCount, ...Object.values(scale)]
if (
  counts.some((value) => !Number.isInteger(value) || value < 0) ||
  (scale.bookings > 0 &&
    (scale.interpreters === 0 || scale.organizations === 0 || scale.staff === 0))
) {
  console.error(
    'usage: npm run seed:demo -- --applications <n> --requests <n> [--interpreters <n> --bookings <n>\n' +
      '  [--organizations 50] [--staff 5] [--messages 400] [--password-stdin]] [--seed <n>]',
  )
  process.exit(2)
}

// A small deterministic generator, so that a seed is reproducible.
let state = Number(values.seed) >>> 0 || 42
function random() {
  state = (state + 0x6d2b79f5) >>> 0
  let t = state
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
function weighted<T>(choices: readonly [T, number][]): T {
  let roll = random() * choices.reduce((sum, [, weight]) => sum + weight, 0)
  for (const [value, weight] of choices) {
    roll -= weight
    if (roll <= 0) return value
  }
  return choices[0]![0]
}

const firstNames = [
  'Ana',
  'Minh',
  'Sofia',
  'Hiroshi',
  'Amara',
  'Li',
  'Omar',
  'Elena',
  'Kwame',
  'Priya',
  'Mateo',
  'Yuki',
  'Fatima',
  'Jonas',
  'Aylin',
  'Dmitri',
  'Grace',
  'Somchai',
  'Nadia',
  'Carlos',
  'Mei',
  'Tariq',
  'Ingrid',
  'Sione',
  'Leila',
  'Bao',
  'Chloe',
  'Ravi',
  'Zeynep',
  'Kofi',
]
const lastNames = [
  'Garcia',
  'Nguyen',
  'Kim',
  'Tanaka',
  'Okafor',
  'Chen',
  'Haddad',
  'Petrova',
  'Mensah',
  'Patel',
  'Rossi',
  'Sato',
  'Rahman',
  'Berg',
  'Yilmaz',
  'Ivanov',
  'Santos',
  'Wong',
  'Kowalski',
  'Lopez',
  'Park',
  'Ali',
  'Novak',
  'Fischer',
  'Haile',
  'Tran',
  'Moreau',
  'Singh',
  'Demir',
  'Boateng',
]
const cities: [string, string][] = [
  ['Austin', 'TX'],
  ['Houston', 'TX'],
  ['Denver', 'CO'],
  ['Seattle', 'WA'],
  ['Chicago', 'IL'],
  ['Atlanta', 'GA'],
  ['Miami', 'FL'],
  ['Phoenix', 'AZ'],
  ['Boston', 'MA'],
  ['Minneapolis', 'MN'],
  ['San Jose', 'CA'],
  ['Portland', 'OR'],
]
const organizations = [
  'Riverside Medical Center',
  'Lakeview Family Clinic',
  'County Superior Court',
  'Unified School District',
  'Harbor Legal Aid',
  'Summit Health Partners',
  'Metro Transit Authority',
  'Northside Pediatrics',
  'Coastal Insurance Group',
  'Hope Community Services',
  'First Federal Credit Union',
  'Valley Hospice',
]
const needs = [
  'on-site Spanish interpreting for patient appointments',
  'over-the-phone interpreting for our call center',
  'video remote interpreting in Vietnamese and Cantonese',
  'certified translation of discharge instructions',
  'ASL interpreting for a parent-teacher conference',
  'court interpreting in Mandarin next month',
  'a quote for translating our employee handbook',
  'a demo of your video platform for our nurses',
]
const DAY = 24 * 60 * 60 * 1000
const BOOKING_DAYS_PAST = 100
const BOOKING_DAYS_AHEAD = 20
const jobLanguages = builtInJobPostings.map((job) => job.nativeLanguage)

const config = loadConfig()

/**
 * A seeded request's first-response clock (docs/decisions/045-lead-response-clock.md), as the
 * product would have stored it: At risk and Breached in business hours from its arrival; an
 * answer 5 to 150 business minutes later, except for about half the requests of the last two
 * days, still waiting. A breach is marked as already e-mailed and escalated, so a server
 * started on the demo data does not send an alert for each old request.
 */
function responseClockOf(createdAt: Date, index: number) {
  const { businessHours, responseTargetMs, atRiskPercent } = config.leads
  const atRiskAt = addBusinessMs(createdAt, (responseTargetMs * atRiskPercent) / 100, businessHours)
  const responseDueAt = addBusinessMs(createdAt, responseTargetMs, businessHours)
  const waiting = now - createdAt.getTime() < 2 * DAY && index % 2 === 0
  // Most answers come within the hour; some take longer.
  const answerMs = (5 + Math.floor(random() ** 2 * 145)) * 60_000
  const firstResponseAt = waiting ? null : addBusinessMs(createdAt, answerMs, businessHours)
  const breached = firstResponseAt ? firstResponseAt > responseDueAt : responseDueAt.getTime() < now
  const escalation = responseDueAt.getTime() + 30 * 60_000
  const escalated =
    breached && escalation < now && (!firstResponseAt || firstResponseAt.getTime() > escalation)
  return {
    atRiskAt,
    responseDueAt,
    firstResponseAt,
    responseBusinessMs: firstResponseAt ? answerMs : null,
    breachNotifiedAt: breached ? responseDueAt : null,
    escalatedAt: escalated ? new Date(escalation) : null,
  }
}
const database = await openDatabase(databaseTargetFor(config))
const storage = new LocalFileStorage(path.join(config.dataDir, 'uploads'))
const samplePdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
const now = Date.now()
const started = performance.now()

/** The seeded accounts' password hash: from standard input, or one that matches no password. */
async function accountPasswordHash(): Promise<string | undefined> {
  if (!values['password-stdin']) return undefined
  const password = newPasswordField.safeParse(await readStdin())
  if (!password.success) throw new Error(`Password: ${password.error.issues[0]?.message}`)
  return hashPassword(password.data)
}

/** The interpreters, organizations and bookings, and what the work led to by now. */
async function seedWork(passwordHash: string | undefined) {
  const today = new Date(now)
  today.setUTCHours(13, 0, 0, 0)
  await seedInterpretersAndBookings(database.db, {
    ...scale,
    firstStart: new Date(today.getTime() - BOOKING_DAYS_PAST * DAY),
    days: BOOKING_DAYS_PAST + BOOKING_DAYS_AHEAD,
    label: 'Demo',
    passwordHash,
  })
  await seedPortalActivity(database.db, {
    ...scale,
    label: 'Demo',
    clientUsersPerOrganization: 4,
    passwordHash,
  })
}

try {
  for (let offset = 0; offset < applicationCount; offset += 1000) {
    const size = Math.min(1000, applicationCount - offset)
    const files: (typeof storedFiles.$inferInsert)[] = []
    const rows: (typeof interpreterApplications.$inferInsert)[] = []
    const stepsDone: (typeof onboardingStepRecords.$inferInsert)[] = []
    for (let i = 0; i < size; i++) {
      const index = offset + i
      const first = pick(firstNames)
      const last = pick(lastNames)
      const language = pick(jobLanguages)
      const extra = random() < 0.4 ? [pick(jobLanguages)] : []
      const [city, stateCode] = pick(cities)
      const status = weighted<(typeof applicationStatuses)[number]>([
        ['pending', 55],
        ['approved', 28],
        ['rejected', 12],
        ['interview_scheduled', 5],
      ])
      const createdAt = new Date(now - Math.floor(random() * 180 * DAY))
      const applicationId = randomUUID()
      // Approved interpreters are somewhere in their six onboarding steps, done in order
      // (recorded as waivers: the demo has no documents to review).
      const progress = status === 'approved' ? Math.floor(random() * 7) : 0
      for (const step of onboardingStepKeys.slice(0, progress)) {
        stepsDone.push({
          applicationId,
          step,
          outcome: 'waived',
          note: 'Demo data.',
          recordedAt: createdAt,
          recordedByName: 'Demo Data',
        })
      }
      const fileId = randomUUID()
      const storageKey = `demo-resumes/${fileId}.pdf`
      if (index < 200) await storage.put(storageKey, samplePdf)
      files.push({
        id: fileId,
        storageKey,
        originalName: `${first}-${last}-resume.pdf`,
        mediaType: 'application/pdf',
        byteSize: samplePdf.length,
        sha256: 'demo',
        createdAt,
      })
      rows.push({
        id: applicationId,
        status,
        onboardingProgress: progress,
        source: 'language-page',
        sourceReference: `${language.toLowerCase()}-interpreter`,
        position: `${language} Interpreter`,
        firstName: first,
        lastName: last,
        email: `${first}.${last}.${index}@example.com`.toLowerCase(),
        // One number per applicant (as people have): a shared number would make every
        // application a possible duplicate of a dozen others.
        phone: `+1 ${200 + (Math.floor(index / 10000) % 800)} 555 ${String(index % 10000).padStart(4, '0')}`,
        address: `${100 + (index % 900)} Example Avenue`,
        city,
        state: stateCode,
        zipCode: String(10000 + (index % 89999)),
        englishLevel: pick(['native', 'fluent', 'conversational']),
        languages: [language, ...extra.filter((other) => other !== language), 'English'],
        interpretingExperience: pick(['0-1', '1-3', '3-5', '5+']),
        medicalExperience: pick(['0-1', '1-3', '3-5', '5+']),
        specializations: random() < 0.5 ? ['medical'] : random() < 0.5 ? ['legal'] : [],
        availability: pick(['1-10', '10-20', '20-30', '30+']),
        expectedPayPerMinute: pick(['0.50-0.75', '0.75-1.00', '1.00-1.25', '1.25-1.50']),
        additionalInfo: random() < 0.3 ? 'Available evenings and weekends.' : null,
        resumeFileId: fileId,
        privacyConsentAt: createdAt,
        privacyNoticeVersion: 'demo',
        createdAt,
        updatedAt: createdAt,
      })
    }
    await database.db.transaction(async (tx) => {
      await tx.insert(storedFiles).values(files)
      await tx.insert(interpreterApplications).values(rows)
      if (stepsDone.length) await tx.insert(onboardingStepRecords).values(stepsDone)
    })
  }
  for (let offset = 0; offset < requestCount; offset += 1000) {
    const size = Math.min(1000, requestCount - offset)
    const rows: (typeof leads.$inferInsert)[] = []
    for (let i = 0; i < size; i++) {
      const index = offset + i
      const first = pick(firstNames)
      const last = pick(lastNames)
      const organization = pick(organizations)
      const createdAt = new Date(now - Math.floor(random() * 180 * DAY))
      rows.push({
        type: random() < 0.2 ? 'demo' : 'contact',
        name: `${first} ${last}`,
        email: `${first}.${last}.${index}@${organization.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
        phone:
          random() < 0.6 ? `+1 512 555 ${String(1000 + (index % 9000)).padStart(4, '0')}` : null,
        company: organization,
        message: `Hello, we are looking for ${pick(needs)}. Please contact us.`,
        status: weighted<(typeof leadStatuses)[number]>([
          ['new', 40],
          ['contacted', 25],
          ['in_progress', 10],
          ['completed', 10],
          ['closed', 15],
        ]),
        createdAt,
        updatedAt: createdAt,
        ...responseClockOf(createdAt, index),
      })
    }
    await database.db.insert(leads).values(rows)
  }
  if (scale.interpreters > 0 || scale.bookings > 0) await seedWork(await accountPasswordHash())
  // Fresh statistics and visibility maps, as autovacuum would give them after a bulk load.
  await database.db.execute(sql`vacuum (analyze)`)
  console.log(
    `Seeded ${applicationCount} applications and ${requestCount} client requests` +
      (scale.interpreters > 0
        ? `, ${scale.interpreters} interpreters, ${scale.bookings} bookings of ${scale.organizations} organizations and what they led to`
        : '') +
      ` in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  )
} finally {
  await database.close()
}
