import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { interpreterApplications, interpreterProfiles } from '../../db/schema'
import { onboardingSteps } from '../../app/domain/onboarding'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { createAccount, signIn } from './auth-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { applyOnLanguagePage } from './recruiting-helpers'

test('staff waive onboarding steps with a reason: the progress bar and the fully onboarded count follow', async ({
  page,
  context,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const application = await applyOnLanguagePage(page, app, 'thai-interpreter', {
    firstName: 'Onboard',
    lastName: `Person${tag}`,
    email: `onboard-${tag}@example.org`,
  })

  const admin = await createAccount('admin', 'Olga Onboarding')
  await decideApplication(
    application.id,
    'approved',
    { sendEmail: false },
    { id: admin.id, name: admin.name },
  )
  await signIn(context, app.url, admin)

  await page.goto(`/admin/interpreter-manager?q=${tag}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Interpreter Manager' })).toBeVisible()
  const counts = page.getByRole('region', { name: 'Onboarding counts' })
  const fully = counts
    .locator('div', { has: page.getByText('Fully Onboarded', { exact: true }) })
    .locator('dd')
  const fullyBefore = Number(await fully.textContent())
  await expectNoAxeViolations(page, 'interpreter manager')

  const name = `Onboard Person${tag}`
  await page.getByRole('link', { name: `Onboarding of ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Onboarding: ${name}` })
  // The screen is the interpreter's (the profile made from the application), not the
  // application's; an address naming the application, as older links did, moves there.
  const [interpreter] = await app.db
    .select({ id: interpreterProfiles.id })
    .from(interpreterProfiles)
    .where(eq(interpreterProfiles.applicationId, application.id))
  await expect(page).toHaveURL(
    new RegExp(`/admin/interpreter-manager/${interpreter!.id}\\?q=${tag}$`),
  )
  const moved = await page.request.get(`/admin/interpreter-manager/${application.id}?q=${tag}`, {
    maxRedirects: 0,
  })
  expect(moved.status()).toBe(301)
  expect(moved.headers().location).toBe(`/admin/interpreter-manager/${interpreter!.id}?q=${tag}`)
  expect((await page.request.get(`/admin/interpreter-manager/${randomUUID()}`)).status()).toBe(404)
  for (const [index, step] of onboardingSteps.entries()) {
    await dialog
      .getByLabel(`Reason to waive ${step.label}`)
      .fill(`Done before joining (${index + 1}).`)
    await dialog
      .locator('form', { has: page.getByLabel(`Reason to waive ${step.label}`) })
      .getByRole('button', { name: 'Waive step' })
      .click()
    await expect(dialog).toContainText(`${index + 1} of 6 steps complete.`)
  }
  // Each change is said in the admin area's live region.
  await expect(page.getByRole('status').filter({ hasText: 'Step waived.' }).first()).toBeVisible()
  await dialog.getByRole('link', { name: 'Close' }).click()
  const row = page.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText('6/6 steps')
  await expect(row).toContainText('Waived')
  await expect(fully).toHaveText(String(fullyBefore + 1))

  const [stored] = await app.db
    .select()
    .from(interpreterApplications)
    .where(eq(interpreterApplications.id, application.id))
  expect(stored?.onboardingProgress).toBe(6)

  await page.getByRole('link', { name: `Onboarding of ${name}` }).click()
  await dialog
    .getByRole('button', { name: `Remove the waiver of ${onboardingSteps[2]!.label}` })
    .click()
  await expect(dialog).toContainText('5 of 6 steps complete.')
  await dialog.getByRole('link', { name: 'Close' }).click()
  await expect(row).toContainText('5/6 steps')
  await expect(fully).toHaveText(String(fullyBefore))

  await page.goto(`/admin/interpreters?q=${tag}`)
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('5/6 steps')
})
