import { describe, expect, it } from 'vitest'
import { lowerScriptPreloadPriority } from './script-preloads'

describe('lowerScriptPreloadPriority', () => {
  it('marks every module preload low priority and leaves the rest of the page as it was', () => {
    const head =
      '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/app.css"/>' +
      '<link rel="modulepreload" href="/assets/b.js" nonce="n"/><title>Größe – 大小</title></head>'
    expect(lowerScriptPreloadPriority(Buffer.from(head)).toString()).toBe(
      '<head><link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/><link rel="stylesheet" href="/app.css"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js" nonce="n"/><title>Größe – 大小</title></head>',
    )
  })

  it('returns a page without module preloads unchanged', () => {
    const page = Buffer.from('<html><body>大小</body></html>')
    expect(lowerScriptPreloadPriority(page)).toBe(page)
  })
})
