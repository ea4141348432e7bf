import type { APIResponse } from '@playwright/test'
import { createAccount, signIn } from './auth-helpers'
import { expect, test } from './fixtures'

function expectSecurityHeaders(response: APIResponse, html: string) {
  const headers = response.headers()
  const csp = headers['content-security-policy'] ?? ''
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
  expect(nonce, 'a per-request nonce').toBeTruthy()
  const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? ''
  expect(scriptSrc).not.toContain('unsafe-inline')
  expect(csp).toContain("object-src 'none'")
  expect(csp).toContain("base-uri 'none'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['cross-origin-opener-policy']).toBe('same-origin')
  expect(headers['cross-origin-resource-policy']).toBe('same-origin')
  // Every inline script carries this response's nonce.
  const scriptNonces = [...html.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((match) => match[1])
  expect(scriptNonces.length).toBeGreaterThan(0)
  expect(new Set(scriptNonces)).toEqual(new Set([nonce]))
  return nonce
}

test('public, admin and error pages carry the security headers and a fresh nonce', async ({
  request,
  page,
  context,
  app,
}) => {
  const first = await request.get('/')
  const second = await request.get('/')
  expect(expectSecurityHeaders(first, await first.text())).not.toBe(
    expectSecurityHeaders(second, await second.text()),
  )

  const missing = await request.get('/no-such-page')
  expect(missing.status()).toBe(404)
  expectSecurityHeaders(missing, await missing.text())

  const admin = await createAccount('admin')
  await signIn(context, app.url, admin)
  const dashboard = await page.request.get('/admin/dashboard')
  expect(dashboard.status()).toBe(200)
  expect(dashboard.headers()['cache-control']).toBe('no-store')
  expectSecurityHeaders(dashboard, await dashboard.text())
})

test('the CSP blocks an injected inline script and inline event handler', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) violations.push(message.text())
  })
  await page.goto('/')
  const result = await page.evaluate(async () => {
    const seen: string[] = []
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(event.violatedDirective),
    )
    const script = document.createElement('script')
    script.textContent = 'window.__injected = true'
    document.body.appendChild(script)
    document.body.insertAdjacentHTML(
      'beforeend',
      '<img src="data:," onload="window.__handler = true">',
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    const flags = window as unknown as { __injected?: boolean; __handler?: boolean }
    return { seen, injected: flags.__injected === true, handler: flags.__handler === true }
  })
  expect(result.injected).toBe(false)
  expect(result.handler).toBe(false)
  expect(result.seen.length).toBeGreaterThanOrEqual(2)
  expect(result.seen.every((directive) => directive.startsWith('script-src'))).toBe(true)
  expect(violations.length).toBeGreaterThan(0)
})

test.describe('cross-site requests are refused with 403', () => {
  const foreign: { label: string; headers: Record<string, string> }[] = [
    { label: 'a foreign Origin', headers: { Origin: 'https://evil.example' } },
    { label: 'Origin: null', headers: { Origin: 'null' } },
    { label: 'Sec-Fetch-Site: cross-site', headers: { 'Sec-Fetch-Site': 'cross-site' } },
    { label: 'no Origin and no Sec-Fetch-Site', headers: {} },
  ]
  for (const { label, headers } of foreign) {
    test(`${label}: on a public form, an admin action and logout`, async ({ playwright, app }) => {
      const admin = await createAccount('admin')
      const { createSession } = await import('../../app/auth/session.server')
      const cookie = (await createSession(admin.id)).split(';')[0]!
      const context = await playwright.request.newContext({ baseURL: app.url })
      for (const path of ['/contact', '/admin/dashboard', '/logout']) {
        const response = await context.post(path, {
          form: { name: 'x', email: 'x@example.org', company: 'x', message: 'x' },
          headers: { ...headers, Cookie: cookie },
          maxRedirects: 0,
        })
        expect(response.status(), `${path} with ${label}`).toBe(403)
      }
      // The session survived: logout was not performed.
      const still = await context.get('/admin/dashboard', {
        headers: { Cookie: cookie },
        maxRedirects: 0,
      })
      expect(still.status()).toBe(200)
      await context.dispose()
    })
  }
})
