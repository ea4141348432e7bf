// `npm run screenshots` (after `npm run build`): starts the built server on a free port with an
// empty data directory (scripts/site-server.ts) and saves full-page screenshots of every
// public page (tests/support/public-page-samples.ts) at 390 and 1280 px into docs/screenshots/
// as <name>-390.png and <name>-1280.png (JPEG at quality 80, .jpg, when a PNG would be over
// 1.5 MB). See docs/design-system.md. For other pages, scripts/screenshots.mjs takes any URL.
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { publicPageSamples } from '../tests/support/public-page-samples'
import { startSiteServer } from './site-server'

const OUT_DIR = 'docs/screenshots'
const MAX_PNG_BYTES = 1_500_000
const WIDTHS = [
  { label: '390', viewport: { width: 390, height: 844 } },
  { label: '1280', viewport: { width: 1280, height: 800 } },
]

/** The file name of a page: `home` for /, else its path and query as words joined by dashes. */
function screenshotName(pagePath: string): string {
  const words = pagePath
    .replace(/language=/, '')
    .split(/[^a-z0-9]+/i)
    .filter(Boolean)
  return words.length === 0 ? 'home' : words.join('-').toLowerCase()
}

async function main() {
  if (!existsSync('build/host/index.js')) {
    console.error('No build: run `npm run build` first.')
    process.exit(1)
  }
  mkdirSync(OUT_DIR, { recursive: true })
  const server = await startSiteServer('screenshots')
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
  try {
    for (const { label, viewport } of WIDTHS) {
      // Reduced motion shows the scroll-reveal content at once: a full-page screenshot does
      // not scroll.
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' })
      const page = await context.newPage()
      for (const sample of publicPageSamples) {
        await page.goto(new URL(sample.path, server.url).toString(), { waitUntil: 'networkidle' })
        const base = path.join(OUT_DIR, `${screenshotName(sample.path)}-${label}`)
        rmSync(`${base}.jpg`, { force: true })
        await page.screenshot({ path: `${base}.png`, fullPage: true })
        if (statSync(`${base}.png`).size > MAX_PNG_BYTES) {
          rmSync(`${base}.png`)
          await page.screenshot({ path: `${base}.jpg`, fullPage: true, quality: 80 })
          console.log(`${base}.jpg`)
        } else {
          console.log(`${base}.png`)
        }
      }
      await context.close()
    }
  } finally {
    await browser.close()
    await server.stop()
  }
}

await main()
