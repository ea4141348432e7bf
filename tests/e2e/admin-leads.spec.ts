import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { auditLog, leads, mailOutbox, users } from '../../db/schema'
import { createLead } from '../../app/models/leads/intake.server'
import { getLead } from '../../app/models/leads/rows.server'
import { now } from '../../app/platform/clock.server'
import { createAccount, signIn } from './auth-helpers'
import { checkPage, expect, expectNoAxeViolations, test } from './fixtures'

// The lead inbox at /admin/clients (docs/glossary.md: a lead is a contact or demo request).

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
  await createLead({
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
    .from(leads)
    .where(eq(leads.email, `maria-${tag}@clinic.example`))
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
  const { id } = await createLead({
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
  const [stored] = await app.db.select().from(leads).where(eq(leads.id, id))
  expect(stored?.status).toBe('contacted')
  await context.close()
})

test('a lead shows its owner and response clock, and staff reassign it from the dialog', async ({
  page,
  context,
  app,
}) => {
  const tag = randomUUID().slice(0, 8)
  const admin = await createAccount('admin', `Lena Lead ${tag}`)
  const colleague = await createAccount('admin', `Omar Owner ${tag}`)
  await signIn(context, app.url, admin)
  const { id } = await createLead({
    name: `Rita ${tag}`,
    email: `rita-${tag}@clinic.example`,
    company: `Lakeside Clinic ${tag}`,
    message: 'We need ASL interpreting on Friday.',
    type: 'contact',
  })
  const created = await getLead(id)
  // The round-robin chose one of the staff who take leads (the database is shared).
  const [owner] = created?.ownerId
    ? await app.db.select({ name: users.name }).from(users).where(eq(users.id, created.ownerId))
    : []

  await page.goto(`/admin/clients?q=${tag}`)
  const row = page.getByRole('row').nth(1)
  await expect(row).toContainText(`Rita ${tag}`)
  await expect(row).toContainText(owner?.name ?? 'Unassigned')
  await expect(row).toContainText('On track')
  // The dashboard's Contact Submissions tab shows the same owner and clock.
  await page.goto(`/admin/dashboard?tab=contacts&q=${tag}`)
  const item = page.getByRole('listitem').filter({ hasText: `Rita ${tag}` })
  await expect(item).toContainText(`Owner: ${owner?.name ?? 'Unassigned'}`)
  await expect(item).toContainText('On track')
  await page.goto(`/admin/clients?q=${tag}`)

  // 50 minutes without an answer: at risk.
  await app.db
    .update(leads)
    .set({ atRiskAt: new Date(now().getTime() - 60_000) })
    .where(eq(leads.id, id))
  await page.reload()
  await expect(page.getByRole('row').nth(1)).toContainText('At risk')
  await checkPage(page, 'admin-leads')

  await page.getByRole('link', { name: `View details of Rita ${tag}'s request` }).click()
  const dialog = page.getByRole('dialog', { name: `Request from Rita ${tag}` })
  await expect(dialog.getByRole('region', { name: 'Owner' })).toContainText(
    owner?.name ?? 'Unassigned',
  )
  await dialog.getByLabel('Assign to').selectOption({ label: colleague.name })
  await dialog.getByRole('button', { name: 'Reassign' }).click()
  await expect(page.getByRole('status').getByText('Owner changed.').first()).toBeVisible()
  await expect(dialog.getByRole('region', { name: 'Owner' })).toContainText(colleague.name)
  await expect(dialog).toContainText(`${admin.name} assigned the request to ${colleague.name}`)
  await checkPage(page, 'admin-lead-dialog')
  const [assignedMail] = await app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, colleague.email), eq(mailOutbox.template, 'lead-assigned')))
  expect(assignedMail?.subject).toBe(`New lead for you: Rita ${tag} (Lakeside Clinic ${tag})`)

  // Mark as Contacted stops the clock.
  await dialog.getByRole('button', { name: 'Mark as Contacted' }).click()
  await expect(dialog).toBeHidden()
  const answered = page.getByRole('row').nth(1)
  await expect(answered).toContainText(/Responded in \d+(h \d+)?m/)
  await expect(answered).toContainText(colleague.name)
  expect((await getLead(id))?.firstResponseAt).not.toBeNull()
})

test('admins set who takes leads and who is away on the Users screen', async ({
  page,
  context,
  app,
}) => {
  const tag = randomUUID().slice(0, 8)
  const admin = await createAccount('admin', `Ursula Users ${tag}`)
  const colleague = await createAccount('admin', `Victor Away ${tag}`)
  await signIn(context, app.url, admin)
  // Both names carry the tag: the paged list shows them whatever other tests added.
  await page.goto(`/admin/users?q=${tag}`)
  const row = page.getByRole('row', { name: new RegExp(colleague.name) })
  await expect(row).toContainText('Takes new leads')

  // A day that has passed is refused next to the field, and nothing is saved.
  await row.getByLabel('Away until').fill('2000-01-01')
  await row.getByRole('button', { name: `Save lead settings of ${colleague.name}` }).click()
  await expect(row.locator('[id$="-field-awayUntil-error"]')).not.toBeEmpty()
  await expect(page.getByText('Lead settings saved.')).toBeHidden()
  await row.getByLabel('Away until').fill('2099-12-24')
  await row.getByRole('button', { name: `Save lead settings of ${colleague.name}` }).click()
  await expect(page.getByText('Lead settings saved.')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(colleague.name) })).toContainText(
    'Away until 12/24/2099',
  )
  const own = page.getByRole('row', { name: new RegExp(admin.name) })
  await own.getByLabel('Takes new leads').uncheck()
  await own.getByRole('button', { name: `Save lead settings of ${admin.name}` }).click()
  await expect(page.getByRole('row', { name: new RegExp(admin.name) })).toContainText(
    'Not taking new leads',
  )
  const [stored] = await app.db
    .select({ takesLeads: users.takesLeads, awayUntil: users.awayUntil })
    .from(users)
    .where(eq(users.id, colleague.id))
  expect(stored).toEqual({ takesLeads: true, awayUntil: '2099-12-24' })
  await checkPage(page, 'admin-users-leads')
})

test('the dashboard shows the leads waiting and the weekly chart with its table', async ({
  page,
  context,
  app,
}) => {
  const admin = await createAccount('admin', 'Dana Dashboard')
  await signIn(context, app.url, admin)
  await createLead({
    name: 'Chart Client',
    email: 'chart@clinic.example',
    company: 'Chart Clinic',
    message: 'Spanish interpreting, please.',
    type: 'demo',
  })
  await page.goto('/admin/dashboard')
  const waiting = page.getByRole('region', { name: 'Leads waiting' })
  await expect(waiting.getByText('At risk')).toBeVisible()
  await expect(waiting.getByText('Breached')).toBeVisible()
  await expect(waiting.getByRole('img', { name: /Requests received, weekly since/ })).toBeVisible()
  await expect(
    waiting.getByRole('img', { name: /Median first response in business hours/ }),
  ).toBeVisible()
  const table = waiting.getByRole('table', { name: 'Leads per week' })
  await expect(table.getByRole('row')).toHaveCount(13)
  // This week's row counts the request just made.
  expect(
    Number(await table.getByRole('row').last().getByRole('cell').first().textContent()),
  ).toBeGreaterThan(0)
  await checkPage(page, 'admin-dashboard-leads')
})
