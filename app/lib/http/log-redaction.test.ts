import { describe, expect, it } from 'vitest'
import { redactUrl } from './log-redaction'

describe('redactUrl', () => {
  it('hides the tokens of reset, invitation, set-up and unsubscribe links', () => {
    expect(redactUrl('/reset-password?token=abc123')).toBe('/reset-password?token=[redacted]')
    expect(redactUrl('/accept-invite?token=abc&next=%2Fadmin')).toBe(
      '/accept-invite?token=[redacted]&next=%2Fadmin',
    )
    expect(redactUrl('/unsubscribe?email=a%40b.org&token=xyz')).toBe(
      '/unsubscribe?email=a%40b.org&token=[redacted]',
    )
    expect(redactUrl('/setup.data?Token=1&token=2')).toBe(
      '/setup.data?Token=[redacted]&token=[redacted]',
    )
    expect(redactUrl('/x?%74oken=encoded-name')).toBe('/x?%74oken=[redacted]')
  })

  it('hides the token in the path of status, erasure and call guest links', () => {
    expect(redactUrl('/application-status/0f2c.1.abc_-?confirm=erase')).toBe(
      '/application-status/[redacted]?confirm=erase',
    )
    expect(redactUrl('/application-status/0f2c.1.abc.data')).toBe('/application-status/[redacted]')
    expect(redactUrl('/application-erasure/xyz')).toBe('/application-erasure/[redacted]')
    expect(redactUrl('/call-guest/Qx_9-a.data')).toBe('/call-guest/[redacted]')
  })

  it('leaves other addresses alone', () => {
    expect(redactUrl('/jobs/greek-english-remote-interpreter')).toBe(
      '/jobs/greek-english-remote-interpreter',
    )
    expect(redactUrl('/admin/interpreters?q=ada&page=2')).toBe('/admin/interpreters?q=ada&page=2')
    expect(redactUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1')
  })
})
