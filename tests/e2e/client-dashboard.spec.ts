import type { BrowserContext } from '@playwright/test'
import { createCraftedWorld, type CraftedWorld, type Visitor } from './crafted-world'
import { expect, expectNoAxeViolations, keepScreenshot, test } from './fixtures'

async function signInAs(context: BrowserContext, url: string, world: CraftedWorld, who: Visitor) {
  const [name, value] = world.cookies[who]!.split('=')
  await context.addCookies([{ name: name!, value: value!, url }])
}

test('the client dashboard opens on booking, then the bookings, quotes and (for managers) invoices under way', async ({
  page,
  context,
  browser,
  app,
}) => {
  const world = await createCraftedWorld(app)
  await signInAs(context, app.url, world, 'client manager')
  await page.goto('/client/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible()
  // The first action of the page is booking.
  const main = page.getByRole('main')
  await expect(main.getByRole('link').first()).toHaveText('Book an interpreter')
  await expect(main.getByRole('link', { name: 'Book an interpreter' })).toHaveAttribute(
    'href',
    '/client/book',
  )

  const upcoming = page.getByRole('region', { name: 'Upcoming bookings' })
  await expect(upcoming.getByRole('listitem')).toHaveCount(1)
  await expect(upcoming).toContainText('Spanish, On-site, Medical')
  await expect(upcoming).toContainText('Offered')
  const quotes = page.getByRole('region', { name: 'Open quotes' })
  await expect(quotes.getByRole('listitem')).toHaveCount(3)
  for (const status of ['Requested', 'Priced', 'Accepted'])
    await expect(quotes).toContainText(status)
  const invoices = page.getByRole('region', { name: 'Unpaid invoices' })
  await expect(invoices.getByRole('listitem')).toHaveCount(1)
  await expect(invoices).toContainText('Invoice ')
  await expectNoAxeViolations(page, 'client dashboard of a manager at 1280 px')
  await keepScreenshot(page, 'client-dashboard-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoAxeViolations(page, 'client dashboard of a manager at 390 px')
  await keepScreenshot(page, 'client-dashboard-390')

  // Each item opens its own page.
  await upcoming.getByRole('link', { name: 'Spanish, On-site, Medical' }).click()
  await expect(page).toHaveURL(/\/client\/bookings\/[0-9a-f-]{36}$/)

  // A requester sees their own work, and no invoices.
  const requesterContext = await browser.newContext({ baseURL: app.url })
  await signInAs(requesterContext, app.url, world, 'client member')
  const requesterPage = await requesterContext.newPage()
  await requesterPage.goto('/client/dashboard')
  await expect(requesterPage.getByRole('region', { name: 'Upcoming bookings' })).toContainText(
    'No upcoming bookings.',
  )
  await expect(requesterPage.getByRole('region', { name: 'Open quotes' })).toContainText(
    'No quotes waiting.',
  )
  await expect(requesterPage.getByRole('region', { name: 'Unpaid invoices' })).toHaveCount(0)
  await requesterContext.close()
})
