import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { auditLog, interpreterProfiles } from '../../db/schema'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { createAccount, signIn } from './auth-helpers'
import { expect, expectNoAxeViolations, keepScreenshot, test } from './fixtures'
import { applyOnLanguagePage } from './recruiting-helpers'

test('approval pairs what was applied for with English; staff adjust the pairs and the certificate step follows', async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(240_000)
  const tag = randomUUID().slice(0, 6)
  const email = `hana-${tag}@example.org`
  const name = `Hana Pairs${tag}`

  // A Japanese page, native English, and more languages typed (English and Japanese again).
  const application = await applyOnLanguagePage(page, app, 'japanese-interpreter', {
    firstName: 'Hana',
    lastName: `Pairs${tag}`,
    email,
    fluentLanguages: 'korean, English, Japanese',
  })

  // Staff approve in the decision step: the profile gets Japanese and Korean, not English.
  const staff = await browser.newContext()
  const admin = await createAccount('admin', 'Paula Pairs')
  await signIn(staff, app.url, admin)
  const adminPage = await staff.newPage()
  await adminPage.goto(`${app.url}/admin/interpreters/${application.id}?decide=approved`)
  await adminPage.getByLabel(/Send this e-mail to/).uncheck()
  await adminPage.getByRole('button', { name: 'Confirm approval' }).click()
  await expect(adminPage.getByText(`${name} approved.`).first()).toBeVisible()
  const [profile] = await app.db
    .select()
    .from(interpreterProfiles)
    .where(eq(interpreterProfiles.applicationId, application.id))
  expect(profile?.languages).toEqual(['Japanese', 'Korean'])

  // The interpreter's Language proficiency step asks for these two pairs only.
  await signIn(page.context(), app.url, toPublicUser((await findUserByEmail(email))!))
  await page.goto('/interpreter/onboarding')
  const step = page.getByRole('region', { name: /Language proficiency/ })
  const upload = step.getByRole('form', { name: 'Upload: Certificate or test result' })
  const certificateOptions = () =>
    upload.getByLabel('Language').locator('option[value]:not([value=""])')
  await expect(certificateOptions()).toHaveText(['Japanese and English', 'Korean and English'])
  await expect(step.locator('p', { hasText: 'Korean and English' })).toContainText('Missing')
  await expect(step).not.toContainText('English and English')

  // Staff open the interpreter's onboarding: the pairs, one row each.
  await adminPage.goto(`${app.url}/admin/interpreter-manager?q=${tag}`)
  await adminPage.getByRole('link', { name: `Onboarding of ${name}` }).click()
  const dialog = adminPage.getByRole('dialog', { name: `Onboarding: ${name}` })
  const pairs = dialog.getByRole('form', { name: 'Language pairs' })
  const pair = (row: number) =>
    pairs.getByRole('combobox', { name: `Language pair ${row}`, exact: true })
  await expect(pair(1)).toHaveValue('Japanese')
  await expect(pair(2)).toHaveValue('Korean')
  await expect(pair(3)).toHaveCount(0)
  await expectNoAxeViolations(adminPage, 'language pairs in the onboarding review dialog')

  // A language listed twice is refused by the server, next to its row; nothing changes.
  await pairs.getByRole('button', { name: 'Add a language pair' }).click()
  await pair(3).selectOption({ label: 'Japanese and English' })
  await pairs.getByRole('button', { name: 'Save language pairs' }).click()
  const third = pair(3)
  await expect(third).toHaveAttribute('aria-invalid', 'true')
  await expect(pairs.getByText('This language is listed twice.')).toBeVisible()
  await expectNoAxeViolations(adminPage, 'language pairs refused')
  await keepScreenshot(pairs, 'language-pairs-refused')

  // Korean out, Thai in.
  await third.selectOption({ label: 'Thai and English' })
  await pairs.getByRole('button', { name: 'Remove language pair 2' }).click()
  await expect(pair(2)).toHaveValue('Thai')
  await pairs.getByRole('button', { name: 'Save language pairs' }).click()
  await expect(
    adminPage.getByRole('status').filter({ hasText: 'Language pairs saved' }).first(),
  ).toBeVisible()
  await expect(dialog.locator('p', { hasText: 'Thai and English' })).toContainText('Missing')
  await expect(dialog.locator('p', { hasText: 'Korean and English' })).toHaveCount(0)
  const audited = await app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'set_language_pairs'), eq(auditLog.entityId, profile!.id)))
  expect(audited).toHaveLength(1)
  expect(audited[0]?.after).toEqual({ languages: ['Japanese', 'Thai'] })

  // The interpreter's step follows.
  await page.reload()
  await expect(certificateOptions()).toHaveText(['Japanese and English', 'Thai and English'])
  await expect(step.locator('p', { hasText: 'Thai and English' })).toContainText('Missing')
  await expect(step).not.toContainText('Korean')
  await expectNoAxeViolations(page, 'onboarding after staff set the pairs')
  await staff.close()
})
