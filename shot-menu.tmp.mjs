import { chromium } from 'playwright'
import { spawn } from 'node:child_process'
const server = spawn('node', ['build/host/index.js'], { env: { ...process.env, PORT: '3999', DATA_DIR: '/tmp/shot-data', LOG_LEVEL: 'warn', SESSION_SECRET: 'x'.repeat(40), NODE_ENV: 'production' }, stdio: 'inherit' })
await new Promise(r => setTimeout(r, 6000))
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const page = await browser.newPage({ viewport: { width: 1280, height: 700 } })
await page.goto('http://localhost:3999/about')
await page.getByRole('banner').getByText('Services', { exact: true }).click()
await page.screenshot({ path: '/tmp/menu-desktop.png' })
const m = await browser.newPage({ viewport: { width: 390, height: 844 } })
await m.goto('http://localhost:3999/')
await m.getByRole('banner').locator('summary', { hasText: 'Menu' }).click()
await m.screenshot({ path: '/tmp/menu-mobile.png' })
await browser.close(); server.kill()
