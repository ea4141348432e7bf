import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { and, eq } from 'drizzle-orm'
import { mailOutbox } from '../../db/schema'
import { withCount } from '../../app/lib/forms/form-messages'
import { pdfDocument } from '../support/document-fixtures'
import { publicPageSamples } from '../support/public-page-samples'
import { englishOnlyTexts, spanishCopy } from '../support/spanish-copy'
import { createAccount, signIn } from './auth-helpers'
import { eventually, expect, expectNoAxeViolations, test } from './fixtures'
import { applicationForm, findApplication } from './recruiting-helpers'

// The Spanish site (docs/decisions/066-spanish-site-messages-resolved-on-the-server.md): a
// visitor switches language on the page they are on and applies in Spanish; everything the
// applicant then receives is in Spanish, and staff see the application's language. The
// Spanish pages' axe checks at both widths and their HTML checks run with every public page
// (public-pages.spec.ts, html-validity.spec.ts).

const careers = spanishCopy('careersPage')
const positions = spanishCopy('positions')
const form = spanishCopy('fullApplicationForm')
const formMessages = spanishCopy('formMessages')
const status = spanishCopy('applicationStatusPage')
const shell = spanishCopy('shell')
const notFound = spanishCopy('notFound')

const spanishSamples = publicPageSamples.filter((sample) => sample.path.startsWith('/es'))

/** The first address of the body's text the site sent in e-mail `text`, as a path. */
const linkPath = (text: string, pattern: RegExp) => new URL(pattern.exec(text)![0]).pathname

test('a visitor switches the careers page to Spanish, applies with a resume, and gets everything after in Spanish; staff see the language', async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(180_000)
  await page.goto('/careers')
  await page.getByRole('banner').getByRole('link', { name: 'Español' }).click()
  await expect(page).toHaveURL(/\/es\/careers$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(careers.hero.heading)

  const korean = positions.title.replace('{language}', positions.languageNames.Korean!)
  await page.getByRole('link', { name: new RegExp(`^${korean}`) }).click()
  await expect(page).toHaveURL(/\/es\/application\?language=korean-interpreter$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(korean)

  // Refused in the browser: the error summary and the field's message are Spanish too.
  const application = applicationForm(page)
  await application.getByRole('button', { name: form.text.submit }).click()
  await expect(application.getByRole('heading', { level: 3 })).toHaveText(
    /^[^\d]*\d+[^\d]*$/, // "Corrija 13 campos"
  )
  const summary = await application.getByRole('heading', { level: 3 }).textContent()
  const count = Number(/\d+/.exec(summary!)![0])
  expect(summary).toBe(withCount(formMessages.summary, count))
  await expect(
    application.getByLabel(form.labels.firstName, { exact: true }),
  ).toHaveAccessibleDescription(formMessages.required)

  const email = `lucia.${randomBytes(4).toString('hex')}@example.org`
  await application.getByLabel(form.labels.firstName, { exact: true }).fill('Lucía')
  await application.getByLabel(form.labels.lastName, { exact: true }).fill('Ramírez')
  await application.getByLabel(form.labels.email, { exact: true }).fill(email)
  await application.getByLabel(form.labels.phone, { exact: true }).fill('+1 305 555 0182')
  await application.getByLabel(form.labels.address, { exact: true }).fill('100 Biscayne Blvd')
  await application.getByLabel(form.labels.city, { exact: true }).fill('Miami')
  await application.getByLabel(form.labels.state, { exact: true }).fill('FL')
  await application.getByLabel(form.labels.nativeLanguage, { exact: true }).selectOption('fluent')
  await application
    .getByLabel(form.labels.interpretingExperience, { exact: true })
    .selectOption('3-5')
  await application.getByLabel(form.labels.medicalExperience, { exact: true }).selectOption('1-3')
  await application.getByLabel(form.labels.legalAvailability, { exact: true }).selectOption('20-30')
  await application
    .getByLabel(form.labels.expectedPayPerMinute, { exact: true })
    .selectOption('0.75-1.00')
  await application.getByLabel(new RegExp(form.text.consent.link)).check()
  await application
    .getByLabel(new RegExp(form.resumeLabel.replace(/[()/]/g, '.')))
    .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdfDocument() })
  await application.getByRole('button', { name: form.text.submit }).click()
  await expect(page.getByRole('heading', { name: form.text.submitted.heading })).toBeVisible()

  const stored = await findApplication(app, email)
  expect(stored.application.locale).toBe('es')
  const acknowledgement = stored.mails.find(
    (mail) => mail.template === 'interpreter-application-acknowledgement',
  )!
  expect(acknowledgement.text).toContain(korean)
  const statusPath = linkPath(acknowledgement.text, /https?:\/\/\S+\/es\/application-status\/\S+/)

  await page.goto(statusPath)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(status.heading)
  await expect(page.getByText(status.statuses.received.label, { exact: true })).toBeVisible()
  await expectNoAxeViolations(page, 'the Spanish status page')

  // Staff read the application in English, with the language it came in.
  const admin = await createAccount('admin')
  const staff = await browser.newContext()
  await signIn(staff, app.url, admin)
  const adminPage = await staff.newPage()
  await adminPage.goto(`${app.url}/admin/interpreters/${stored.application.id}`)
  const dialog = adminPage.getByRole('dialog')
  await expect(dialog).toContainText('Korean Interpreter')
  await expect(dialog.getByText('Applied in', { exact: true })).toBeVisible()
  await expect(dialog.getByText('Spanish', { exact: true })).toBeVisible()
  await dialog.getByRole('link', { name: 'Approve' }).click()
  await dialog.getByRole('button', { name: 'Confirm approval' }).click()
  await expect(dialog.getByText('Approved', { exact: true })).toBeVisible()
  await staff.close()

  const approved = await eventually(async () => {
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'application-approved'), eq(mailOutbox.toAddress, email)))
    expect(mail).toBeDefined()
    return mail!
  })
  expect(approved.html).toContain('<html lang="es">')
  expect(approved.text).toContain(korean)
  expect(approved.text).toContain('Lucía')
})

/**
 * The words a reader meets on the page in its language: its text (hidden menus and
 * screen-reader text included), labels, alternatives and hints; text marked as another
 * language (`lang="en"`: the switch to English, staff's English job postings) is not. (The
 * title comes from the same catalogues, and may hold a posting's English title.)
 */
function wordsOn(page: Page) {
  return page.evaluate(() => {
    const inPageLanguage = (element: Element | null) =>
      element?.closest('[lang]')?.getAttribute('lang') === document.documentElement.lang
    const texts: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (parent?.closest('script, style, template, noscript')) continue
      if (inPageLanguage(parent)) texts.push(node.textContent ?? '')
    }
    for (const element of document.querySelectorAll('[aria-label],[alt],[placeholder],[title]'))
      for (const name of ['aria-label', 'alt', 'placeholder', 'title'])
        if (element.getAttribute(name) && inPageLanguage(element))
          texts.push(element.getAttribute(name)!)
    return texts.map((text) => text.trim()).filter(Boolean)
  })
}

test('every Spanish page answers in Spanish: its lang, its alternates and canonical, and no English text of the catalogues', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000)
  expect(spanishSamples.length).toBeGreaterThan(2)
  const english = [...englishOnlyTexts()]
  for (const { path } of spanishSamples) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    await expect(page.locator('html'), path).toHaveAttribute('lang', 'es')
    const href = (lang: string) =>
      page.locator(`link[rel="alternate"][hreflang="${lang}"]`).getAttribute('href')
    const englishPath = path.replace(/^\/es/, '') || '/'
    expect(await href('es'), path).toBe(new URL(path, app.url).toString())
    expect(await href('en'), path).toBe(new URL(englishPath, app.url).toString())
    expect(await href('x-default'), path).toBe(new URL(englishPath, app.url).toString())
    expect(await page.locator('link[rel="canonical"]').getAttribute('href'), path).toBe(
      new URL(path, app.url).toString(),
    )
    // The switch leads to the same page in English.
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'English' }),
    ).toHaveAttribute('href', englishPath)
    // The company's name is not the catalogues' and may hold an English word.
    const words = (await wordsOn(page)).map((word) =>
      word.replaceAll(app.runtime.config.company.name, ''),
    )
    const left = english.filter((text) =>
      words.some(
        (word) => word === text || word.includes(` ${text} `) || word.startsWith(`${text} `),
      ),
    )
    expect(left, `English on ${path}`).toEqual([])
  }
})

test('a page that is only in English answers 404 under /es, in the Spanish shell, with a link to it in English', async ({
  page,
}) => {
  const response = await page.goto('/es/unsubscribe?token=not-a-token')
  expect(response?.status()).toBe(404)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('link', { name: shell.skipLink })).toBeAttached()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.title)
  await expect(page.getByRole('link', { name: notFound.back.label })).toHaveAttribute('href', '/es')
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'English' }),
  ).toHaveAttribute('href', '/unsubscribe?token=not-a-token')
})

test('the sitemap lists each translated page in both languages, each naming the other', async ({
  request,
  app,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toContain(`<loc>${app.url}/es/careers</loc>`)
  expect(sitemap).toContain(`<loc>${app.url}/careers</loc>`)
  expect(sitemap).toContain(
    `<xhtml:link rel="alternate" hreflang="es" href="${app.url}/es/careers"/>`,
  )
  expect(sitemap).toContain(
    `<xhtml:link rel="alternate" hreflang="x-default" href="${app.url}/careers"/>`,
  )
  expect(sitemap).toContain(`<loc>${app.url}/es/jobs/greek-english-remote-interpreter</loc>`)
  // A page in English only has no Spanish address.
  expect(sitemap).not.toContain(`${app.url}/es/unsubscribe`)
})
