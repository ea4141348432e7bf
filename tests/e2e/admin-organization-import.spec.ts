import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { clientInvitations, mailOutbox, organizations } from '../../db/schema'
import { organizationImportCsv } from '../support/organization-import-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { checkPage, expect, test } from './fixtures'

test('staff import organizations: a preview shows the row with a problem, the fixed file imports and invites', async ({
  page,
  context,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const organization = `Acme Health ${tag}`
  const emails = [`ana-${tag}@acme.example`, `ben-${tag}@acme.example`]
  const rows = [
    {
      organization,
      paymentTermsDays: '45',
      purchaseOrder: `PO-${tag}`,
      name: 'Ana Lima',
      email: emails[0]!,
      role: 'manager',
    },
    { organization: organization.toUpperCase(), name: 'Ben Ode', email: emails[1]!, role: 'owner' },
  ]
  const csv = (text: string) => ({
    name: 'clients.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  })

  const admin = await createAccount('admin', 'Olive Organizer')
  await signIn(context, app.url, admin)
  await page.goto('/admin/clients')
  await page.getByRole('link', { name: 'Import organizations' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Import Organizations' })).toBeVisible()
  await checkPage(page, 'organization import')

  // A role the portal does not have: the preview names the line and column, and offers no import.
  await page.getByLabel('CSV file').setInputFiles(csv(organizationImportCsv(rows)))
  await page.getByRole('button', { name: 'Preview' }).click()
  const summary = page.getByRole('region', { name: 'Preview of clients.csv' }).getByRole('status')
  const problems = page.getByRole('table', { name: 'Problems in the file' })
  await expect(problems.getByRole('row', { name: /User role/ })).toContainText('3')
  await expect(problems).toContainText('Please write requester or manager.')
  await expect(summary).toContainText('2 rows: 1 new organization, 1 new user')
  await expect(page.getByRole('button', { name: /^Import \d+ users?$/ })).toHaveCount(0)
  await checkPage(page, 'organization import preview with a problem')
  expect(await app.db.$count(organizations, eq(organizations.name, organization))).toBe(0)

  // The fixed file previews clean and imports.
  rows[1]!.role = 'requester'
  await page.getByLabel('CSV file').setInputFiles(csv(organizationImportCsv(rows)))
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(summary).toContainText('2 rows: 1 new organization, 2 new users')
  const table = page.getByRole('table', { name: 'Rows of the file' })
  await expect(table).toContainText('New organization and its first user')
  await expect(table).toContainText('New user of the new organization on line 2')
  await checkPage(page, 'organization import preview')
  await page.getByRole('button', { name: 'Import 2 users' }).click()
  await expect(
    page
      .getByText('Imported 1 new organization and invited 2 users; 0 rows were already there.')
      .first(),
  ).toBeVisible()
  await checkPage(page, 'organization import done')

  const [made] = await app.db
    .select({ id: organizations.id, paymentTermsDays: organizations.paymentTermsDays })
    .from(organizations)
    .where(eq(organizations.name, organization))
  expect(made?.paymentTermsDays).toBe(45)
  expect(
    await app.db.$count(clientInvitations, eq(clientInvitations.organizationId, made!.id)),
  ).toBe(2)
  const invitations = await app.db
    .select({ to: mailOutbox.toAddress })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.toAddress, emails), eq(mailOutbox.template, 'client-invitation')))
  expect(invitations.map((mail) => mail.to).sort()).toEqual(emails)

  // The same file again: every row already invited, nothing to import.
  await page.getByLabel('CSV file').setInputFiles(csv(organizationImportCsv(rows)))
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(summary).toContainText('2 rows: 0 new organizations, 0 new users, 2 already there')
  await expect(page.getByRole('button', { name: /^Import \d+ users?$/ })).toHaveCount(0)
})
