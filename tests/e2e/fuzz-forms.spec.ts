import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { gte, inArray } from 'drizzle-orm'
import fc from 'fast-check'
import {
  leads,
  interpreterApplications,
  loginThrottles,
  mailOutbox,
  rateLimitWindows,
  storedFiles,
} from '../../db/schema'
import { builtInJobPostings } from '../../app/content/job-postings'
import { applicationFields } from '../support/http-client'
import { pdfDocument } from '../support/document-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { expect, test, type TestApp } from './fixtures'

/**
 * Every public form gets generated input (fast-check): script and markup payloads, SQL
 * metacharacters, very long and non-Latin text, control characters. Each answer must be a
 * page or a field error, never a server error. Then the admin screens that show what was
 * stored are opened in Chromium: no injected script may run, no CSP violation may be
 * reported, no page may fail.
 */

// Each payload calls window.__pwned if it ever runs; the test exposes that function.
const payloads = [
  '<script>window.__pwned("script")</script>',
  '"><img src=x onerror="window.__pwned(\'img\')">',
  "'><svg onload=window.__pwned('svg')>",
  'javascript:window.__pwned("href")',
  '</textarea><script>window.__pwned("textarea")</script>',
  '<iframe srcdoc="<script>parent.__pwned(1)</script>">',
  '{{constructor.constructor("window.__pwned(2)")()}}',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '"; select pg_sleep(10); --',
  '\\x27 UNION SELECT password_hash FROM users --',
  '=HYPERLINK("http://evil.example","x")',
  '%00%27%22%3Cscript%3E',
  'Ελληνικά 日本語 العربية עברית 한국어 ไทย हिन्दी',
  '👩🏽‍⚕️🧑‍🦯🏳️‍🌈 \u202eevil\u202c',
  'a\u0000b',
]

const payload = fc.constantFrom(...payloads)
const hostileText = fc.oneof(
  payload,
  fc
    .tuple(payload, fc.string({ unit: 'grapheme', maxLength: 40 }), payload)
    .map((parts) => parts.join(' ')),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 4_000, maxLength: 12_000 }),
)
/** Short enough to pass the length rules, so that the payload is stored and shown. */
const storableText = payload.filter((text) => !text.includes('\u0000'))

const job = builtInJobPostings[0]!
const ACCEPTABLE = [200, 400, 413, 429]

async function resetLimits(app: TestApp) {
  await app.db.delete(rateLimitWindows)
  await app.db.delete(loginThrottles)
}

async function postForm(
  request: APIRequestContext,
  app: TestApp,
  path: string,
  fields: Record<string, string>,
  withResume: boolean,
) {
  await resetLimits(app)
  const base = { formToken: randomUUID(), ...fields }
  const response = withResume
    ? await request.post(path, {
        headers: { Origin: app.url },
        multipart: {
          ...base,
          resume: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdfDocument() },
        },
        maxRedirects: 0,
      })
    : await request.post(path, { headers: { Origin: app.url }, form: base, maxRedirects: 0 })
  return response.status()
}

const jobPostingFields = {
  firstName: 'Fuzz',
  lastName: 'Tester',
  phone: '+1 213 555 0147',
  nativeLanguage: 'Greek',
  interpretingExperience: '2-3',
  expectedPayPerMinute: '0.50-1.00',
  privacyConsent: 'on',
}

/** Each form: where it posts, its valid fields, the fields fuzzed, and whether it uploads. */
const forms = [
  {
    name: 'contact',
    path: '/contact',
    valid: { name: 'Fuzz Visitor', company: 'Fuzz Co', message: 'Hello' },
    fuzzed: ['name', 'company', 'message', 'phone'],
    resume: false,
  },
  {
    name: 'job posting',
    path: `/jobs/${job.id}`,
    valid: jobPostingFields,
    fuzzed: ['firstName', 'lastName', 'nativeLanguage', 'additionalInfo', 'phone'],
    resume: true,
  },
  {
    name: 'apply page',
    path: `/apply/${job.id}`,
    valid: applicationFields,
    fuzzed: [
      'firstName',
      'lastName',
      'address',
      'city',
      'state',
      'fluentLanguages',
      'additionalInfo',
    ],
    resume: true,
  },
  {
    name: 'language page application',
    path: '/application?language=korean-interpreter',
    valid: applicationFields,
    fuzzed: ['firstName', 'lastName', 'address', 'city', 'zipCode', 'additionalInfo'],
    resume: true,
  },
] as const

test('every public form answers generated hostile input without a server error, and the admin screens show it inert', async ({
  request,
  page,
  context,
  app,
}) => {
  test.setTimeout(480_000)
  const startedAt = new Date()
  let counter = 0
  const email = () => `fuzz-${counter++}@example.org`

  for (const form of forms) {
    // Any field, any hostile value, the rest valid: never a 5xx.
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...form.fuzzed), hostileText, async (field, value) => {
        const status = await postForm(
          request,
          app,
          form.path,
          { ...form.valid, email: email(), [field]: value },
          form.resume,
        )
        expect(
          ACCEPTABLE,
          `${form.name}: ${field}=${JSON.stringify(value).slice(0, 80)}`,
        ).toContain(status)
      }),
      { numRuns: 15, seed: 8 },
    )
    // Payloads that pass validation are stored, for the admin screens below.
    await fc.assert(
      fc.asyncProperty(storableText, async (value) => {
        const fields: Record<string, string> = { ...form.valid, email: email() }
        for (const field of form.fuzzed)
          if (field !== 'phone' && field !== 'zipCode') fields[field] = value
        const status = await postForm(request, app, form.path, fields, form.resume)
        expect(status, `${form.name} with ${value}`).toBe(200)
      }),
      { numRuns: 5, seed: 9 },
    )
  }

  // The e-mail field and the login form.
  await fc.assert(
    fc.asyncProperty(hostileText, hostileText, async (emailValue, password) => {
      await resetLimits(app)
      const login = await request.post('/interpreter-login', {
        headers: { Origin: app.url },
        form: { email: emailValue, password },
        maxRedirects: 0,
      })
      expect([400, 401, 429]).toContain(login.status())
      const contact = await postForm(
        request,
        app,
        '/contact',
        { name: 'Fuzz', company: 'Fuzz', message: 'Hi', email: emailValue },
        false,
      )
      expect(ACCEPTABLE).toContain(contact)
    }),
    { numRuns: 15, seed: 10 },
  )

  const stored = await app.db.$count(leads, gte(leads.createdAt, startedAt))
  expect(stored).toBeGreaterThan(0)

  // Now staff look at it.
  const admin = await createAccount('admin', 'Fuzz Admin')
  await signIn(context, app.url, admin)
  const ran: string[] = []
  await page.exposeFunction('__pwned', (marker: unknown) => ran.push(String(marker)))
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text())
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective}`),
    )
  })

  const requests = await app.db
    .select({ id: leads.id })
    .from(leads)
    .where(gte(leads.createdAt, startedAt))
    .limit(8)
  const applications = await app.db
    .select({ id: interpreterApplications.id })
    .from(interpreterApplications)
    .where(gte(interpreterApplications.createdAt, startedAt))
    .limit(8)
  const screens = [
    '/admin/dashboard',
    '/admin/dashboard?tab=contacts',
    `/admin/dashboard?tab=applications&q=${encodeURIComponent('<script>')}`,
    '/admin/clients',
    '/admin/interpreters',
    '/admin/interpreter-manager',
    `/admin/search?q=${encodeURIComponent('"><img src=x onerror=window.__pwned(9)>')}`,
    '/admin/mail',
    ...requests.map((row) => `/admin/clients/${row.id}`),
    ...applications.map((row) => `/admin/interpreters/${row.id}`),
  ]
  // The detector works: a script that calls it is seen.
  await page.goto('/admin/dashboard')
  await page.evaluate(() =>
    (window as unknown as { __pwned: (m: string) => void }).__pwned('self-test'),
  )
  await expect.poll(() => ran).toEqual(['self-test'])
  ran.length = 0

  for (const screen of screens) await expectInert(page, screen)
  expect(ran, 'injected scripts that ran').toEqual([])
  expect(violations, 'CSP violations').toEqual([])

  // Leave the shared test database as the other specs expect it.
  await removeSince(app, startedAt)
})

async function expectInert(page: Page, screen: string) {
  const response = await page.goto(screen)
  expect(response?.status(), screen).toBeLessThan(400)
  await page.waitForLoadState('networkidle')
}

async function removeSince(app: TestApp, startedAt: Date) {
  const applications = await app.db
    .delete(interpreterApplications)
    .where(gte(interpreterApplications.createdAt, startedAt))
    .returning({ fileId: interpreterApplications.resumeFileId })
  const fileIds = applications.map((row) => row.fileId).filter((id): id is string => !!id)
  if (fileIds.length) await app.db.delete(storedFiles).where(inArray(storedFiles.id, fileIds))
  await app.db.delete(leads).where(gte(leads.createdAt, startedAt))
  await app.db.delete(mailOutbox).where(gte(mailOutbox.createdAt, startedAt))
}
