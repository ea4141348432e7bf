import { possibleDuplicatesOf } from '../../app/models/interpreter-applications/duplicates.server'
import { pdfDocument } from '../support/document-fixtures'
import { languagePage, languagePageAnswers } from './application-flows'
import { expect, expectNoAxeViolations, test } from './fixtures'
import {
  applicationForm,
  chooseResume,
  expectConfirmation,
  fillFullForm,
  findApplication,
  submitButton,
} from './recruiting-helpers'

// What only the language pages do; the cases all flows share are in application-flows.spec.ts.

const KOREAN = languagePage.url

test.describe('the language application pages', () => {
  test('titles each page by its language, with the position details and benefits', async ({
    page,
  }) => {
    await page.goto(KOREAN)
    await expect(page.getByRole('heading', { level: 1, name: 'Korean Interpreter' })).toBeVisible()
    await expect(page).toHaveTitle(/Korean Interpreter/)
    const details = page.locator('dl > div')
    for (const [term, value] of [
      ['Location', 'Remote / On-site'],
      ['Type', 'Freelance / Independent Contractor (Remote)'],
      ['Salary', 'Competitive'],
      ['Team', 'Language Services'],
    ] as const)
      await expect(
        details.filter({ has: page.getByRole('term').filter({ hasText: term }) }),
      ).toContainText(value)
    for (const heading of ['Responsibilities', 'Requirements', 'Preferred Qualifications'])
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    await expect(page.getByText('Interpreting experience preferred')).toBeVisible()
    await expect(page.getByText("we'll get back to you within 24 hours")).toBeVisible()
    for (const benefit of ['Professional Growth', 'Flexible Work', 'Meaningful Impact'])
      await expect(page.getByRole('heading', { level: 3, name: benefit })).toBeVisible()
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      /\/application\?language=korean-interpreter$/,
    )
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Korean/)

    await page.goto('/application?language=cantonese-interpreter')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Cantonese Interpreter' }),
    ).toBeVisible()
    await expect(
      page.getByText('Reading knowledge of Traditional Chinese characters'),
    ).toBeVisible()

    await page.goto('/application?language=khmer-(cambodian)-interpreter')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Khmer (Cambodian) Interpreter' }),
    ).toBeVisible()

    for (const path of [
      '/application',
      '/application?language=general-interpreter',
      '/application?language=klingon-interpreter',
    ]) {
      await page.goto(path)
      await expect(
        page.getByRole('heading', { level: 1, name: 'Professional Interpreter' }),
      ).toBeVisible()
    }
  })

  test('stores an application with the language it came from and its resume', async ({
    page,
    app,
  }) => {
    await page.goto(KOREAN)
    const form = applicationForm(page)
    await fillFullForm(form, {
      ...languagePageAnswers('jiwoo@example.org'),
      fluentLanguages: 'Japanese',
    })
    const resume = pdfDocument('Ji-woo Kim - Korean interpreter')
    await chooseResume(form, 'Kim resume.pdf', resume)
    await submitButton(form).click()
    await expectConfirmation(page)

    const { application, bytes } = await findApplication(app, 'jiwoo@example.org')
    expect(application).toMatchObject({
      status: 'pending',
      source: 'language-page',
      sourceReference: 'korean-interpreter',
      position: 'Korean Interpreter',
      englishLevel: 'native',
      languages: ['Korean', 'Japanese', 'English'],
      zipCode: null,
      additionalInfo: null,
    })
    expect(bytes?.equals(resume)).toBe(true)
  })

  test('marks a second application from the same e-mail as a possible duplicate', async ({
    page,
    app,
  }) => {
    for (const path of ['/application?language=spanish-interpreter', '/application']) {
      await page.goto(path)
      const form = applicationForm(page)
      await languagePage.fill(form, 'twice@example.org')
      await chooseResume(form, 'cv.pdf', pdfDocument())
      await submitButton(form).click()
      await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible()
    }
    const latest = await findApplication(app, 'twice@example.org')
    expect(latest.application.sourceReference).toBe('general-interpreter')
    const duplicates = await possibleDuplicatesOf([latest.application.id])
    const sameEmail = duplicates
      .get(latest.application.id)
      ?.filter((duplicate) => duplicate.matches.includes('email'))
    expect(sameEmail).toHaveLength(1)
    const notification = latest.mails.find(
      (mail) => mail.template === 'interpreter-application-staff-notification',
    )
    expect(notification?.subject).toContain('possible duplicate')
  })

  for (const width of [1280, 390]) {
    test(`the Cantonese page and the privacy notice have no accessibility violations at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/application?language=cantonese-interpreter')
      await expectNoAxeViolations(page, `application page at ${width} px`)
      await page.goto('/privacy')
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible()
      await expectNoAxeViolations(page, `privacy notice at ${width} px`)
    })
  }
})
