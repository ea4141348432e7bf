import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The marketing illustrations (docs/design-system.md#illustrations): hand-written SVG files in
// the site's palette, small, without editor metadata, shown with <img> so they cost no JavaScript.
const folder = path.resolve('public/illustrations')
const files = readdirSync(folder).filter((name) => name.endsWith('.svg'))

/** The colours of app/app.css's @theme (brand, accent) and white. */
const palette = new Set([
  '#eef6ff',
  '#d9eaff',
  '#1d5fbf',
  '#174c99',
  '#143f7d',
  '#0f2f5c',
  '#f59e0b',
  '#d97706',
  '#fff',
])

describe('the marketing illustrations', () => {
  it('are the seven of the marketing pages', () => {
    expect(files.sort()).toEqual([
      'about-globe.svg',
      'careers-laptop.svg',
      'contact-messages.svg',
      'demo-calendar.svg',
      'home-hero.svg',
      'industries-skyline.svg',
      'services-video-call.svg',
    ])
  })

  for (const file of files) {
    it(`${file} is a small, clean SVG in the site palette`, () => {
      const svg = readFileSync(path.join(folder, file), 'utf8')
      expect(Buffer.byteLength(svg)).toBeLessThan(8_000)
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 480 400"/)
      expect(svg).not.toMatch(/<!--|<\?xml|<metadata|inkscape|sodipodi|<script|href=/i)
      const colours = [...svg.matchAll(/#[0-9a-f]{3,6}\b/gi)].map((match) => match[0].toLowerCase())
      expect(colours.length).toBeGreaterThan(0)
      expect(colours.filter((colour) => !palette.has(colour))).toEqual([])
    })
  }
})
