import { expect, test } from './fixtures'

const phone = '+1 (512) 555-0142'

test('the header offers the phone number and Request an interpreter, on desktop and in the mobile menu', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/about')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: phone })).toHaveAttribute(
    'href',
    'tel:+15125550142',
  )
  // The spec's menu stays as it is: the quick ways sit beside it, not in it.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: phone }),
  ).toHaveCount(0)
  const request = header.getByRole('link', { name: 'Request an interpreter' })
  await expect(request).toBeVisible()
  // At the narrowest desktop width the bar keeps one line: the request link stays, the number
  // and the company name's text make room (the logo link keeps its name).
  await page.setViewportSize({ width: 1024, height: 800 })
  await expect(header.getByRole('link', { name: phone })).toBeHidden()
  await expect(header.getByRole('link', { name: /home$/ })).toBeVisible()
  const heights = await header
    .getByRole('link')
    .evaluateAll((links) =>
      links
        .filter((link) => link.checkVisibility())
        .map((link) => link.getBoundingClientRect().height),
    )
  expect(Math.max(...heights)).toBeLessThanOrEqual(44)
  await request.click()
  await expect(page).toHaveURL(/\/contact$/)

  await page.setViewportSize({ width: 390, height: 844 })
  await expect(header.getByRole('link', { name: phone })).toBeHidden()
  await header.locator('summary', { hasText: 'Menu' }).click()
  const menu = page.getByRole('navigation', { name: 'Mobile' })
  await expect(menu.getByRole('link', { name: `Call ${phone}` })).toHaveAttribute(
    'href',
    'tel:+15125550142',
  )
  await menu.getByRole('link', { name: 'Request an interpreter' }).click()
  await expect(page).toHaveURL(/\/contact$/)
})
