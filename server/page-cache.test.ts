import { describe, expect, it } from 'vitest'
import { stampPage } from './page-cache'

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
