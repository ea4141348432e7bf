import type { APIRequestContext, APIResponse, PlaywrightWorkerArgs } from '@playwright/test'
import { desc, eq } from 'drizzle-orm'
import { auditLog } from '../../db/schema'
import { createClientRequest } from '../../app/models/client-requests.server'
import { createSession } from '../../app/lib/auth/session.server'
import { createAccount } from './auth-helpers'
import { expect, test } from './fixtures'

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
  await createClientRequest({
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
