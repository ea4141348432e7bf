import { describe, expect, it } from 'vitest'
import { adminReturnPath, decisionStepUrl } from './decision-step'

describe('the decision step', () => {
  it('opens on the interpreters screen and remembers where it came from', () => {
    expect(decisionStepUrl('a1b2', 'approved', '/admin/dashboard?tab=applications')).toBe(
      '/admin/interpreters/a1b2?decide=approved&returnTo=%2Fadmin%2Fdashboard%3Ftab%3Dapplications',
    )
    expect(decisionStepUrl('a1b2', 'rejected')).toBe('/admin/interpreters/a1b2?decide=rejected')
  })

  it('goes back only to admin pages of this site', () => {
    expect(adminReturnPath('/admin/dashboard?tab=contacts')).toBe('/admin/dashboard?tab=contacts')
    for (const unsafe of [
      null,
      '',
      'https://evil.example/admin/',
      '//evil.example/admin/',
      '/admin\\..\\x',
      '/account',
      '/admin/é',
    ])
      expect(adminReturnPath(unsafe)).toBeUndefined()
  })
})
