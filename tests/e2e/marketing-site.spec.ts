import { pathWithoutLocale } from '../../app/domain/locales'
import { eq } from 'drizzle-orm'
import { leads, mailOutbox } from '../../db/schema'
import { setJobPostingStatus } from '../../app/models/job-postings.server'
import { careersLanguages, languageSlug } from '../../app/content/marketing/careers'
import { BRAND_FONT_FILE } from '../../app/lib/seo/brand-font'
import { SOCIAL_IMAGES, socialPageTypeOf } from '../../app/lib/seo/social-images'
import { VERSION_POLL_MS } from '../../server/page-cache'
import { publicPageSamples } from '../support/public-page-samples'
import { eventually, expect, test } from './fixtures'

/** The public pages of docs/product.md#route-table, one address each. */
const PUBLIC_PAGES = publicPageSamples.map((page) => page.path)

// Links, console errors, axe at both widths and the focus ring of every public page are
// checked in one crawl: public-pages.spec.ts.
test.describe('the marketing site', () => {
  test('the mega-menu leads to each service and industry, and All services to the home section', async ({
    page,
  }) => {
    await page.goto('/about')
    const header = page.getByRole('banner')
    await header.getByText('Services', { exact: true }).click()
    await header.getByRole('link', { name: 'Medical Interpretation' }).click()
    await expect(page).toHaveURL(/\/industries#healthcare$/)
    await expect(page.locator('#healthcare')).toBeInViewport()

    await header.getByText('Services', { exact: true }).click()
    await header.getByRole('link', { name: 'Website Localization' }).click()
    await expect(page).toHaveURL(/\/services#document-translation$/)
    await expect(page.locator('#document-translation')).toContainText(
      'Website and software localization',
    )

    // The home page's sections are reached 100 ms after navigating home.
    await header.getByText('Services', { exact: true }).click()
    await header.getByRole('link', { name: 'All services' }).click()
    await expect(page).toHaveURL(/\/#services$/)
    await expect(page.locator('#services')).toBeInViewport()
    await expect(page.getByRole('heading', { level: 2, name: 'Our Services' })).toBeInViewport()

    await header.getByText('Services', { exact: true }).click()
    await header.getByRole('link', { name: 'All industries' }).click()
    await expect(page).toHaveURL(/\/industries$/)
  })

  test('the mobile menu has the same service links, and stays open if opened before the scripts ran', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    // A visitor on a slow connection opens the menu before the page's scripts have run.
    let releaseScripts = () => {}
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve))
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld
      await route.continue()
    })
    await page.goto('/', { waitUntil: 'commit' })
    await page.getByRole('banner').locator('summary', { hasText: 'Menu' }).click()
    releaseScripts()
    // The page has hydrated: the scroll reveal's effect ran with the header's.
    await expect(page.locator('html')).toHaveClass(/reveal-ready/)
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu.getByRole('link', { name: 'On-Site Interpretation' })).toHaveAttribute(
      'href',
      '/services#on-site-interpretation',
    )
    await expect(menu.getByRole('link', { name: 'Legal Interpretation' })).toHaveAttribute(
      'href',
      '/industries#legal',
    )
    await menu.getByRole('link', { name: 'All industries' }).click()
    await expect(page).toHaveURL(/\/industries$/)
  })

  test('the home page has its sections, anchors, claims and counts', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(
      page.getByText(/1,500 interpreters and translators have already joined/),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Contact Us', exact: true }).first()).toBeVisible()
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Join Our Team' }),
    ).toHaveAttribute('href', '/careers')
    await expect(page.locator('#services li > h3')).toHaveCount(8)
    await expect(page.locator('#industry-expertise > div > ul > li')).toHaveCount(6)
    for (const card of await page.locator('#industry-expertise > div > ul > li').all())
      await expect(card.locator('ul > li')).toHaveCount(4)
    const about = page.locator('#about-us')
    await expect(about.getByText('150+')).toBeVisible()
    await expect(about.getByText('8+ years')).toBeVisible()
    await expect(about.getByRole('heading', { name: 'Why Choose Us' })).toBeVisible()
    await expect(about.getByRole('heading', { name: 'What Our Clients Say' })).toBeVisible()
    await expect(about.locator('figure')).toHaveCount(6)
    await expect(page.locator('#faq details')).toHaveCount(8)
    await expect(page.getByRole('heading', { name: 'Still have questions?' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Contact Us Today' })).toHaveAttribute(
      'href',
      '/contact',
    )
  })

  test('each marketing page shows its illustration beside the hero, sized, on desktop only', async ({
    page,
  }) => {
    const pages = ['/', '/services', '/industries', '/about', '/careers', '/contact', '/demo']
    await page.setViewportSize({ width: 1280, height: 900 })
    for (const path of pages) {
      await page.goto(path)
      const image = page.locator('main img[src^="/illustrations/"]')
      await expect(image, path).toHaveCount(1)
      await expect(image, path).toBeVisible()
      await expect(image, path).toHaveAttribute('width', '480')
      await expect(image, path).toHaveAttribute('height', '400')
      await expect(image, path).toHaveAttribute('alt', '')
      await expect(image, path).not.toHaveAttribute('loading', 'lazy')
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth), {
          message: `${path} illustration loads`,
        })
        .toBeGreaterThan(0)
    }
    // On a phone the illustration gives way: the h1 and the first action stay on the first screen.
    await page.setViewportSize({ width: 390, height: 844 })
    for (const path of pages) {
      await page.goto(path)
      await expect(page.locator('main img[src^="/illustrations/"]'), path).toBeHidden()
      await expect(page.getByRole('heading', { level: 1 }), path).toBeInViewport({ ratio: 1 })
    }
    await page.goto('/')
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Join Our Team' }),
    ).toBeInViewport({ ratio: 1 })
  })

  test('the home page has a stats strip and a trust strip of the claims and industries', async ({
    page,
  }) => {
    await page.goto('/')
    const stats = page.getByRole('region', { name: 'Our company in numbers' })
    await expect(stats.locator('dd')).toHaveText(['200+', '24/7', '150+', '8+'])
    const trust = page.getByRole('region', { name: 'Compliance, reach and industries' })
    await expect(trust.getByRole('list', { name: 'Credentials' }).getByRole('listitem')).toHaveText(
      ['HIPAA compliant', 'Court certified', '200+ languages', '24/7'],
    )
    await expect(
      trust.getByRole('list', { name: 'Industries served' }).getByRole('listitem'),
    ).toHaveText(['Healthcare', 'Legal', 'Government', 'Education', 'Business', 'Insurance'])
    await expect(trust.locator('img')).toHaveCount(0)
  })

  test('testimonials show initials avatars that assistive technology skips', async ({ page }) => {
    await page.goto('/')
    const figures = page.locator('#about-us figure')
    await expect(figures).toHaveCount(6)
    for (const figure of await figures.all()) {
      const name = (await figure.locator('figcaption p').first().textContent())!
      const avatar = figure.locator('[data-avatar]')
      await expect(avatar).toHaveAttribute('aria-hidden', 'true')
      const words = name.split(' ').filter((word) => !word.endsWith('.'))
      const initials = `${words[0]![0]}${words.at(-1)![0]}`
      await expect(avatar).toHaveText(initials)
      await expect(avatar).toBeVisible()
      // The caption reads as the name and the role, not the initials.
      const caption = await figure.locator('figcaption').ariaSnapshot()
      expect(caption).toContain(name)
      expect(caption).not.toMatch(new RegExp(`\\b${initials}\\b`))
    }
  })

  test('the mobile home page is short: card rows scroll sideways, by keyboard too', async ({
    page,
  }) => {
    const rows = ['Service cards', 'Industry cards', 'Testimonials']
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    // About 11,250 px before the card rows (docs/decisions/049-marketing-illustrations-and-layouts.md).
    expect(await page.evaluate(() => document.body.scrollHeight)).toBeLessThan(7_000)
    for (const name of rows) {
      const row = page.getByRole('region', { name })
      await expect(row).toHaveAttribute('tabindex', '0')
      const size = await row.evaluate((element) => ({
        scroll: element.scrollWidth,
        client: element.clientWidth,
      }))
      expect(size.scroll, name).toBeGreaterThan(size.client * 2)
    }
    const services = page.getByRole('region', { name: 'Service cards' })
    await services.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => services.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
    // Every card is still in the page: nothing is left out on a phone.
    await expect(page.locator('#services li > h3')).toHaveCount(8)
    await expect(page.locator('#about-us figure')).toHaveCount(6)

    await page.setViewportSize({ width: 1280, height: 900 })
    for (const name of rows) {
      const row = page.getByRole('region', { name })
      expect(
        await row.evaluate((element) => element.scrollWidth - element.clientWidth),
        name,
      ).toBeLessThanOrEqual(0)
    }
  })

  for (const javaScriptEnabled of [true, false]) {
    test.describe(`the FAQ ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
      test.use({ javaScriptEnabled })

      test('is all closed, opens one at a time and closes on a second click', async ({ page }) => {
        await page.goto('/#faq')
        const items = page.locator('#faq details')
        const question = (index: number) => items.nth(index).locator('summary')
        const expectOpen = async (open: number[]) => {
          for (let index = 0; index < 8; index += 1) {
            const isOpen = open.includes(index)
            await expect(items.nth(index)).toHaveJSProperty('open', isOpen)
            await expect(items.nth(index).locator('[data-chevron="up"]')).toBeVisible({
              visible: isOpen,
            })
            await expect(items.nth(index).locator('[data-chevron="down"]')).toBeVisible({
              visible: !isOpen,
            })
          }
        }
        await expectOpen([])
        await question(0).click()
        await expectOpen([0])
        await expect(items.nth(0).getByText(/./).last()).toBeVisible()
        await question(5).click()
        await expectOpen([5])
        await expect(page.getByText(/within 2-4 hours/)).toBeVisible()
        await question(5).click()
        await expectOpen([])
      })
    })
  }

  test('the FAQ works with the keyboard', async ({ page }) => {
    await page.goto('/')
    const items = page.locator('#faq details')
    await items.nth(2).locator('summary').focus()
    await page.keyboard.press('Enter')
    await expect(items.nth(2)).toHaveJSProperty('open', true)
    await page.keyboard.press('Tab')
    await expect(items.nth(3).locator('summary')).toBeFocused()
    await page.keyboard.press('Space')
    await expect(items.nth(3)).toHaveJSProperty('open', true)
    await expect(items.nth(2)).toHaveJSProperty('open', false)
    await page.keyboard.press('Enter')
    await expect(items.nth(3)).toHaveJSProperty('open', false)
  })

  test('each careers language links to its application page', async ({ page }) => {
    await page.goto('/careers')
    const list = page.getByRole('list', { name: 'Remote interpreter positions by language' })
    const links = list.getByRole('link')
    await expect(links).toHaveCount(21)
    for (const [index, language] of careersLanguages.entries()) {
      await expect(links.nth(index)).toHaveAttribute(
        'href',
        `/application?language=${languageSlug(language)}`,
      )
    }
    await expect(links.nth(4)).toHaveAttribute(
      'href',
      '/application?language=cantonese-interpreter',
    )
    await expect(links.nth(10)).toHaveAttribute(
      'href',
      '/application?language=khmer-(cambodian)-interpreter',
    )
    await expect(page.getByRole('heading', { level: 3, name: 'Apply' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: 'Test' })).toBeVisible()

    await list.getByRole('link', { name: /Khmer \(Cambodian\)/ }).click()
    await expect(page).toHaveURL(/language=khmer-\(cambodian\)-interpreter$/)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Khmer (Cambodian) Interpreter' }),
    ).toBeVisible()

    await page.goto('/careers')
    await page.getByRole('button', { name: 'Apply for All Other Languages' }).click()
    await expect(page).toHaveURL(/\/application\?language=general-interpreter$/)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Professional Interpreter' }),
    ).toBeVisible()
  })

  test('the demo form stores a client request of type demo and queues both e-mails', async ({
    page,
    app,
  }) => {
    await page.goto('/demo')
    await expect(page.getByRole('heading', { level: 1, name: 'Request Your Demo' })).toBeVisible()
    for (const tile of ['24/7 Availability', 'Certified Quality', 'Instant Connection'])
      await expect(page.getByRole('heading', { level: 3, name: tile })).toBeVisible()
    const form = page.locator('#demo-form')
    await form.getByLabel('Name').fill('Florence Nightingale')
    await form.getByLabel('Email').fill('florence@example.org')
    await form.getByLabel('Company').fill('Scutari Hospital')
    await form.getByLabel('What would you like to see?').fill('Video interpreting for our wards.')
    await form.getByRole('button', { name: 'Request Demo' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'demo request has been sent' }),
    ).toBeVisible()
    const [stored] = await app.db
      .select()
      .from(leads)
      .where(eq(leads.email, 'florence@example.org'))
    expect(stored).toMatchObject({ type: 'demo', company: 'Scutari Hospital', status: 'new' })
    await eventually(async () => {
      const mails = await app.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.reference, `client_request:${stored!.id}`))
      // The visitor's and the staff notification; the owner's "New lead for you" when an
      // admin of another test takes leads.
      expect(
        mails
          .map((mail) => mail.template)
          .filter((template) => template !== 'lead-assigned')
          .sort(),
      ).toEqual(['client-request-acknowledgement', 'client-request-staff-notification'])
    })
  })

  test('icon tiles stay 48 px square beside their text, at phone and desktop widths', async ({
    page,
  }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      for (const path of ['/services', '/demo']) {
        await page.goto(path)
        const badges = await page.locator('main span.size-12').all()
        expect(badges.length, path).toBeGreaterThan(2)
        for (const badge of badges) {
          await badge.scrollIntoViewIfNeeded()
          // To the hundredth: text set in Inter can leave a box at a fractional offset, and
          // its height then reads 47.99997.
          const box = await badge.boundingBox()
          expect(box?.width, `${path} at ${width} px`).toBeCloseTo(48, 2)
          expect(box?.height, `${path} at ${width} px`).toBeCloseTo(48, 2)
        }
      }
    }
  })

  test('the contact page has the call link, channels, service area and hours', async ({ page }) => {
    await page.goto('/contact')
    await expect(page.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+?\d+$/)
    await expect(page.getByText('Response within 1 hour')).toBeVisible()
    await expect(page.getByText('Available 24/7')).toBeVisible()
    await expect(page.getByText('Live chat')).toBeVisible()
    await expect(page.getByText(/Nationwide/)).toBeVisible()
    await expect(page.getByText('Monday to Friday: 8:00 AM to 8:00 PM EST')).toBeVisible()
    await expect(page.getByText('Emergencies: 24/7')).toBeVisible()
    await expect(page.locator('#contact-form form')).toBeVisible()
  })

  test('scroll reveal animates in with JavaScript and never hides content', async ({
    page,
    browser,
  }) => {
    await page.goto('/')
    const lastTestimonial = page.locator('#about-us figure').last().locator('xpath=../..')
    await expect(page.locator('html')).toHaveClass(/reveal-ready/)
    // Not yet scrolled to, it is still there to see (a full-page capture), and in print it
    // is in place.
    const waiting = page.locator('.scroll-animation:not(.animate)')
    expect(await waiting.count()).toBeGreaterThan(0)
    const styles = () =>
      waiting.evaluateAll((elements) =>
        elements.map(
          (element) =>
            `${getComputedStyle(element).opacity} ${getComputedStyle(element).transform}`,
        ),
      )
    expect(new Set((await styles()).map((style) => style.split(' ')[0]))).toEqual(new Set(['1']))
    await page.emulateMedia({ media: 'print' })
    expect(new Set(await styles())).toEqual(new Set(['1 none']))
    await page.emulateMedia({ media: 'screen' })
    await lastTestimonial.scrollIntoViewIfNeeded()
    await expect(page.locator('#about-us li.scroll-animation').last()).toHaveClass(/animate/)

    for (const options of [{ javaScriptEnabled: false }, { reducedMotion: 'reduce' as const }]) {
      const context = await browser.newContext(options)
      const other = await context.newPage()
      await other.goto(page.url())
      const opacities = await other.$$eval('.scroll-animation', (elements) =>
        elements.map((element) => getComputedStyle(element).opacity),
      )
      expect(opacities.length).toBeGreaterThan(10)
      expect(new Set(opacities)).toEqual(new Set(['1']))
      await context.close()
    }

    // A page without a reveal of its own, reached in the browser, starts nothing hidden.
    await page.getByRole('banner').getByRole('link', { name: 'Contact Us', exact: true }).click()
    await expect(page).toHaveURL(/\/contact$/)
    await expect(page.locator('html')).not.toHaveClass(/reveal-ready/)
  })

  test('every public page has its own title, description, canonical and social tags', async ({
    page,
    app,
  }) => {
    const titles = new Set<string>()
    const descriptions = new Set<string>()
    const images = new Set<string>()
    for (const path of PUBLIC_PAGES) {
      await page.goto(path)
      const title = await page.title()
      const description = await page.locator('meta[name="description"]').getAttribute('content')
      expect(title, path).not.toBe('')
      expect(description, path).toBeTruthy()
      titles.add(title)
      descriptions.add(description!)
      await expect(page.locator('meta[name="keywords"]'), path).toHaveAttribute('content', /\w/)
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
      expect(canonical, path).toBe(new URL(path, app.url).toString().replace(/\/$/, '/'))
      const social = SOCIAL_IMAGES[socialPageTypeOf(path)]
      await expect(page.locator('meta[property="og:image"]'), path).toHaveAttribute(
        'content',
        `${app.url}${social.image}`,
      )
      await expect(page.locator('meta[property="og:image:width"]'), path).toHaveAttribute(
        'content',
        '1200',
      )
      await expect(page.locator('meta[property="og:image:height"]'), path).toHaveAttribute(
        'content',
        '630',
      )
      await expect(page.locator('meta[property="og:image:alt"]'), path).toHaveAttribute(
        'content',
        social.imageAlt,
      )
      images.add(social.image)
      await expect(
        page.locator('link[rel="preload"][as="font"][type="font/woff2"][crossorigin]'),
        path,
      ).toHaveAttribute('href', BRAND_FONT_FILE)
      await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute(
        'content',
        title,
      )
      await expect(page.locator('meta[name="twitter:card"]'), path).toHaveAttribute(
        'content',
        'summary_large_image',
      )
      const types = await page.$$eval('script[type="application/ld+json"]', (scripts) =>
        scripts.map(
          (script) => (JSON.parse(script.textContent ?? '{}') as { '@type': string })['@type'],
        ),
      )
      expect(types, path).toContain('Organization')
      // The home page, in either language, has no trail.
      expect(types, path).toContain(pathWithoutLocale(path) === '/' ? 'FAQPage' : 'BreadcrumbList')
    }
    expect(titles.size).toBe(PUBLIC_PAGES.length)
    expect(descriptions.size).toBe(PUBLIC_PAGES.length)

    expect([...images].sort()).toEqual(
      ['about', 'careers', 'contact', 'default', 'home', 'industries', 'services'].map(
        (type) => `/og/${type}.png`,
      ),
    )
    // Other sites (social cards, webmail showing the e-mail logo) may embed these pictures.
    for (const path of [...images, '/og-image.png', '/logo-email.png']) {
      const image = await page.request.get(path)
      expect(image.status(), path).toBe(200)
      expect(image.headers()['content-type'], path).toBe('image/png')
      expect(image.headers()['cross-origin-resource-policy'], path).toBe('cross-origin')
    }
    const logo = await page.request.get('/logo.svg')
    expect(logo.headers()['cross-origin-resource-policy']).toBe('same-origin')

    const font = await page.request.get(BRAND_FONT_FILE)
    expect(font.status()).toBe(200)
    expect(font.headers()['content-type']).toBe('font/woff2')
    expect(font.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    // The page is set in the brand typeface once the file has arrived.
    await page.goto('/')
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready
      return [...document.fonts]
        .filter((face) => face.status === 'loaded')
        .map((face) => face.family.replace(/["']/g, ''))
    })
    expect(loaded).toContain('Inter')
  })

  test('scripts are preloaded at low priority, so the first paint waits only for styles and font', async ({
    request,
  }) => {
    for (const path of PUBLIC_PAGES) {
      const html = await (await request.get(path)).text()
      const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? []
      expect(preloads.length, path).toBeGreaterThan(0)
      for (const preload of preloads) expect(preload, path).toContain('fetchpriority="low"')
      expect(html, path).toMatch(/<link rel="preload" href="[^"]+\.woff2" as="font"/)
    }
  })

  test('the Organization and FAQPage structured data carry the company facts', async ({ page }) => {
    await page.goto('/')
    const data = await page.$$eval('script[type="application/ld+json"]', (scripts) =>
      scripts.map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>),
    )
    const organization = data.find((item) => item['@type'] === 'Organization')!
    const text = JSON.stringify(organization)
    for (const fact of [
      '200+ languages',
      '24/7',
      'HIPAA compliant',
      'Phone Interpretation',
      'Video Interpretation',
      'On-Site Interpretation',
      'Document Translation',
      'Medical Interpretation',
      'Legal Interpretation',
      'Business Process Outsourcing',
    ])
      expect(text).toContain(fact)
    const faqPage = data.find((item) => item['@type'] === 'FAQPage') as {
      mainEntity: { name: string }[]
    }
    expect(faqPage.mainEntity).toHaveLength(8)
  })

  test('the sitemap lists every public page and the open job postings only', async ({
    request,
    app,
  }) => {
    expect(await setJobPostingStatus('khmer-english-remote-interpreter', 'closed')).toBe(true)
    try {
      const response = await request.get('/sitemap.xml')
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toContain('application/xml')
      const xml = await response.text()
      const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
      for (const path of [
        '/',
        '/services',
        '/industries',
        '/about',
        '/careers',
        '/contact',
        '/demo',
      ])
        expect(locations).toContain(`${app.url}${path}`)
      expect(locations).toContain(`${app.url}/jobs/greek-english-remote-interpreter`)
      expect(locations).not.toContain(`${app.url}/jobs/khmer-english-remote-interpreter`)
      expect(locations).toContain(`${app.url}/application?language=cantonese-interpreter`)
      expect(locations.some((location) => /admin|login/.test(location!))).toBe(false)
    } finally {
      await setJobPostingStatus('khmer-english-remote-interpreter', 'published')
    }

    const robots = await request.get('/robots.txt')
    expect(robots.headers()['content-type']).toContain('text/plain')
    const text = await robots.text()
    for (const path of ['/admin', '/interpreter-login', '/client-login', '/account'])
      expect(text).toContain(`Disallow: ${path}`)
    expect(text).toContain(`Sitemap: ${app.url}/sitemap.xml`)
  })

  test('cached pages get a fresh nonce and a fresh form token on every response', async ({
    request,
  }) => {
    // A posting changed by an earlier test empties the cache when the next poll sees it.
    await new Promise((resolve) => setTimeout(resolve, 2 * VERSION_POLL_MS))
    const pages = []
    for (let index = 0; index < 3; index += 1) {
      const response = await request.get('/contact')
      const html = await response.text()
      const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1]
      const scriptNonces = new Set(
        [...html.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((match) => match[1]),
      )
      expect(scriptNonces).toEqual(new Set([nonce]))
      pages.push({
        cache: response.headers()['x-page-cache'],
        nonce,
        token: /name="formToken" value="([^"]+)"/.exec(html)?.[1],
      })
    }
    expect(pages.slice(1).map((page) => page.cache)).toEqual(['hit', 'hit'])
    expect(new Set(pages.map((page) => page.nonce)).size).toBe(3)
    expect(new Set(pages.map((page) => page.token)).size).toBe(3)
  })
})
