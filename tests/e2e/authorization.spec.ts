import type { APIRequestContext } from '@playwright/test'
import type { UserRole } from '../../db/schema'
import { createSession } from '../../app/lib/auth/session.server'
import { createAccount } from './auth-helpers'
import { expect, test } from './fixtures'
import { builtRoutes } from './route-table'

type Visitor = 'anonymous' | UserRole

/**
 * The authorisation matrix, generated from the route table of the build: every /admin page
 * and action as each kind of visitor. A new admin route is covered without editing this.
 */
test('every admin page and action is guarded on the server', async ({ playwright, app }) => {
  const adminRoutes = (await builtRoutes()).filter(
    (route) => route.path === '/admin' || route.path.startsWith('/admin/'),
  )
  expect(adminRoutes.map((route) => route.path)).toContain('/admin/dashboard')

  const cookies: Record<Visitor, string | undefined> = {
    anonymous: undefined,
    interpreter: undefined,
    client: undefined,
    admin: undefined,
  }
  for (const role of ['interpreter', 'client', 'admin'] as const) {
    const user = await createAccount(role)
    cookies[role] = (await createSession(user.id)).split(';')[0]
  }
  const contexts = new Map<Visitor, APIRequestContext>()
  for (const visitor of Object.keys(cookies) as Visitor[]) {
    contexts.set(
      visitor,
      await playwright.request.newContext({
        baseURL: app.url,
        extraHTTPHeaders: {
          ...(cookies[visitor] ? { Cookie: cookies[visitor] } : {}),
          Origin: app.url,
        },
      }),
    )
  }

  const problems: string[] = []
  const expectOutcome = (
    visitor: Visitor,
    label: string,
    status: number,
    location: string | undefined,
    path: string,
  ) => {
    const loginRedirect = `/interpreter-login?redirectTo=${encodeURIComponent(path)}`
    if (visitor === 'anonymous') {
      if (status !== 302 || location !== loginRedirect)
        problems.push(`${label} as anonymous: ${status} ${location}`)
    } else if (visitor !== 'admin') {
      if (status !== 302 || location !== '/')
        problems.push(`${label} as ${visitor}: ${status} ${location}`)
    } else if (
      status >= 500 ||
      (status === 302 && (location === '/' || location?.startsWith('/interpreter-login')))
    ) {
      problems.push(`${label} as admin: ${status} ${location}`)
    }
  }

  for (const route of adminRoutes) {
    for (const [visitor, context] of contexts) {
      if (route.hasLoader) {
        const page = await context.get(route.path, { maxRedirects: 0 })
        expectOutcome(
          visitor,
          `GET ${route.path}`,
          page.status(),
          page.headers()['location'],
          route.path,
        )
        // Client-side navigations fetch the same loaders as .data: they must redirect too.
        const dataRequest = await context.get(`${route.path}.data`, { maxRedirects: 0 })
        const body = await dataRequest.text()
        if (visitor !== 'admin' && !/redirect/.test(body))
          problems.push(`GET ${route.path}.data as ${visitor} did not redirect`)
      }
      if (route.hasAction) {
        const post = await context.post(route.path, { form: { intent: 'probe' }, maxRedirects: 0 })
        expectOutcome(
          visitor,
          `POST ${route.path}`,
          post.status(),
          post.headers()['location'],
          route.path,
        )
      }
    }
  }
  for (const context of contexts.values()) await context.dispose()
  expect(problems).toEqual([])
})
