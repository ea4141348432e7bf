// `npx tsx scripts/og-images.ts`: draws the social pictures of the public page types into
// public/og/ (1200×630 PNG, the headings in app/lib/seo/social-images.ts), the e-mail logo
// public/logo-email.png (public/logo.svg at 80×80, shown at 40×40) and public/og-image.png
// (the default picture at its earlier address). Run it again when the logo, the palette or
// a heading changes (docs/decisions/048-brand-typeface-and-social-images.md).
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { chromium } from '@playwright/test'
import {
  SOCIAL_IMAGE_HEIGHT,
  SOCIAL_IMAGE_WIDTH,
  SOCIAL_IMAGES,
  SOCIAL_PAGE_TYPES,
  type SocialImage,
} from '../app/lib/seo/social-images'

/** Social sites refuse large pictures; flat colours keep a PNG far below this. */
const MAX_BYTES = 100_000

const logo = readFileSync('public/logo.svg', 'utf8')
const logoUrl = `data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`
const font = readFileSync('public/fonts/inter-5.3.0-latin-wght.woff2').toString('base64')

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`)

function pictureHtml({ heading, line }: SocialImage): string {
  return `<!doctype html><html><head><style>
@font-face { font-family: Inter; font-weight: 100 900; src: url(data:font/woff2;base64,${font}) format('woff2'); }
* { box-sizing: border-box; }
body { margin: 0; font-family: Inter, sans-serif; }
.card { position: relative; overflow: hidden; width: ${SOCIAL_IMAGE_WIDTH}px; height: ${SOCIAL_IMAGE_HEIGHT}px;
  padding: 72px 80px; display: flex; flex-direction: column; justify-content: space-between;
  background: #0f2f5c; color: #fff; }
.ring { position: absolute; border-radius: 50%; }
.ring.one { width: 560px; height: 560px; right: -150px; top: -190px; background: #143f7d; }
.ring.two { width: 340px; height: 340px; right: 40px; bottom: -210px; background: #174c99; }
.brand { position: relative; display: flex; align-items: center; gap: 24px; }
.brand img { width: 96px; height: 96px; }
.bar { width: 96px; height: 8px; border-radius: 4px; background: #f59e0b; margin-bottom: 28px; }
h1 { position: relative; margin: 0; max-width: 900px; font-size: 68px; line-height: 1.08; font-weight: 800; letter-spacing: -0.02em; }
p { position: relative; margin: 24px 0 0; max-width: 900px; font-size: 32px; line-height: 1.3; font-weight: 500; color: #d9eaff; }
</style></head><body><div class="card">
<div class="ring one"></div><div class="ring two"></div>
<div class="brand"><img src="${logoUrl}" alt=""></div>
<div><div class="bar"></div><h1>${escape(heading)}</h1><p>${escape(line)}</p></div>
</div></body></html>`
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
try {
  mkdirSync('public/og', { recursive: true })
  const page = await browser.newPage({
    viewport: { width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT },
  })
  const written: string[] = []
  for (const type of SOCIAL_PAGE_TYPES) {
    const picture = SOCIAL_IMAGES[type]
    await page.setContent(pictureHtml(picture))
    await page.evaluate(() => document.fonts.ready)
    const paths = [`public${picture.image}`, ...(type === 'default' ? ['public/og-image.png'] : [])]
    for (const path of paths) {
      await page.screenshot({ path, type: 'png' })
      written.push(path)
    }
  }

  const mail = await browser.newPage({ viewport: { width: 40, height: 40 }, deviceScaleFactor: 2 })
  await mail.setContent(
    `<body style="margin:0"><img src="${logoUrl}" width="40" height="40" alt="" style="display:block"></body>`,
  )
  await mail.screenshot({ path: 'public/logo-email.png', type: 'png', omitBackground: true })
  written.push('public/logo-email.png')

  for (const path of written) {
    const bytes = statSync(path).size
    console.log(`${path}  ${(bytes / 1000).toFixed(1)} kB`)
    if (bytes > MAX_BYTES) throw new Error(`${path} is over ${MAX_BYTES / 1000} kB`)
  }
} finally {
  await browser.close()
}
