import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures'

/**
 * A visitor who came in through the skip link and sent the contact form sees the
 * confirmation where focus is: in view, below the sticky header, on a phone and a desktop.
 */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
])
  test(`at ${viewport.width} px the contact form's confirmation is in view and clear of the header`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    await page.goto('/contact')
    // Hydrated: the form's own checks have replaced the browser's.
    await expect(page.locator('#contact-form form')).toHaveAttribute('novalidate', '')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#main$/)

    const form = page.locator('#contact-form')
    await form.getByLabel('Name').fill('Ada Skiplink')
    await form.getByLabel('Email').fill(`ada-${randomUUID().slice(0, 6)}@example.org`)
    await form.getByLabel('Company').fill('Analytical Clinic')
    await form.getByLabel('Message').fill('We need Amharic interpreting next week.')
    await form.getByRole('button', { name: 'Send Message' }).click()

    const confirmation = page
      .getByRole('status')
      .filter({ hasText: 'Thank you, your message has been sent.' })
    await expect(confirmation).toBeFocused()
    await expect(confirmation).toBeInViewport({ ratio: 1 })
    const headerBottom = await page
      .getByRole('banner')
      .evaluate((header) => header.getBoundingClientRect().bottom)
    const top = await confirmation.evaluate((element) => element.getBoundingClientRect().top)
    expect(top).toBeGreaterThanOrEqual(headerBottom)
  })
