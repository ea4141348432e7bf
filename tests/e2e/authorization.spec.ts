import type { APIRequestContext } from '@playwright/test'
import type { UserRole } from '../../db/schema'
import { homeFor } from '../../app/lib/auth/redirect'
import { movedAddress } from '../../app/lib/http/moved-addresses'
import { createSession, loginPathFor } from '../../app/auth/session.server'
import { staffMayOpen } from '../../app/domain/staff-roles'
import { createAccount, createStaffAccount } from './auth-helpers'
import { expect, test } from './fixtures'
import { builtRoutes, type BuiltRoute } from './route-table'

type Visitor = 'anonymous' | UserRole | LimitedStaff

/** Staff who hold one role that is not administrator: each opens only its own part. */
const limitedStaff = ['dispatcher', 'recruiter', 'billing'] as const
type LimitedStaff = (typeof limitedStaff)[number]
const isLimitedStaff = (visitor: Visitor): visitor is LimitedStaff =>
  (limitedStaff as readonly string[]).includes(visitor)

/** The private areas and the one role each belongs to. */
const areas: { prefix: string; owner: UserRole; samples: string[] }[] = [
  {
    prefix: '/admin',
    owner: 'admin',
    samples: [
      '/admin/dashboard',
      '/admin/bookings',
      '/admin/bookings/new',
      '/admin/bookings/00000000-0000-4000-8000-000000000000/files/00000000-0000-4000-8000-000000000000',
      '/admin/interpreter-manager/profile-changes/00000000-0000-4000-8000-000000000000',
      '/admin/interpreter-manager/import',
      '/admin/quotes',
      '/admin/quotes/00000000-0000-4000-8000-000000000000',
      '/admin/quotes/00000000-0000-4000-8000-000000000000/files/00000000-0000-4000-8000-000000000000',
      '/admin/statements',
      '/admin/statements/00000000-0000-4000-8000-000000000000',
      '/admin/statements/00000000-0000-4000-8000-000000000000/pdf',
      '/admin/rates',
      '/admin/quality',
      '/admin/calls',
      '/admin/accounting-export',
      '/admin/privacy-export',
      '/admin/invoices',
      '/admin/invoices/00000000-0000-4000-8000-000000000000',
      '/admin/invoices/00000000-0000-4000-8000-000000000000/pdf',
      '/admin/receivables',
      '/admin/receivables/export',
      '/admin/organizations/00000000-0000-4000-8000-000000000000/billing',
      '/admin/organizations/import',
    ],
  },
  {
    prefix: '/interpreter',
    owner: 'interpreter',
    samples: [
      '/interpreter/dashboard',
      '/interpreter/profile',
      '/interpreter/assignments',
      '/interpreter/assignments/00000000-0000-4000-8000-000000000000/files/00000000-0000-4000-8000-000000000000',
      '/interpreter/payouts',
      '/interpreter/payouts/00000000-0000-4000-8000-000000000000/pdf',
      '/interpreter/calls',
      '/interpreter/calls/00000000-0000-4000-8000-000000000000',
    ],
  },
  {
    prefix: '/client',
    owner: 'client',
    samples: [
      '/client/dashboard',
      '/client/bookings',
      '/client/requests/anything',
      '/client/quotes',
      '/client/quotes/new',
      '/client/quotes/00000000-0000-4000-8000-000000000000',
      '/client/quotes/00000000-0000-4000-8000-000000000000/files/00000000-0000-4000-8000-000000000000',
      '/client/invoices',
      '/client/invoices/00000000-0000-4000-8000-000000000000',
      '/client/invoices/00000000-0000-4000-8000-000000000000/pdf',
      '/client/connect',
      '/client/connect/00000000-0000-4000-8000-000000000000',
    ],
  },
]

const inArea = (route: BuiltRoute, prefix: string) =>
  route.path === prefix || route.path.startsWith(`${prefix}/`)

/**
 * The authorisation matrix, generated from the route table of the build: every page, action
 * and resource route of each private area as each kind of visitor. Anonymous visitors are
 * sent to sign in; another role's pages send a user to their own home, its actions and
 * resource routes answer 403; an address that moved (app/lib/http/moved-addresses.ts) answers
 * 301 to its new place. A new route is covered without editing this.
 */
for (const area of areas) {
  test(`every ${area.prefix} page, action and resource route is guarded on the server`, async ({
    playwright,
    app,
  }) => {
    // Every route of the area as six kinds of visitor: the admin area alone makes hundreds of
    // requests, more with each new screen.
    test.setTimeout(360_000)
    const routes = (await builtRoutes()).filter((route) => inArea(route, area.prefix))
    expect(routes.map((route) => route.path)).toEqual(expect.arrayContaining(area.samples))

    const cookies: Partial<Record<Visitor, string>> & { anonymous: undefined } = {
      anonymous: undefined,
    }
    for (const role of ['interpreter', 'client', 'admin'] as const) {
      const user = await createAccount(role)
      cookies[role] = (await createSession(user.id)).split(';')[0]
    }
    // In the admin area, staff of each single role too (app/domain/staff-roles.ts).
    if (area.owner === 'admin')
      for (const role of limitedStaff) {
        const user = await createStaffAccount([role])
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
      answer: { status: number; location: string | undefined },
      expected: 'page' | 'refused',
      path: string,
    ) => {
      const { status, location } = answer
      if (isLimitedStaff(visitor) && !staffMayOpen([visitor], path.split('?')[0]!)) {
        // Staff whose role does not open it: 403 for a page, an action or a file alike.
        if (status !== 403) problems.push(`${label} as ${visitor}: ${status} ${location}`)
      } else if (visitor === 'anonymous') {
        // A client's pages send a signed-out visitor to the client login, the rest to the other.
        const loginRedirect = `${loginPathFor(path.split('?')[0]!)}?redirectTo=${encodeURIComponent(path)}`
        if (status !== 302 || location !== loginRedirect)
          problems.push(`${label} as anonymous: ${status} ${location}`)
      } else if (visitor !== area.owner && !isLimitedStaff(visitor)) {
        const ok =
          expected === 'page' ? status === 302 && location === homeFor(visitor) : status === 403
        if (!ok) problems.push(`${label} as ${visitor}: ${status} ${location}`)
      } else if (
        status >= 500 ||
        status === 403 ||
        (status === 302 &&
          (location === '/' || /^\/(interpreter|client)-login/.test(location ?? '')))
      ) {
        problems.push(`${label} as ${visitor}: ${status} ${location}`)
      }
    }

    for (const route of routes) {
      for (const [visitor, context] of contexts) {
        // An address that moved sends everyone to its new place, which is guarded itself.
        const movedTo = movedAddress(route.path)
        if (movedTo) {
          const moved = await context.get(route.path, { maxRedirects: 0 })
          if (moved.status() !== 301 || moved.headers()['location'] !== movedTo)
            problems.push(`GET ${route.path} as ${visitor}: ${moved.status()}, not moved`)
          continue
        }
        if (route.hasLoader) {
          const page = await context.get(route.path, { maxRedirects: 0 })
          expectOutcome(
            visitor,
            `GET ${route.path}`,
            { status: page.status(), location: page.headers()['location'] },
            route.isResource ? 'refused' : 'page',
            route.path,
          )
          if (!route.isResource) {
            // Client-side navigations fetch the same loaders as .data: they must redirect too.
            const dataRequest = await context.get(`${route.path}.data`, { maxRedirects: 0 })
            const body = await dataRequest.text()
            if (isLimitedStaff(visitor)) {
              if (!staffMayOpen([visitor], route.path) && dataRequest.status() !== 403)
                problems.push(`GET ${route.path}.data as ${visitor}: ${dataRequest.status()}`)
            } else if (visitor !== area.owner && !/redirect/.test(body))
              problems.push(`GET ${route.path}.data as ${visitor} did not redirect`)
          }
        }
        if (route.hasAction) {
          const post = await context.post(route.actionPath, {
            form: { intent: 'probe' },
            maxRedirects: 0,
          })
          expectOutcome(
            visitor,
            `POST ${route.actionPath}`,
            { status: post.status(), location: post.headers()['location'] },
            'refused',
            route.path,
          )
        }
      }
    }
    for (const context of contexts.values()) await context.dispose()
    expect(problems).toEqual([])
  })
}
