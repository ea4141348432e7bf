import { randomUUID } from 'node:crypto'
import { createLead } from '../../app/models/leads/intake.server'
import { createAccount, signIn } from './auth-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'

test('the bell shows what arrived since the list was last opened, and the top bar searches', async ({
  page,
  context,
  app,
}) => {
  const admin = await createAccount('admin', 'Bell Watcher')
  await signIn(context, app.url, admin)
  await page.goto('/admin/clients')
  await page.goto('/admin/dashboard')
  await expect(page.locator('summary', { hasText: 'Notifications, nothing new' })).toBeVisible()

  const tag = randomUUID().slice(0, 8)
  await createLead({
    name: `Bell ${tag}`,
    email: `bell-${tag}@example.org`,
    company: `Lighthouse ${tag}`,
    message: 'Korean interpreter needed.',
    type: 'contact',
  })
  await page.reload()
  const bell = page.locator('summary', { hasText: 'Notifications (1 new)' })
  await expect(bell).toBeVisible()
  await bell.click()
  await expect(page.getByRole('link', { name: new RegExp(`Bell ${tag}`) })).toBeVisible()
  await expectNoAxeViolations(page, 'admin shell with the bell open')
  await page.getByRole('link', { name: 'Open client requests' }).click()
  await expect(page).toHaveURL(/\/admin\/clients$/)
  await page.reload()
  await expect(page.locator('summary', { hasText: 'Notifications, nothing new' })).toBeVisible()

  await page
    .getByRole('searchbox', { name: 'Search applications and client requests' })
    .fill(`lighthouse ${tag}`)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/search\?q=/)
  const group = page.getByRole('region', { name: 'Client requests' })
  await expect(group.getByRole('heading', { name: 'Client requests (1)' })).toBeVisible()
  await expect(group.getByRole('link', { name: `Bell ${tag}` })).toBeVisible()
  await expectNoAxeViolations(page, 'admin search results')
})
