import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { interpreterProfiles, mailOutbox, users } from '../../db/schema'
import { importCsv } from '../support/interpreter-import-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { checkPage, expect, test } from './fixtures'

test('staff import interpreters: a preview shows the row with a problem, the fixed file imports and invites', async ({
  page,
  context,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const emails = [`ana-${tag}@agency.example`, `ben-${tag}@agency.example`]
  const rows = [
    { firstName: 'Ana', lastName: `Import${tag}`, email: emails[0]!, languages: 'Spanish' },
    {
      firstName: 'Ben',
      lastName: `Import${tag}`,
      email: emails[1]!,
      languages: 'Portuguese;Klingon',
      modalities: 'phone;video',
      medicalTrainingExpires: '2099-12-31',
    },
  ]
  const csv = (text: string) => ({
    name: 'agency.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  })

  const admin = await createAccount('admin', 'Ivy Importer')
  await signIn(context, app.url, admin)
  await page.goto('/admin/interpreter-manager')
  await page.getByRole('link', { name: 'Import interpreters' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Import Interpreters' })).toBeVisible()
  await checkPage(page, 'interpreter import')

  // A file with a language the company does not interpret: the preview names the line and
  // column, and offers no import.
  await page.getByLabel('CSV file').setInputFiles(csv(importCsv(rows)))
  await page.getByRole('button', { name: 'Preview' }).click()
  const summary = page.getByRole('region', { name: 'Preview of agency.csv' }).getByRole('status')
  const problems = page.getByRole('table', { name: 'Problems in the file' })
  await expect(problems.getByRole('row', { name: /Languages/ })).toContainText('3')
  await expect(problems).toContainText('"Klingon" is not one of our languages')
  await expect(summary).toContainText('2 rows: 1 new')
  await expect(page.getByRole('button', { name: /^Import \d+ interpreters?$/ })).toHaveCount(0)
  await checkPage(page, 'interpreter import preview with a problem')
  expect(await app.db.$count(users, inArray(users.email, emails))).toBe(0)

  // The fixed file previews clean and imports.
  rows[1]!.languages = 'Portuguese'
  await page.getByLabel('CSV file').setInputFiles(csv(importCsv(rows)))
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(summary).toContainText('2 rows: 2 new')
  await expect(page.getByRole('table', { name: 'Problems in the file' })).toHaveCount(0)
  await checkPage(page, 'interpreter import preview')
  await page.getByRole('button', { name: 'Import 2 interpreters' }).click()
  await expect(
    page.getByText('Imported 2 interpreters; 0 already had an account.').first(),
  ).toBeVisible()
  await checkPage(page, 'interpreter import done')

  const [ben] = await app.db
    .select({
      modalities: interpreterProfiles.modalities,
      languages: interpreterProfiles.languages,
    })
    .from(interpreterProfiles)
    .innerJoin(users, eq(users.id, interpreterProfiles.userId))
    .where(eq(users.email, emails[1]!))
  expect(ben).toEqual({ modalities: ['phone', 'video'], languages: ['Portuguese'] })
  const invitations = await app.db
    .select({ to: mailOutbox.toAddress })
    .from(mailOutbox)
    .where(
      and(inArray(mailOutbox.toAddress, emails), eq(mailOutbox.template, 'interpreter-invitation')),
    )
  expect(invitations.map((mail) => mail.to).sort()).toEqual(emails)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the preview is a page of its own, and the import takes the same file chosen again', async ({
    page,
    context,
    app,
  }) => {
    const tag = randomUUID().slice(0, 6)
    const email = `nojs-${tag}@agency.example`
    const file = {
      name: 'agency.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(importCsv([{ firstName: 'Noa', lastName: `Import${tag}`, email }])),
    }
    const admin = await createAccount('admin', 'Nils Nojs')
    await signIn(context, app.url, admin)
    await page.goto('/admin/interpreter-manager/import')
    await page.getByLabel('CSV file').setInputFiles(file)
    await page.getByRole('button', { name: 'Preview' }).click()
    const summary = page.getByRole('region', { name: 'Preview of agency.csv' }).getByRole('status')
    await expect(summary).toContainText('1 row: 1 new')
    expect(await app.db.$count(users, eq(users.email, email))).toBe(0)

    // The answer is a new page: the file input is empty, and the browser asks for the file.
    await page.getByLabel('CSV file').setInputFiles(file)
    await page.getByRole('button', { name: 'Import 1 interpreter' }).click()
    await expect(
      page.getByText('Imported 1 interpreter; 0 already had an account.').first(),
    ).toBeVisible()
    expect(await app.db.$count(users, eq(users.email, email))).toBe(1)
  })
})
