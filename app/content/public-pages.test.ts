import { describe, expect, it } from 'vitest'
import { isPrivatePath } from './public-pages'

describe('the private part of the site', () => {
  it('covers the admin area, the portals and the sign-in pages with their sub-paths and data requests', () => {
    for (const path of [
      '/admin',
      '/admin/dashboard',
      '/admin.data',
      '/admin/interpreters.data',
      '/account',
      '/interpreter/dashboard',
      '/client/dashboard',
      '/interpreter-login',
      '/client-login.data',
      '/forgot-password',
      '/reset-password',
      '/setup',
      '/accept-invite',
      '/logout',
    ])
      expect(isPrivatePath(path), path).toBe(true)
  })

  it('leaves the public pages out, also those whose names begin like a private one', () => {
    for (const path of [
      '/',
      '/about',
      '/careers',
      '/jobs/x',
      '/administration',
      '/clients',
      '/accounting',
    ])
      expect(isPrivatePath(path), path).toBe(false)
  })
})
