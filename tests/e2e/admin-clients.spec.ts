import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { auditLog, clientRequests } from '../../db/schema'
import { createClientRequest } from '../../app/models/client-requests.server'
import { createAccount, signIn } from './auth-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'

test('staff work a client request: find it, mark it contacted, note it and close it', async ({
  page,
  context,
  app,
}) => {
  const tag = randomUUID().slice(0, 8)
  const admin = await createAccount('admin', 'Casey Coordinator')
  await signIn(context, app.url, admin)

  // A visitor sends the contact form on the public site.
  await page.goto('/contact')
  const form = page.locator('#contact-form')
  await form.getByLabel('Name').fill(`Maria ${tag}`)
  await form.getByLabel('Email').fill(`maria-${tag}@clinic.example`)
  await form.getByLabel('Company').fill(`Harbor Clinic ${tag}`)
  await form
    .getByLabel('Message')
    .fill('We need Vietnamese interpreting for weekly appointments at our clinic.')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Thank you, your message has been sent.')).toBeVisible()
  await createClientRequest({
    name: `Other ${tag}`,
    email: `other-${tag}@example.org`,
    company: 'Elsewhere Inc',
    message: 'Document translation, please.',
    type: 'demo',
  })

  await page.goto('/admin/clients')
  await expect(page.getByRole('heading', { level: 1, name: 'Client Requests' })).toBeVisible()
  const counts = page.getByRole('region', { name: 'Client request counts' })
  const newBefore = Number(
    await counts
      .getByText('New', { exact: true })
      .locator('xpath=following-sibling::dd')
      .textContent(),
  )
  await expectNoAxeViolations(page, 'admin clients')

  await page
    .getByLabel('Search by name, email or company')
    .fill(`harbor clinic ${tag}`.toUpperCase())
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`q=HARBOR`))
  const rows = page.getByRole('row')
  await expect(rows).toHaveCount(2)
  const row = rows.nth(1)
  await expect(row).toContainText(`Maria ${tag}`)
  await expect(row).toContainText('We need Vietnamese interpreting')
  await expect(row.getByText('New')).toBeVisible()
  await expect(row.getByRole('link', { name: `Send email to Maria ${tag}` })).toHaveAttribute(
    'href',
    new RegExp(
      `^mailto:maria-${tag}%40clinic.example\\?subject=Re%3A%20Language%20Services%20Request`,
    ),
  )

  await row.getByRole('link', { name: /View details/ }).click()
  const dialog = page.getByRole('dialog', { name: `Request from Maria ${tag}` })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Harbor Clinic')
  await expectNoAxeViolations(page, 'client request dialog')
  await dialog.getByLabel('Add a note').fill('Called back, waiting for schedule.')
  await dialog.getByRole('button', { name: 'Add note' }).click()
  await expect(dialog.getByText('Called back, waiting for schedule.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Mark as Contacted' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('row').nth(1).getByText('Contacted')).toBeVisible()
  await expect(
    counts.locator('div', { has: page.getByText('New', { exact: true }) }).locator('dd'),
  ).toHaveText(String(newBefore - 1))

  await page
    .getByRole('row')
    .nth(1)
    .getByRole('link', { name: /View details/ })
    .click()
  await expect(dialog.getByText(/changed the status from New to Contacted/)).toBeVisible()
  await expect(dialog.getByText(/Casey Coordinator added a note/)).toBeVisible()
  await dialog.getByRole('button', { name: 'Close Request' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('row').nth(1).getByText('Closed')).toBeVisible()

  const [stored] = await app.db
    .select()
    .from(clientRequests)
    .where(eq(clientRequests.email, `maria-${tag}@clinic.example`))
  expect(stored?.status).toBe('closed')
  const audit = await app.db.select().from(auditLog).where(eq(auditLog.entityId, stored!.id))
  expect(audit.map((entry) => entry.action).sort()).toEqual([
    'note',
    'status_change',
    'status_change',
  ])
  expect(audit.every((entry) => entry.actorName === 'Casey Coordinator')).toBe(true)

  // Filters live in the URL.
  await page.goto(`/admin/clients?status=closed&q=${tag}`)
  await expect(page.getByRole('row')).toHaveCount(2)
  await page.goto(`/admin/clients?status=new&q=${tag}-nothing`)
  await expect(page.getByRole('heading', { name: 'No Client Requests Found' })).toBeVisible()
})

test('the dialog works as a page of its own without JavaScript', async ({ browser, app }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const admin = await createAccount('admin')
  await signIn(context, app.url, admin)
  const { id } = await createClientRequest({
    name: 'No Script',
    email: 'noscript@example.org',
    company: 'Plain HTML LLC',
    message: 'Hello',
    type: 'contact',
  })
  const page = await context.newPage()
  await page.goto(`${app.url}/admin/clients/${id}`)
  await expect(page.getByRole('heading', { name: 'Request from No Script' })).toBeVisible()
  await page.getByRole('button', { name: 'Mark as Contacted' }).click()
  await expect(page).toHaveURL(/\/admin\/clients$/)
  const [stored] = await app.db.select().from(clientRequests).where(eq(clientRequests.id, id))
  expect(stored?.status).toBe('contacted')
  await context.close()
})
