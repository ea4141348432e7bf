import { describe, expect, it } from 'vitest'
import { isCrossSiteRequest, isSameSiteSocket } from './csrf'

const site = 'https://languages.example'

describe('isCrossSiteRequest', () => {
  it('lets safe methods through whatever their origin', () => {
    expect(
      isCrossSiteRequest(
        { method: 'GET', secFetchSite: 'cross-site', origin: 'https://evil.example' },
        site,
      ),
    ).toBe(false)
  })

  it('accepts same-origin and user-initiated (none) requests by Sec-Fetch-Site', () => {
    expect(
      isCrossSiteRequest({ method: 'POST', secFetchSite: 'same-origin', origin: undefined }, site),
    ).toBe(false)
    expect(
      isCrossSiteRequest({ method: 'POST', secFetchSite: 'none', origin: undefined }, site),
    ).toBe(false)
  })

  it('refuses cross-site and same-site requests by Sec-Fetch-Site', () => {
    expect(
      isCrossSiteRequest({ method: 'POST', secFetchSite: 'cross-site', origin: site }, site),
    ).toBe(true)
    expect(
      isCrossSiteRequest({ method: 'DELETE', secFetchSite: 'same-site', origin: site }, site),
    ).toBe(true)
  })

  it('falls back to Origin, refusing foreign, null and missing origins', () => {
    expect(
      isCrossSiteRequest({ method: 'POST', secFetchSite: undefined, origin: site }, site),
    ).toBe(false)
    expect(
      isCrossSiteRequest(
        { method: 'POST', secFetchSite: undefined, origin: 'https://evil.example' },
        site,
      ),
    ).toBe(true)
    expect(
      isCrossSiteRequest({ method: 'POST', secFetchSite: undefined, origin: 'null' }, site),
    ).toBe(true)
    expect(
      isCrossSiteRequest({ method: 'POST', secFetchSite: undefined, origin: undefined }, site),
    ).toBe(true)
  })
})

describe('isSameSiteSocket', () => {
  it("accepts the site's origin and the origin of the host the browser used", () => {
    expect(isSameSiteSocket(site, 'internal:3000', site)).toBe(true)
    expect(isSameSiteSocket('http://127.0.0.1:4100', '127.0.0.1:4100', site)).toBe(true)
  })

  it('refuses another origin, a null origin and a handshake without one', () => {
    expect(isSameSiteSocket('https://evil.example', 'languages.example', site)).toBe(false)
    expect(isSameSiteSocket('http://127.0.0.1:4100', '127.0.0.1:4101', site)).toBe(false)
    expect(isSameSiteSocket('null', 'languages.example', site)).toBe(false)
    expect(isSameSiteSocket(undefined, 'languages.example', site)).toBe(false)
  })
})
