import { describe, expect, it } from 'vitest'
import { staffMayOpen, staffRolesLabel } from './staff-roles'

describe('staff roles', () => {
  it('opens everything to an administrator, the admin index and unknown screens included', () => {
    for (const path of ['/admin', '/admin/users', '/admin/mail', '/admin/something-new'])
      expect(staffMayOpen(['administrator'], path)).toBe(true)
  })

  it('opens each part of the admin area to its roles only', () => {
    expect(staffMayOpen(['dispatcher'], '/admin/bookings/new')).toBe(true)
    expect(staffMayOpen(['dispatcher'], '/admin/invoices')).toBe(false)
    expect(staffMayOpen(['billing'], '/admin/invoices/123/pdf')).toBe(true)
    expect(staffMayOpen(['billing'], '/admin/bookings')).toBe(false)
    expect(staffMayOpen(['recruiter'], '/admin/interpreters/123')).toBe(true)
    // The longest prefix decides: the roster import is the recruiters' alone.
    expect(staffMayOpen(['dispatcher'], '/admin/interpreter-manager/123')).toBe(true)
    expect(staffMayOpen(['dispatcher'], '/admin/interpreter-manager/import')).toBe(false)
    expect(staffMayOpen(['recruiter'], '/admin/interpreter-manager/import')).toBe(true)
    // The organization import is the clients area's (dispatchers'), not billing's.
    expect(staffMayOpen(['dispatcher'], '/admin/organizations/import')).toBe(true)
    expect(staffMayOpen(['billing'], '/admin/organizations/import')).toBe(false)
    expect(staffMayOpen(['billing'], '/admin/organizations/123/billing')).toBe(true)
    expect(staffMayOpen(['recruiter'], '/admin/export/applications')).toBe(true)
    expect(staffMayOpen(['recruiter'], '/admin/export/client-requests')).toBe(false)
    // A prefix counts only up to a slash: /admin/rates is not /admin/rates-history's.
    expect(staffMayOpen(['billing'], '/admin/ratesx')).toBe(false)
    // Several roles open what each opens.
    expect(staffMayOpen(['recruiter', 'billing'], '/admin/closeouts')).toBe(true)
  })

  it('keeps users, the mail log, privacy exports and new screens for administrators', () => {
    for (const role of ['dispatcher', 'recruiter', 'billing'])
      for (const path of ['/admin/users', '/admin/mail', '/admin/privacy-export', '/admin/new'])
        expect(staffMayOpen([role], path)).toBe(false)
    expect(staffMayOpen([], '/admin/dashboard')).toBe(false)
    for (const role of ['dispatcher', 'recruiter', 'billing'])
      expect(staffMayOpen([role], '/admin')).toBe(true)
  })

  it('names the roles in the product’s order', () => {
    expect(staffRolesLabel(['billing', 'dispatcher'])).toBe('Dispatcher, Billing')
    expect(staffRolesLabel([])).toBe('No role')
  })
})
