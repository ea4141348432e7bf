import { describe, expect, it } from 'vitest'
import { cacheKeyOf, stampPage } from './page-cache'

describe('stampPage', () => {
  const nonce = 'cmVuZGVyZWQtbm9uY2UtMTIz'
  const token = '0b9a3c1e-5f2d-4c8b-9a7e-1d2c3b4a5f60'
  const html = `<link rel="modulepreload" nonce="${nonce}"/><form><input type="hidden" name="formToken" value="${token}"/></form><script nonce="${nonce}">window.__ctx={"formToken":"${token}"}</script>`

  it('puts the response nonce everywhere the rendered one was', () => {
    const stamped = stampPage({ html, nonce, formToken: token }, 'bmV3LW5vbmNl')
    expect(stamped).not.toContain(nonce)
    expect(stamped.match(/nonce="bmV3LW5vbmNl"/g)).toHaveLength(2)
  })

  it('gives every response a fresh form token, in the form and in the page data alike', () => {
    const first = stampPage({ html, nonce, formToken: token }, 'a')
    const second = stampPage({ html, nonce, formToken: token }, 'b')
    const tokenOf = (page: string) => /value="([0-9a-f-]{36})"/.exec(page)?.[1]
    expect(tokenOf(first)).not.toBe(token)
    expect(tokenOf(first)).not.toBe(tokenOf(second))
    expect(first).toContain(`"formToken":"${tokenOf(first)}"`)
  })

  it('leaves a page without a form alone apart from the nonce', () => {
    const page = `<p>No form</p><script nonce="${nonce}"></script>`
    expect(stampPage({ html: page, nonce, formToken: undefined }, 'x')).toBe(
      '<p>No form</p><script nonce="x"></script>',
    )
  })
})

describe('cacheKeyOf', () => {
  const get = (originalUrl: string, cookie?: string) => ({
    method: 'GET',
    path: originalUrl.split('?')[0]!,
    originalUrl,
    headers: cookie ? { cookie } : {},
  })

  it('caches the fixed public pages, the posting and apply pages and each position', () => {
    for (const url of [
      '/',
      '/careers',
      '/jobs/greek-english-remote-interpreter',
      '/apply/contract-interpreter',
      '/application',
      '/application?language=cantonese-interpreter',
    ])
      expect(cacheKeyOf(get(url))).toBe(url)
  })

  it('renders anything else per request: other queries, cookies, other methods and pages', () => {
    for (const url of [
      '/jobs/greek-english-remote-interpreter?utm_source=x',
      '/application?language=cantonese-interpreter&x=1',
      '/application?language=Cantonese',
      '/jobs/a/b',
      '/admin/dashboard',
      '/contact?sent=1',
    ])
      expect(cacheKeyOf(get(url))).toBeUndefined()
    expect(cacheKeyOf(get('/careers', 'session=abc'))).toBeUndefined()
    expect(cacheKeyOf({ ...get('/careers'), method: 'POST' })).toBeUndefined()
  })

  it('caches a page in Spanish like its English page, under its own address', () => {
    for (const url of [
      '/es',
      '/es/careers',
      '/es/jobs/greek-english-remote-interpreter',
      '/es/application?language=korean-interpreter',
    ])
      expect(cacheKeyOf(get(url))).toBe(url)
    for (const url of ['/es/unsubscribe', '/es/careers?x=1', '/es/admin'])
      expect(cacheKeyOf(get(url))).toBeUndefined()
  })
})
