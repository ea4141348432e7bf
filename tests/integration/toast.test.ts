import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { takeToast, toastCookie } from '../../app/lib/toast.server'
import { startTestRuntime, type TestRuntime } from '../support/test-runtime'

function requestWith(setCookie: string) {
  return new Request('http://localhost/admin/dashboard', {
    headers: { cookie: setCookie.split(';')[0]! },
  })
}

describe('toasts after an admin action', () => {
  let test: TestRuntime
  beforeAll(async () => {
    test = await startTestRuntime('pglite')
  })
  afterAll(() => test.stop())

  it('carry one message to the next admin page, once, and clear themselves', () => {
    const cookie = toastCookie('Status of Ana Lima changed to Contacted.')
    // Path=/: the admin area and both portals take toasts.
    expect(cookie).toMatch(/Path=\/; HttpOnly; SameSite=Lax; Max-Age=60/)
    const { toast, clear } = takeToast(requestWith(cookie))
    expect(toast).toMatchObject({
      message: 'Status of Ana Lima changed to Contacted.',
      tone: 'success',
    })
    expect(clear).toMatch(/^admin-toast=; .*Max-Age=0/)
    expect(takeToast(new Request('http://localhost/admin'))).toEqual({ toast: null, clear: null })
  })

  it('ignore a toast whose signature does not match (nobody can plant a message)', () => {
    const cookie = toastCookie('Saved.')
    const [name, value] = cookie.split(';')[0]!.split('=')
    const [payload] = value!.split('.')
    const forged = Buffer.from(
      JSON.stringify({
        id: 'x',
        message: 'Your session expired: sign in at evil.example',
        tone: 'error',
      }),
    ).toString('base64url')
    for (const tampered of [`${forged}.${value!.split('.')[1]}`, `${payload}.AAAA`, 'garbage']) {
      const { toast, clear } = takeToast(requestWith(`${name}=${tampered}`))
      expect(toast).toBeNull()
      expect(clear).not.toBeNull()
    }
  })
})
