import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { mailOutbox } from '../../db/schema'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { currentAgreement } from '../../app/models/onboarding/progress.server'
import { createResource, setResourceAudience } from '../../app/models/resources.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { createApplicant } from '../support/people-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { eventually, expect, expectNoAxeViolations, test } from './fixtures'

test('with no contractor agreement staff are told where to publish it; publishing it e-mails the waiting interpreter, whose step opens', async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(180_000)
  const tag = randomUUID().slice(0, 6)
  const admin = await createAccount('admin', 'Aida Agreement')
  // A fresh install has no agreement; an earlier test of this worker may have published one.
  const earlier = await currentAgreement()
  if (earlier) await setResourceAudience(earlier.id, 'interpreters', admin)
  const email = `rita-${tag}@example.org`
  const applicationId = await createApplicant(app.db, {
    firstName: 'Rita',
    lastName: `Waiting${tag}`,
    email,
  })
  await decideApplication(applicationId, 'approved', { sendEmail: false }, admin)
  const title = `Contractor agreement ${tag}`
  await createResource(
    { title, type: 'document', url: `https://example.org/agreement-${tag}` },
    admin,
  )

  // The interpreter's first step waits, with the promise of an e-mail.
  await signIn(page.context(), app.url, toPublicUser((await findUserByEmail(email))!))
  await page.goto('/interpreter/onboarding')
  const step = page.getByRole('region', { name: '1. Contractor agreement' })
  await expect(step).toContainText(
    'The contractor agreement is not published yet. We will e-mail you when it is ready to sign.',
  )
  await expect(page.getByRole('form', { name: 'Sign the contractor agreement' })).toHaveCount(0)

  // Staff see the notice on the dashboard, the Interpreter manager and the interpreter's
  // onboarding, each with the way to Resources.
  const staff = await browser.newContext()
  await signIn(staff, app.url, admin)
  const staffPage = await staff.newPage()
  await staffPage.goto(`${app.url}/admin/dashboard`)
  const notice = staffPage.getByRole('region', { name: 'No contractor agreement is published' })
  await expect(notice).toContainText(/\(\d+ interpreters? (is|are) waiting\)/)
  await expect(notice).toContainText(
    'choose “Interpreters, the contractor agreement they sign in onboarding”',
  )
  await expectNoAxeViolations(staffPage, 'dashboard with the agreement notice')
  await staffPage.goto(`${app.url}/admin/interpreter-manager?q=${tag}`)
  await expect(notice).toBeVisible()
  await staffPage.getByRole('link', { name: `Onboarding of Rita Waiting${tag}` }).click()
  const dialog = staffPage.getByRole('dialog', { name: `Onboarding: Rita Waiting${tag}` })
  await expect(
    dialog.getByRole('region', { name: 'No contractor agreement is published' }),
  ).toBeVisible()
  await expect(dialog).toContainText('No contractor agreement is published yet.')
  await expectNoAxeViolations(staffPage, 'onboarding review with the agreement notice')
  await dialog.getByRole('link', { name: 'Publish the contractor agreement in Resources' }).click()
  await expect(staffPage).toHaveURL(/\/admin\/resources$/)

  // Staff publish it as the agreement; nothing was e-mailed before.
  const agreementMails = () =>
    app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'agreement-ready'), eq(mailOutbox.toAddress, email)))
  expect(await agreementMails()).toHaveLength(0)
  await staffPage.getByRole('button', { name: `Audience of ${title}` }).click()
  const audience = staffPage.getByRole('dialog', { name: 'Who sees this resource' })
  await audience
    .getByLabel('Interpreters, the contractor agreement they sign in onboarding')
    .check()
  await audience.getByRole('button', { name: 'Save audience' }).click()
  await expect(staffPage.getByText('Audience saved.')).toBeVisible()
  const [mail] = await eventually(async () => {
    const found = await agreementMails()
    expect(found).toHaveLength(1)
    return found
  })
  expect(mail!.subject).toBe('Your contractor agreement is ready to sign')
  expect(mail!.text).toContain(`The ${title} is now published.`)
  expect(mail!.text).toContain(`${app.url}/interpreter/onboarding`)
  await staffPage.goto(`${app.url}/admin/dashboard`)
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(notice).toHaveCount(0)
  // Saving the same audience again e-mails nobody twice.
  await staffPage.goto(`${app.url}/admin/resources`)
  await staffPage.getByRole('button', { name: `Audience of ${title}` }).click()
  await audience.getByRole('button', { name: 'Save audience' }).click()
  await expect(staffPage.getByText('Audience saved.')).toBeVisible()
  expect(await agreementMails()).toHaveLength(1)
  await staff.close()

  // The interpreter follows the e-mail's link: the step can be signed now.
  await page.goto(/\/interpreter\/onboarding/.exec(mail!.text)![0])
  const sign = page.getByRole('form', { name: 'Sign the contractor agreement' })
  await expect(step).toContainText(`Read the ${title} (version 1)`)
  await sign.getByLabel('Your full name, as your signature').fill(`Rita Waiting${tag}`)
  await sign.getByLabel(`I have read and agree to the ${title}`).check()
  await sign.getByRole('button', { name: 'Sign the agreement' }).click()
  await expect(step).toContainText(`Signed as Rita Waiting${tag}`)
  await expectNoAxeViolations(page, 'onboarding with the agreement signed')
})
