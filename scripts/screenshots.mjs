// Takes full-page screenshots of pages at phone and desktop widths, to look at them.
// node scripts/screenshots.mjs <base URL> <output folder> <path> [path …]
// SESSION_COOKIE="session=…" signs the browser in (for admin screens); FULL_PAGE=0 keeps to the
// first screen.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'

const [baseUrl, outDir, ...paths] = process.argv.slice(2)
if (!baseUrl || !outDir || paths.length === 0) {
  console.error('usage: node scripts/screenshots.mjs <base URL> <output folder> <path> [path …]')
  process.exit(2)
}
mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
for (const [label, viewport] of [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 800 }],
]) {
  // Reduced motion: scroll-reveal content below the fold is shown at once (a full-page
  // screenshot does not scroll).
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' })
  if (process.env.SESSION_COOKIE) {
    const [name, value] = process.env.SESSION_COOKIE.split('=')
    await context.addCookies([{ name, value, url: baseUrl }])
  }
  const page = await context.newPage()
  for (const target of paths) {
    await page.goto(new URL(target, baseUrl).toString(), { waitUntil: 'networkidle' })
    const file = path.join(
      outDir,
      `${target.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${label}.png`,
    )
    await page.screenshot({ path: file, fullPage: process.env.FULL_PAGE !== '0' })
    console.log(file)
  }
  await context.close()
}
await browser.close()
