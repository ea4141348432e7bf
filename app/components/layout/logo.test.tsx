import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Logo, type LogoSize } from './logo'

const expected: Record<LogoSize, number> = { header: 40, dashboard: 32, footer: 48, large: 96 }

describe('Logo', () => {
  for (const [size, px] of Object.entries(expected) as [LogoSize, number][]) {
    it(`renders /logo.svg at ${px} px in the ${size} size`, () => {
      const html = renderToStaticMarkup(<Logo size={size} alt="Acme" />)
      expect(html).toContain('src="/logo.svg"')
      expect(html).toContain(`width="${px}"`)
      expect(html).toContain(`height="${px}"`)
      expect(html).toContain('alt="Acme"')
    })
  }

  it('is used in each of its sizes by the layout components', () => {
    const dir = path.dirname(new URL(import.meta.url).pathname)
    const sources = readdirSync(dir)
      .filter((name) => name.endsWith('.tsx') && !name.includes('.test.'))
      .map((name) => readFileSync(path.join(dir, name), 'utf8'))
      .join('\n')
    for (const size of Object.keys(expected)) expect(sources).toContain(`<Logo size="${size}"`)
  })

  it('is a square SVG drawing in the brand colours', () => {
    const svg = readFileSync(new URL('../../../public/logo.svg', import.meta.url), 'utf8')
    expect(svg).toMatch(/viewBox="0 0 (\d+) \1"/)
    expect(svg).toContain('#174c99')
    expect(svg).toContain('#f59e0b')
  })
})
