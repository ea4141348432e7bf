import { calls } from '../../db/schema'
import { createOrganization } from '../support/booking-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { checkPage, expect, test } from './fixtures'

/**
 * Staff publish the median time to a live interpreter on the services page, from the call
 * board, and take it off again (docs/product.md#call-board). The public page is cached: it
 * shows the change once the cache's fingerprint has been read again.
 */
test('staff publish the median connect time on the services page, and withdraw it', async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(180_000)
  // Twelve calls of the last days that connected after 6 to 17 seconds.
  const organizationId = await createOrganization(app.db, `Published Clinic ${Date.now()}`)
  const now = Date.now()
  for (let index = 0; index < 12; index++) {
    const startedAt = new Date(now - (index + 1) * 3_600_000)
    await app.db.insert(calls).values({
      organizationId,
      language: 'Portuguese',
      media: 'audio',
      setting: 'business',
      status: 'ended',
      startedAt,
      connectedAt: new Date(startedAt.getTime() + (6 + index) * 1000),
      endedAt: new Date(startedAt.getTime() + 300_000),
      endedBy: 'client',
    })
  }
  const staff = await createAccount('admin', 'Figure Staff')
  await signIn(page.context(), app.url, staff)
  await page.goto('/admin/calls')
  const section = page.getByRole('region', { name: 'On the services page' })
  await expect(section).toContainText('Not published')
  await section.getByRole('button', { name: 'Publish the median connect time' }).click()
  await expect(
    page.getByRole('status').getByText('The median connect time is on the services page.').first(),
  ).toBeVisible()
  await expect(section).toContainText(/Published: "Median time to a live interpreter: \d+/)
  await checkPage(page, 'admin-calls-published')

  // A visitor, without a session: the cached page is rendered again with the figure.
  const visitorContext = await browser.newContext({ baseURL: app.url })
  const visitor = await visitorContext.newPage()
  const figure = visitor.getByRole('region', { name: 'Measured connect time' })
  await expect
    .poll(async () => {
      await visitor.goto('/services')
      return figure.count()
    })
    .toBe(1)
  await expect(figure).toContainText(/Median time to a live interpreter: \d+ (seconds?|min)/)
  await checkPage(visitor, 'services-with-connect-time')

  await section.getByRole('button', { name: 'Stop publishing' }).click()
  await expect(section).toContainText('Not published')
  await expect
    .poll(async () => {
      await visitor.goto('/services')
      return figure.count()
    })
    .toBe(0)
  await visitorContext.close()
})
