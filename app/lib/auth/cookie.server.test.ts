import { describe, expect, it } from 'vitest'
import { clearSessionCookie, readSessionToken, serializeSessionCookie } from './cookie.server'

const token = 'A'.repeat(43)

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, path / and lives 12 hours', () => {
    const cookie = serializeSessionCookie(token, 43_200, { secure: false })
    expect(cookie).toBe(`session=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200`)
  })

  it('is Secure and __Host- prefixed on an https site', () => {
    const cookie = serializeSessionCookie(token, 43_200, { secure: true })
    expect(cookie.startsWith(`__Host-session=${token};`)).toBe(true)
    expect(cookie).toContain('; Secure')
    expect(cookie).not.toContain('Domain=')
  })

  it('is read back only under its own name and shape', () => {
    const request = (cookie: string) => new Request('http://localhost/', { headers: { cookie } })
    expect(readSessionToken(request(`theme=dark; session=${token}`), { secure: false })).toBe(token)
    expect(readSessionToken(request(`session=${token}`), { secure: true })).toBeUndefined()
    expect(readSessionToken(request('session=short'), { secure: false })).toBeUndefined()
    expect(readSessionToken(request(`session=${token}%3Cx`), { secure: false })).toBeUndefined()
  })

  it('is cleared with Max-Age=0', () => {
    expect(clearSessionCookie({ secure: false })).toMatch(/^session=; .*Max-Age=0/)
  })
})
