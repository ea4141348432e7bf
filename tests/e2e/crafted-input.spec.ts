import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type {
  APIRequestContext,
  APIResponse,
  Browser,
  Page,
  PlaywrightWorkerArgs,
} from '@playwright/test'
import { desc, eq } from 'drizzle-orm'
import { auditLog, bookings, closeouts, loginThrottles, rateLimitWindows } from '../../db/schema'
import { addDays, calendarDate } from '../../app/domain/onboarding'
import { clientContextOf } from '../../app/models/organizations.server'
import { findUserByEmail, toPublicUser, type PublicUser } from '../../app/models/users.server'
import {
  createBookingRow,
  createDispatchInterpreter,
  createEndedAssignment,
} from '../support/booking-fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'
import { createLead } from '../../app/models/leads/intake.server'
import { createSession } from '../../app/auth/session.server'
import { createAccount, signIn } from './auth-helpers'
import { createCraftedWorld, type Visitor } from './crafted-world'
import { expect, test, type TestApp } from './fixtures'
import {
  postFormsIn,
  roleOf,
  tinyFile,
  validValue,
  type PageField,
  type PageForm,
} from './page-forms'
import { builtRoutes } from './route-table'

/**
 * Crafted input must never reach the database as it is: PostgreSQL (and PGlite) refuse a
 * NUL byte in a text parameter and a malformed value for a uuid column, which used to
 * surface as 500s. Every request here gets its answer without an error.
 */

// What a browser sends with a same-origin form post; the host's CSRF check lets it through.
const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' }

interface Check {
  method: 'GET' | 'POST'
  path: string
  status: number
}

/** Sends every check and returns the ones that got another status, or leaked a stack trace. */
async function run(context: APIRequestContext, checks: Check[]): Promise<string[]> {
  const problems: string[] = []
  for (const { method, path, status } of checks) {
    const response: APIResponse =
      method === 'GET'
        ? await context.get(path, { maxRedirects: 0 })
        : await context.post(path, { form: { intent: 'note', body: 'x' }, maxRedirects: 0 })
    const body = await response.text()
    if (response.status() !== status)
      problems.push(`${method} ${path}: ${response.status()}, expected ${status}`)
    if (/\n\s+at .+:\d+:\d+/.test(body) || body.includes('node_modules'))
      problems.push(`${method} ${path}: the body shows a stack trace`)
  }
  return problems
}

/** GET and POST of a path and its single-fetch `.data` form. */
function allForms(path: string, status: number, { action = true } = {}): Check[] {
  const [pathname, search = ''] = path.split('?')
  const data = `${pathname}.data${search ? `?${search}` : ''}`
  const checks: Check[] = [
    { method: 'GET', path, status },
    { method: 'GET', path: data, status },
  ]
  if (action) checks.push({ method: 'POST', path, status }, { method: 'POST', path: data, status })
  return checks
}

/** A request context signed in as a new admin (the same cookie a login gives). */
async function adminContext(playwright: PlaywrightWorkerArgs['playwright'], url: string) {
  const admin = await createAccount('admin')
  const cookie = (await createSession(admin.id)).split(';')[0]!
  return playwright.request.newContext({
    baseURL: url,
    extraHTTPHeaders: { Cookie: cookie, ...SAME_ORIGIN },
  })
}

test('a NUL byte or a malformed slug in /jobs/ and /apply/ paths is a 404', async ({
  playwright,
  app,
}) => {
  const context = await playwright.request.newContext({
    baseURL: app.url,
    extraHTTPHeaders: SAME_ORIGIN,
  })
  const problems = await run(context, [
    ...allForms('/jobs/abc%00def', 404),
    ...allForms('/apply/abc%00def', 404),
    ...allForms('/jobs/%00', 404),
    ...allForms('/apply/%E2%9C%93%00', 404),
    ...allForms('/jobs/greek%0Aenglish', 404),
    ...allForms('/apply/..%2F..%2Fetc%2Fpasswd', 404),
    // Well-formed slugs still work: an open posting, and the general apply page.
    { method: 'GET', path: '/jobs/greek-english-remote-interpreter', status: 200 },
    { method: 'GET', path: '/jobs/klingon-english-remote-interpreter', status: 404 },
    { method: 'GET', path: '/apply/contract-interpreter', status: 200 },
    { method: 'GET', path: '/apply/greek-english-remote-interpreter', status: 200 },
  ])
  await context.dispose()
  expect(problems).toEqual([])
})

test('non-UUID ids on the admin record, resume and resource routes are 404s', async ({
  playwright,
  app,
}) => {
  const context = await adminContext(playwright, app.url)
  const ids = [
    'not-a-uuid',
    'abc%00def',
    '%00',
    "1'%20OR%20'1'%3D'1",
    '00000000-0000-4000-8000-00000000000g',
    '00000000-0000-4000-8000-0000000000001',
    '%E2%9C%93',
    // Well-formed but unknown.
    '00000000-0000-4000-8000-000000000000',
  ]
  const checks: Check[] = []
  for (const id of ids) {
    checks.push(
      { method: 'GET', path: `/admin/applications/${id}/resume`, status: 404 },
      { method: 'GET', path: `/admin/applications/${id}/resume/${id}`, status: 404 },
      { method: 'GET', path: `/admin/resources/${id}/file`, status: 404 },
      { method: 'GET', path: `/admin/resources/${id}/file?download=1`, status: 404 },
      ...allForms(`/admin/interpreters/${id}`, 404),
      ...allForms(`/admin/clients/${id}`, 404),
      ...allForms(`/admin/resources/${id}/delete`, 404),
    )
  }
  const problems = await run(context, checks)
  // The actions refuse the id before they read the form, whatever the form holds.
  for (const path of ['/admin/interpreters/abc%00def', '/admin/clients/not-a-uuid']) {
    const forms: Record<string, string>[] = [
      { intent: 'decide', decision: 'approved' },
      { intent: 'status', status: 'closed' },
      { intent: 'reply' },
      { intent: 'probe' },
    ]
    for (const form of forms) {
      const response = await context.post(path, { form, maxRedirects: 0 })
      if (response.status() !== 404)
        problems.push(`POST ${path} (${form.intent}): ${response.status()}, expected 404`)
    }
  }
  await context.dispose()
  expect(problems).toEqual([])
})

test('NUL and control characters in admin search terms are ignored, not a 500', async ({
  playwright,
  app,
}) => {
  await createLead({
    type: 'contact',
    name: 'Quillon Zephyrine',
    email: 'quillon@example.org',
    company: 'Zephyr Translations',
    message: 'Hello',
  })
  const context = await adminContext(playwright, app.url)
  const terms = ['Quillon%00', '%00', 'Quil%00lon', 'Quillon%07%1B%7F%C2%85', 'a%00%25_%5C']
  const pages = [
    (q: string) => `/admin/search?q=${q}`,
    (q: string) => `/admin/interpreters?q=${q}`,
    (q: string) => `/admin/clients?q=${q}`,
    (q: string) => `/admin/dashboard?q=${q}`,
    (q: string) => `/admin/dashboard?tab=contacts&q=${q}`,
    (q: string) => `/admin/interpreter-manager?q=${q}`,
    (q: string) => `/admin/communications?tab=history&q=${q}`,
    (q: string) => `/admin/communications?person=${q}`,
  ]
  const checks: Check[] = []
  for (const term of terms) {
    for (const page of pages) checks.push(...allForms(page(term), 200, { action: false }))
    checks.push(
      { method: 'GET', path: `/admin/export/applications?q=${term}`, status: 200 },
      { method: 'GET', path: `/admin/export/client-requests?q=${term}`, status: 200 },
    )
  }
  const problems = await run(context, checks)
  expect(problems).toEqual([])

  // The control characters are dropped: the remaining text is what is searched for.
  const search = await context.get('/admin/search?q=Quillon%00')
  const html = await search.text()
  expect(html).toContain('Results for “Quillon”')
  expect(html).toContain('Quillon Zephyrine')
  expect(html).not.toContain('\u0000')
  const clients = await (await context.get('/admin/clients?q=%00Quillon%1F')).text()
  expect(clients).toContain('Quillon Zephyrine')
  // The export's audit entry records the filters as searched, without the NUL.
  const exported = await context.get('/admin/export/client-requests?q=Quillon%00')
  expect(await exported.text()).toContain('Quillon Zephyrine')
  const [entry] = await app.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'export'))
    .orderBy(desc(auditLog.id))
    .limit(1)
  expect(entry?.after).toMatchObject({ filters: { q: 'Quillon' }, rows: 1 })
  await context.dispose()
})

test.describe('a redirectTo outside Latin-1', () => {
  const targets = [
    { redirectTo: '/admin/✓', location: '/admin/%E2%9C%93' },
    { redirectTo: '/admin/clients?q=café ✓', location: '/admin/clients?q=caf%C3%A9%20%E2%9C%93' },
    { redirectTo: '/admin/dashboard#é', location: '/admin/dashboard#%C3%A9' },
  ]

  test('a signed-in visitor on the login page is sent on, percent-encoded', async ({
    playwright,
    app,
  }) => {
    const context = await adminContext(playwright, app.url)
    for (const { redirectTo, location } of targets) {
      for (const path of ['/interpreter-login', '/client-login']) {
        const response = await context.get(`${path}?redirectTo=${encodeURIComponent(redirectTo)}`, {
          maxRedirects: 0,
        })
        expect(response.status(), `${path} → ${redirectTo}`).toBe(302)
        expect(response.headers()['location']).toBe(location)
      }
    }
    await context.dispose()
  })

  test('a correct login posted without JavaScript gets its cookie and a same-site Location', async ({
    playwright,
    app,
  }) => {
    const admin = await createAccount('admin')
    for (const { redirectTo, location } of [
      ...targets,
      // Not a same-site path after normalising: the role's home instead.
      { redirectTo: '/.//evil.example/✓', location: '/admin/dashboard' },
      { redirectTo: 'https://evil.example/✓', location: '/admin/dashboard' },
    ]) {
      const context = await playwright.request.newContext({
        baseURL: app.url,
        extraHTTPHeaders: SAME_ORIGIN,
      })
      const response = await context.post('/interpreter-login', {
        form: { email: admin.email, password: admin.password, redirectTo },
        maxRedirects: 0,
      })
      expect(response.status(), redirectTo).toBe(302)
      expect(response.headers()['location'], redirectTo).toBe(location)
      expect(response.headers()['set-cookie'], redirectTo).toMatch(/HttpOnly/i)
      const signedIn = await context.get('/account', { maxRedirects: 0 })
      expect(signedIn.status(), `${redirectTo}: the session works`).toBe(200)
      await context.dispose()
    }
  })

  for (const javaScriptEnabled of [true, false]) {
    test(`a correct login in the browser lands on the same-site path (JavaScript ${
      javaScriptEnabled ? 'on' : 'off'
    })`, async ({ browser, app }) => {
      const admin = await createAccount('admin')
      const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled })
      const page = await context.newPage()
      await page.goto(`/interpreter-login?redirectTo=${encodeURIComponent('/admin/clients?q=é✓')}`)
      await page.getByLabel('Email').fill(admin.email)
      await page.getByLabel('Password', { exact: true }).fill(admin.password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(page).toHaveURL(`${app.url}/admin/clients?q=%C3%A9%E2%9C%93`)
      await expect(page.getByRole('heading', { level: 1, name: 'Client Requests' })).toBeVisible()
      await expect(page.getByLabel('Search by name, email or company')).toHaveValue('é✓')
      const cookies = await context.cookies(app.url)
      expect(cookies.some((cookie) => cookie.httpOnly)).toBe(true)
      await context.close()
    })
  }
})

/**
 * The kinds of crafted text each form gets: NUL bytes (PostgreSQL refuses them in text), text
 * outside Latin-1, right-to-left overrides and the other bidi controls, and text far longer
 * than any field takes. Each reads like text a person could type around the crafted
 * characters, so that format rules let it through wherever they can, and carries
 * CRAFTED_MARK, which must never reach the log.
 */
const CRAFTED_MARK = 'Qzx'
const craftedKinds: { kind: string; text: (length: number) => string; retry: boolean }[] = [
  { kind: 'NUL bytes', text: () => `Crafted\u0000${CRAFTED_MARK}\u0000text`, retry: true },
  {
    kind: 'non-Latin-1 text',
    text: () => `Ζωή 日本語 한국어 👩🏽‍⚕️ ${CRAFTED_MARK} 𝔘`,
    retry: true,
  },
  {
    kind: 'bidi controls',
    text: () =>
      `Crafted \u202e${CRAFTED_MARK}\u202c \u2066fdp.exe\u2069\u200f\u061c\u202a\u202b\u202d\u2067\u2068\u200e text`,
    retry: true,
  },
  // Refused by every length rule: no use trying field by field.
  { kind: 'over-long text', text: (length) => CRAFTED_MARK + 'x'.repeat(length), retry: false },
]
/** What a person's phone looks like in the fields not filled with crafted text. */
const VALID_PHONE = '+1 512 555 0147'
const OVER_LONG = 100_000
/** A form body that is not an upload stays under the host's limit (server/request-body.ts). */
const FORM_BODY_ROOM = 110_000

/** Who may use the forms of a page: the area's roles, or the public. */
function visitorsOf(pattern: string): Visitor[] {
  const under = (prefix: string) => pattern === prefix || pattern.startsWith(`${prefix}/`)
  if (under('/admin')) return ['staff admin']
  if (under('/interpreter')) return ['interpreter']
  if (under('/client')) return ['client manager', 'client member']
  if (under('/account')) return ['interpreter', 'client member', 'client manager', 'staff admin']
  if (under('/application-status') || under('/application-erasure')) return ['applicant']
  return ['public']
}

/** Action routes that no page offers a form for in this world, and why. */
const formless: Record<string, string> = {
  '/setup': 'its form exists only while there is no admin (tests/e2e/first-admin.spec.ts)',
}
/** Action routes that take another route's form (sent there by the page's script). */
const sameFormAs: Record<string, string> = {
  '/admin/resources/upload': '/admin/resources/new',
}

/**
 * Which fields of a form one submission fills with crafted text: what people type (all at
 * once, or one field), everything else but the branch the page chose (hidden ids, token,
 * e-mail, phone, dates, numbers, choices), or that branch itself (the hidden intent or the
 * button pressed), for forms that have nothing else.
 */
type Fill = { fields: 'text' | 'other' | 'intent'; only?: string }

function filledBy(form: PageForm, fill: Fill): PageField[] {
  return form.fields.filter((field) => {
    const role = roleOf(field)
    if (fill.fields === 'text') return role === 'text' && (!fill.only || field.name === fill.only)
    if (fill.fields === 'other') return ['other', 'token', 'honeypot'].includes(role)
    return role === 'selector'
  })
}

/**
 * A submission of `form` with `crafted` text in the fields `fill` names and a value the form
 * accepts everywhere else; undefined when the form has no such field.
 */
function craftedSubmission(
  form: PageForm,
  fill: Fill,
  crafted: (length: number) => string,
  unique: string,
): FormData | URLSearchParams | undefined
/** The submission the page would send, nothing crafted. */
function craftedSubmission(
  form: PageForm,
  fill: undefined,
  crafted: (length: number) => string,
  unique: string,
): FormData | URLSearchParams
function craftedSubmission(
  form: PageForm,
  fill: Fill | undefined,
  crafted: (length: number) => string,
  unique: string,
): FormData | URLSearchParams | undefined {
  const filled = fill ? filledBy(form, fill) : []
  const craftedSubmitter = fill?.fields === 'intent' && form.submitter !== undefined
  if (fill && filled.length === 0 && !craftedSubmitter) return undefined
  const room = form.multipart ? OVER_LONG : Math.floor(FORM_BODY_ROOM / (filled.length || 1))
  const text = crafted(Math.min(OVER_LONG, room))
  const entries: [string, string | File][] = []
  const radiosSeen = new Set<string>()
  for (const field of form.fields) {
    const role = roleOf(field)
    if (filled.includes(field)) entries.push([field.name, text])
    else if (role === 'file') {
      if (form.multipart) entries.push([field.name, tinyFile()])
    } else if (role === 'token') entries.push([field.name, randomUUID()])
    else if (role === 'honeypot') entries.push([field.name, ''])
    else if (field.type === 'radio') {
      if (radiosSeen.has(field.name)) continue
      radiosSeen.add(field.name)
      const group = form.fields.filter((other) => other.name === field.name)
      entries.push([field.name, (group.find((other) => other.checked) ?? field).value])
    } else if (field.type === 'checkbox') {
      // The boxes ticked on the page, or the last of a group with none ticked (the first
      // may repeat a choice made above: a quote's source and target languages).
      const group = form.fields.filter((other) => other.name === field.name)
      if (field.checked || (group.at(-1) === field && !group.some((other) => other.checked)))
        entries.push([field.name, validValue(field, unique)])
    } else entries.push([field.name, validValue(field, unique)])
  }
  if (form.submitter)
    entries.push([form.submitter.name, craftedSubmitter ? text : form.submitter.value])
  if (form.multipart) {
    const body = new FormData()
    for (const [name, value] of entries) body.append(name, value)
    return body
  }
  return new URLSearchParams(entries as [string, string][])
}

/**
 * One request on a connection of its own (no keep-alive: a connection the server closes
 * while idle would reset the next request sent on it, which says nothing about the form).
 */
function send(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: Buffer },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { ...options, agent: false, timeout: 60_000 }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
      )
      answer.on('error', reject)
    })
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')))
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}

/**
 * Where a script posts the form (React Router's single fetch): the same action, answered
 * with its data instead of a whole page, which keeps a few hundred posts quick.
 */
function dataUrlOf(action: string) {
  const [pathname = '/', search] = action.split('?')
  return `${pathname === '/' ? '/_root' : pathname}.data${search ? `?${search}` : ''}`
}

/** Runs `work` on every item, at most `size` at a time. */
async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  const queue = [...items]
  await Promise.all(
    Array.from({ length: size }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item)
    }),
  )
}

test('every form of every route with an action, as each role that may use it, answers crafted text without a 500 and keeps it out of the log', async ({
  app,
}) => {
  test.setTimeout(600_000)
  const startedAt = Date.now()
  const routes = await builtRoutes()
  const world = await createCraftedWorld(app)
  const recording = app.log.record()
  const problems: string[] = []

  // The pages to open: every page of the route table, with a record where it names one.
  const pages: { path: string; visitor: Visitor }[] = []
  for (const route of routes) {
    if (route.isResource || !route.hasLoader || route.pattern.includes('*')) continue
    const samples = Object.entries(world.paths)
      .filter(([pattern]) => pattern === route.pattern || pattern.startsWith(`${route.pattern} (`))
      .map(([, path]) => path)
    if (samples.length === 0 && route.pattern.includes(':')) {
      problems.push(`${route.pattern}: no record to open it with (tests/e2e/crafted-world.ts)`)
      continue
    }
    for (const path of samples.length > 0 ? samples : [route.pattern])
      for (const visitor of visitorsOf(route.pattern))
        if (!pages.some((page) => page.path === path && page.visitor === visitor))
          pages.push({ path, visitor })
  }

  // Each page as its visitor gets it from the server (every form works without JavaScript).
  const request = async (visitor: Visitor, path: string, form?: FormData | URLSearchParams) => {
    const cookie = world.cookies[visitor]
    const encoded = form ? new Response(form) : undefined
    return send(`${app.url}${path}`, {
      method: form ? 'POST' : 'GET',
      headers: {
        Origin: app.url,
        ...(cookie ? { Cookie: cookie } : {}),
        ...(encoded ? { 'Content-Type': encoded.headers.get('Content-Type')! } : {}),
      },
      body: encoded ? Buffer.from(await encoded.arrayBuffer()) : undefined,
    })
  }
  const openPages = async () => {
    const found: { visitor: Visitor; forms: PageForm[] }[] = []
    await inPool(pages, 4, async ({ path, visitor }) => {
      const { status, text } = await request(visitor, path)
      if (status >= 500) problems.push(`GET ${path} as ${visitor}: ${status}`)
      found.push({ visitor, forms: postFormsIn(text, `${app.url}${path}`) })
    })
    return found
  }
  // A form shown on several pages (signing out, the dashboard's on /admin too) is sent once.
  const seen = new Set<string>()
  const opened = (await openPages()).map(({ visitor, forms }) => ({
    visitor,
    forms: forms.filter((form) => {
      const key = JSON.stringify([visitor, form])
      return !seen.has(key) && !!seen.add(key)
    }),
  }))
  const forms = opened.flatMap(({ visitor, forms }) => forms.map((form) => ({ visitor, form })))
  for (const [route, original] of Object.entries(sameFormAs))
    for (const { visitor, form } of forms.filter(({ form }) => form.action === original))
      opened.push({ visitor, forms: [{ ...form, action: route }] })

  // One request per form, kind of text and kind of field (and, when a submission with every
  // text field crafted is refused, one per text field, so that no field's crafted text is
  // hidden behind another field's refusal); the forms of one page one after the other (they
  // act on the same records), pages a few at a time. Forms with no field to fill, and signing
  // out, go last: they act without reading anything (delete, approve, unsubscribe).
  const postedTo = new Set<string>()
  const lastly: (() => Promise<void>)[] = []
  let requests = 0
  const post = async (
    visitor: Visitor,
    form: PageForm,
    label: string,
    body: FormData | URLSearchParams,
  ) => {
    if (visitor === 'public' || visitor === 'applicant') {
      await app.db.delete(rateLimitWindows)
      await app.db.delete(loginThrottles)
    }
    const { status } = await request(visitor, dataUrlOf(form.action), body).catch(
      (error: Error) => {
        problems.push(`POST ${form.action} as ${visitor}, ${label}: no answer (${error.message})`)
        return { status: 0 }
      },
    )
    requests++
    postedTo.add(form.action.split('?')[0]!)
    if (status >= 500) problems.push(`POST ${form.action} as ${visitor}, ${label}: ${status}`)
    return status
  }
  const postForms = async ({ visitor, forms: found }: (typeof opened)[number]) => {
    const labelOf = (form: PageForm, what: string) =>
      form.submitter ? `${what} (${form.submitter.name}=${form.submitter.value})` : what
    for (const form of found) {
      const fillable =
        form.submitter !== undefined ||
        (['text', 'other', 'intent'] as const).some((fields) => filledBy(form, { fields }).length)
      if (!fillable || form.action === '/logout')
        lastly.push(async () => {
          const asItIs = craftedSubmission(form, undefined, () => '', '')
          await post(visitor, form, labelOf(form, 'as it is'), asItIs)
        })
    }
    for (const { kind, text, retry } of craftedKinds)
      for (const form of found.filter((form) => form.action !== '/logout')) {
        const unique = () => `${CRAFTED_MARK.toLowerCase()}${requests}`
        const fills: Fill[] = [{ fields: 'text' }, { fields: 'other' }]
        if (filledBy(form, { fields: 'other' }).length === 0) fills.push({ fields: 'intent' })
        for (const fill of fills) {
          const body = craftedSubmission(form, fill, text, unique())
          if (!body) continue
          const status = await post(
            visitor,
            form,
            labelOf(form, `${kind} in the ${fill.fields} fields`),
            body,
          )
          const texts = filledBy(form, fill)
          if (fill.fields !== 'text' || status !== 400 || !retry || texts.length < 2) continue
          for (const { name } of texts) {
            const one = craftedSubmission(form, { fields: 'text', only: name }, text, unique())!
            await post(visitor, form, labelOf(form, `${kind} in ${name}`), one)
          }
        }
      }
  }
  await inPool(opened, 4, postForms)

  // What was stored shows without a server error; then the last posts.
  await openPages()
  for (const last of lastly) await last()

  // Every route with an action got crafted posts, or is listed with the reason it cannot.
  for (const route of routes.filter((route) => route.hasAction)) {
    const pattern = new RegExp(`^${route.pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`)
    if (![...postedTo].some((path) => pattern.test(path)) && !(route.pattern in formless))
      problems.push(`${route.pattern}: no page offered a form that posts to it`)
  }
  recording.stop()
  const log = recording.lines().join('')
  if (log.includes('params:')) problems.push('the log holds SQL parameters')
  for (const personal of [CRAFTED_MARK, CRAFTED_MARK.toLowerCase(), VALID_PHONE])
    if (log.includes(personal)) problems.push(`the log holds what was posted: ${personal}`)
  console.log(
    `crafted input: ${pages.length} pages, ${forms.length} forms, ${requests} posts to ${postedTo.size} paths in ${Math.round((Date.now() - startedAt) / 1000)} s`,
  )
  expect(problems).toEqual([])
})

test.describe('rules as documented, refused on their field with what was typed kept', () => {
  /** A browser without JavaScript, so that the page shown is the server's answer. */
  async function withoutScript(browser: Browser, app: TestApp, user: PublicUser) {
    const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false })
    await signIn(context, app.url, user)
    return { context, page: await context.newPage() }
  }
  const postAnswer = (page: Page) =>
    page.waitForResponse((response) => response.request().method() === 'POST')

  test('a closeout whose actual start is years before the booked one', async ({ browser, app }) => {
    const stamp = Date.now()
    const staff = await createAccount('admin', 'Window Staff')
    const { interpreter, bookingId } = await createEndedAssignment(
      app.db,
      { id: staff.id, name: staff.name },
      { firstName: 'Wendy', lastName: `Window${stamp}` },
      `Window Clinic ${stamp}`,
    )
    const user = toPublicUser((await findUserByEmail(interpreter.email))!)
    const { context, page } = await withoutScript(browser, app, user)
    await page.goto(`/interpreter/assignments/${bookingId}/closeout`)
    await page.getByLabel('Start date').fill('2019-03-04')
    await page.getByLabel('End date').fill('2019-03-04')
    const answer = postAnswer(page)
    await page.getByRole('button', { name: 'Send closeout' }).click()
    expect((await answer).status()).toBe(400)
    await expect(page.getByLabel('Start date')).toHaveAccessibleDescription(
      'Please check the start: it must be within 24 hours of the booked start.',
    )
    await expect(page.getByLabel('Start date')).toHaveValue('2019-03-04')
    await expect(page.getByLabel('End date')).toHaveValue('2019-03-04')
    expect(await app.db.$count(closeouts, eq(closeouts.bookingId, bookingId))).toBe(0)
    await context.close()
  })

  test('a booking whose preferred interpreter never worked for the organization', async ({
    browser,
    app,
  }) => {
    const stamp = Date.now()
    const staff = await createAccount('admin', 'Preference Staff')
    const actor = { id: staff.id, name: staff.name }
    const email = `preference-${stamp}@clinic.example`
    const organizationName = `Preference Clinic ${stamp}`
    await createOrganizationMember(
      { organizationName, name: 'Pat Preference', email, role: 'manager' },
      actor,
    )
    const user = toPublicUser((await findUserByEmail(email))!)
    const { organizationId } = (await clientContextOf(user.id))!
    // One interpreter worked for the organization (the form offers them); another never did.
    const [known, stranger] = await Promise.all(
      ['Kim', 'Sol'].map((firstName) =>
        createDispatchInterpreter(app.db, actor, { firstName, lastName: `Pref${stamp}` }),
      ),
    )
    await createBookingRow(app.db, {
      organizationId,
      localDate: '2026-01-05',
      status: 'completed',
      interpreterId: known!.profileId,
    })
    const { context, page } = await withoutScript(browser, app, user)
    await page.goto('/client/book')
    await page.getByLabel('Language').fill('Spanish')
    await page.getByLabel('How the interpreter works').selectOption('on_site')
    await page.getByLabel('Setting').selectOption('medical')
    await page.getByLabel('Date').fill(addDays(calendarDate(new Date()), 7))
    await page.getByLabel('Start time').fill('09:00')
    const location = page.getByLabel('On-site address, video link or call-in number')
    await location.fill('1 Clinic Way, Austin, TX')
    await page.getByLabel('Contact on the day').fill('Nurse Joy')
    await page.getByLabel('Contact phone').fill('+1 512 555 0100')
    // What a tampered form sends: an interpreter the list does not offer.
    const preferred = page.getByLabel('Preferred interpreter (optional)')
    await preferred.evaluate((select, id) => {
      const option = document.createElement('option')
      option.value = id
      option.textContent = 'Someone else'
      select.append(option)
    }, stranger!.profileId)
    await preferred.selectOption(stranger!.profileId)
    const answer = postAnswer(page)
    await page.getByRole('button', { name: 'Book the interpreter' }).click()
    expect((await answer).status()).toBe(400)
    await expect(page.getByLabel('Preferred interpreter (optional)')).toHaveAccessibleDescription(
      'Please choose one of the interpreters who have worked for you, or no preference.',
    )
    await expect(location).toHaveValue('1 Clinic Way, Austin, TX')
    await expect(page.getByLabel('Contact on the day')).toHaveValue('Nurse Joy')
    expect(await app.db.$count(bookings, eq(bookings.organizationId, organizationId))).toBe(1)
    await context.close()
  })
})
