import type { Locator, Page } from '@playwright/test'
import { ADDITIONAL_INFO_PLACEHOLDER } from '../../app/content/application-options'
import { createAuthToken } from '../../app/models/auth-tokens.server'
import { createAccount } from './auth-helpers'
import { expect, expectNoAxeViolations, keepScreenshot, test } from './fixtures'
import { edgelessButtons } from './focus-ring'

/** Every public form, as a visitor reaches it, and the button that sends it. */
const publicForms: { name: string; path: () => Promise<string>; submit: string }[] = [
  { name: 'contact', path: async () => '/contact', submit: 'Send Message' },
  { name: 'demo', path: async () => '/demo', submit: 'Request Demo' },
  {
    name: 'job-posting',
    path: async () => '/jobs/greek-english-remote-interpreter',
    submit: 'Submit Application',
  },
  { name: 'apply', path: async () => '/apply/contract-interpreter', submit: 'Submit Application' },
  {
    name: 'language-page',
    path: async () => '/application?language=cantonese-interpreter',
    submit: 'Submit Application',
  },
  { name: 'login', path: async () => '/interpreter-login', submit: 'Sign In' },
  { name: 'forgot-password', path: async () => '/forgot-password', submit: 'Send reset link' },
  {
    name: 'reset-password',
    path: async () =>
      `/reset-password?token=${await createAuthToken('password_reset', (await createAccount('interpreter')).id)}`,
    submit: 'Save new password',
  },
]

const formOf = (page: Page, submit: string) =>
  page.locator('form', { has: page.getByRole('button', { name: submit }) })

const summaryOf = (form: Locator) =>
  form.getByRole('group', { name: /^Please correct \d+ fields?$/ })

/** The ids of the controls marked invalid, one per field (a group counts once). */
async function invalidControlIds(form: Locator): Promise<string[]> {
  return form.evaluate((element) => {
    const seen = new Set<string>()
    const ids: string[] = []
    for (const control of element.querySelectorAll<HTMLInputElement>('[aria-invalid="true"]')) {
      if (seen.has(control.name)) continue
      seen.add(control.name)
      ids.push(control.id)
    }
    return ids
  })
}

/** Error messages in the form that sit inside a live region (each would be announced). */
async function liveErrorMessages(form: Locator): Promise<string[]> {
  return form.evaluate((element) =>
    Array.from(element.querySelectorAll<HTMLElement>('[id$="-error"]'))
      .filter((message) => message.textContent?.trim())
      .filter((message) =>
        Boolean(
          message.closest(
            '[aria-live]:not([aria-live="off"]), [role="alert"], [role="status"], [role="log"]',
          ),
        ),
      )
      .map((message) => message.textContent!.trim()),
  )
}

/** The bottom edge of the sticky header, 0 on pages without one. */
async function headerBottom(page: Page): Promise<number> {
  return page.evaluate(() => {
    const header = document.querySelector('header')
    return header && getComputedStyle(header).position === 'sticky'
      ? header.getBoundingClientRect().bottom
      : 0
  })
}

/**
 * Waits for the page's JavaScript: until then the browser's own validation holds a submit
 * back (the form has no `novalidate` yet), and a click would show no summary.
 */
async function untilHydrated(form: Locator) {
  await expect(form).toHaveAttribute('novalidate', '')
}

async function labelTop(page: Page, controlId: string): Promise<number> {
  return page.evaluate((id) => {
    const control = document.getElementById(id) as HTMLInputElement
    const label = control.labels?.[0] ?? control
    return label.getBoundingClientRect().top
  }, controlId)
}

test.describe('error summary of the public forms', () => {
  for (const spec of publicForms) {
    test(`${spec.name}: one summary names the fields, takes focus and links to each`, async ({
      page,
    }) => {
      await page.goto(await spec.path())
      const form = formOf(page, spec.submit)
      await untilHydrated(form)
      await form.getByRole('button', { name: spec.submit }).click()

      const summary = summaryOf(form)
      await expect(summary).toBeFocused()
      const invalid = await invalidControlIds(form)
      expect(invalid.length).toBeGreaterThan(0)
      await expect(summary.getByRole('heading')).toHaveText(
        `Please correct ${invalid.length} ${invalid.length === 1 ? 'field' : 'fields'}`,
      )
      // One announcement: the summary taking focus. No message next to a field is live.
      expect(await liveErrorMessages(form)).toEqual([])

      const links = summary.getByRole('link')
      await expect(links).toHaveCount(invalid.length)
      for (const [index, id] of invalid.entries()) {
        const link = links.nth(index)
        await expect(link).toHaveAttribute('href', `#${id}`)
        const control = form.locator(`[id="${id}"]`)
        // The link names the field by its label (a consent box by a short name).
        const name = ((await link.textContent()) ?? '').trim()
        const label = await control.evaluate(
          (element: HTMLInputElement) => element.labels?.[0]?.textContent?.trim() ?? '',
        )
        if ((await control.getAttribute('type')) !== 'checkbox')
          expect(label.startsWith(name), `'${name}' names '${label}'`).toBe(true)
        await link.click()
        await expect(control).toBeFocused()
        // The message is the control's description.
        const describedBy = (await control.getAttribute('aria-describedby')) ?? ''
        expect(describedBy.split(' ')).toContain(`${id}-error`)
        await expect(page.locator(`[id="${id}-error"]`)).not.toBeEmpty()
      }
      expect(page.url()).not.toContain('#')

      // The error state at both widths: axe finds nothing, and in forced colours the summary
      // and the buttons keep their edges.
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 })
        await expectNoAxeViolations(page, `${spec.name} with errors at ${width} px`)
        await page.emulateMedia({ forcedColors: 'active' })
        const edge = await summary.evaluate((element) => getComputedStyle(element).borderTopStyle)
        expect(edge, `summary edge in forced colours at ${width} px`).not.toBe('none')
        expect(await edgelessButtons(page), `forced colours at ${width} px`).toEqual([])
        await keepScreenshot(form, `${spec.name}-errors-forced-colours-${width}`)
        await page.emulateMedia({ forcedColors: null })
        await keepScreenshot(form, `${spec.name}-errors-${width}`)
      }
    })
  }

  test('a refusal from the server (JavaScript on) is summarised and focused the same way', async ({
    page,
  }) => {
    await page.goto('/contact')
    const form = formOf(page, 'Send Message')
    await untilHydrated(form)
    await form.getByLabel('Name').fill('Grace Hopper')
    await form.getByLabel('Email').fill('grace@example.org')
    await form.getByLabel('Company').fill('Navy')
    // Spaces pass the browser's `required` but not the server's trimmed schema.
    await form.getByLabel('Message').fill('   ')
    const response = page.waitForResponse((res) => res.request().method() === 'POST')
    await form.getByRole('button', { name: 'Send Message' }).click()
    expect((await response).status()).toBe(400)
    const summary = summaryOf(form)
    await expect(summary).toBeFocused()
    await expect(summary.getByRole('heading')).toHaveText('Please correct 1 field')
    await expect(summary.getByRole('link')).toHaveText(['Message'])
    await summary.getByRole('link', { name: 'Message' }).click()
    await expect(form.getByLabel('Message')).toBeFocused()
  })

  test('errors found on blur stay next to their field; the summary waits for a submit', async ({
    page,
  }) => {
    await page.goto('/contact')
    const form = formOf(page, 'Send Message')
    await untilHydrated(form)
    await form.getByLabel('Email').fill('not-an-email')
    await form.getByLabel('Email').blur()
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible()
    await expect(summaryOf(form)).toHaveCount(0)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    for (const spec of publicForms.filter((form) =>
      ['contact', 'language-page', 'login'].includes(form.name),
    )) {
      test(`${spec.name}: the server's answer opens with the summary focused, its links reach the fields`, async ({
        page,
      }) => {
        await page.goto(await spec.path())
        const form = formOf(page, spec.submit)
        // Skip the browser's own checks to see the server's answer.
        await form.evaluate((element) => element.setAttribute('novalidate', ''))
        const response = page.waitForResponse((res) => res.request().method() === 'POST')
        await form.getByRole('button', { name: spec.submit }).click()
        expect((await response).status()).toBe(400)

        const summary = summaryOf(form)
        await expect(summary).toBeFocused()
        const invalid = await invalidControlIds(form)
        await expect(summary.getByRole('link')).toHaveCount(invalid.length)
        expect(await liveErrorMessages(form)).toEqual([])
        const last = invalid.at(-1)!
        await summary.locator(`a[href="#${last}"]`).click()
        await expect(page).toHaveURL(new RegExp(`#${last}$`))
        await expect(form.locator(`[id="${last}"]`)).toBeFocused()
        expect(await labelTop(page, last)).toBeGreaterThanOrEqual(await headerBottom(page))
      })
    }
  })
})

test.describe('the sticky header never covers the field that takes focus', () => {
  for (const width of [1280, 390]) {
    test(`at ${width} px: the summary after a submit from the bottom, and each field's label`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 })
      // Where a scroll ends is checked, not how it gets there: with reduced motion the page
      // scrolls at once. (A smooth scroll in headless Chromium advances only while frames
      // are drawn, and nothing draws them here.)
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.goto('/application?language=cantonese-interpreter')
      const form = formOf(page, 'Submit Application')
      await untilHydrated(form)
      await form.getByRole('button', { name: 'Submit Application' }).click()
      const summary = summaryOf(form)
      await expect(summary).toBeFocused()
      const top = await headerBottom(page)
      expect(top).toBeGreaterThan(0)
      await expect.poll(async () => (await summary.boundingBox())!.y).toBeGreaterThanOrEqual(top)

      const invalid = await invalidControlIds(form)
      let covered = 0
      for (const id of invalid) {
        // Put the control's label under the header, then follow the summary's link to it.
        await page.evaluate(
          ({ id, top }) => {
            const control = document.getElementById(id)!
            window.scrollBy({ top: control.getBoundingClientRect().top - top, behavior: 'instant' })
          },
          { id, top },
        )
        // The last fields sit too near the end of the page to be scrolled under the header.
        if ((await labelTop(page, id)) >= top) continue
        covered += 1
        await summary.locator(`a[href="#${id}"]`).dispatchEvent('click')
        await expect(form.locator(`[id="${id}"]`)).toBeFocused()
        await expect.poll(() => labelTop(page, id), `label of ${id}`).toBeGreaterThanOrEqual(top)
      }
      expect(covered).toBeGreaterThan(invalid.length / 2)
    })
  }
})

test.describe('the legal declaration of the application forms', () => {
  for (const path of ['/jobs/greek-english-remote-interpreter', '/apply/contract-interpreter']) {
    test(`${path}: stays visible beside the consent while the visitor types`, async ({ page }) => {
      await page.goto(path)
      const form = formOf(page, 'Submit Application')
      await untilHydrated(form)
      const additional = form.getByLabel('Additional Information')
      await expect(additional).toHaveAttribute('placeholder', ADDITIONAL_INFO_PLACEHOLDER)
      await additional.fill('I also interpret at conferences.')
      const declaration = form.getByText(ADDITIONAL_INFO_PLACEHOLDER, { exact: true })
      await expect(declaration).toBeVisible()
      const consent = form.getByLabel(/I have read the privacy notice/)
      await expect(consent).toHaveAccessibleDescription(ADDITIONAL_INFO_PLACEHOLDER)
    })
  }
})
