// Draws public/og-image.png, the 1200×630 image of the Open Graph and social-card tags.
// node scripts/og-image.mjs (run again when the logo or the claims change).
import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const logo = readFileSync('public/logo.svg', 'utf8')
const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;display:flex;flex-direction:column;justify-content:space-between;background:linear-gradient(135deg,#0f2f5c,#174c99);color:#fff;font-family:system-ui,sans-serif">
  <div style="width:120px;height:120px">${logo.replace('<svg ', '<svg width="120" height="120" ')}</div>
  <div>
    <div style="font-size:60px;font-weight:800;line-height:1.1">Interpretation and translation<br>in 200+ languages, 24/7</div>
    <div style="margin-top:28px;font-size:32px;color:#d9eaff">Phone · Video remote · On-site · Document translation</div>
  </div>
</div></body></html>`
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.setContent(html)
await page.screenshot({ path: 'public/og-image.png' })
await browser.close()
console.log('public/og-image.png')
