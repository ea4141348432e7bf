import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { auditLog, mailOutbox } from '../../db/schema'
import { createAccount, signIn } from './auth-helpers'
import { eventually, expect, expectNoAxeViolations, test } from './fixtures'

test('staff see failed mail with its error and send it again; only failed mail can be retried', async ({
  page,
  context,
  app,
}) => {
  const admin = await createAccount('admin', 'Mail Admin')
  await signIn(context, app.url, admin)
  const tag = randomUUID().slice(0, 8)
  const [failed] = await app.db
    .insert(mailOutbox)
    .values({
      template: 'client-request-confirmation',
      toAddress: `nobody-${tag}@refuse.example`,
      subject: `Your request ${tag}`,
      html: '<p>Thanks</p>',
      text: 'Thanks',
      status: 'failed',
      attempts: 1,
      lastError:
        "Can't send mail - all recipients were rejected: 550 Mailbox unavailable <script>alert(1)</script>",
    })
    .returning()
  await app.db.insert(mailOutbox).values({
    template: 'client-request-confirmation',
    toAddress: `delivered-${tag}@example.org`,
    subject: `Delivered ${tag}`,
    html: '<p>Thanks</p>',
    text: 'Thanks',
    status: 'sent',
    attempts: 1,
    sentAt: new Date(),
  })

  await page.goto('/admin/dashboard')
  await page.getByRole('link', { name: 'Mail', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/mail$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible()
  const failedRow = page.getByRole('row', { name: new RegExp(`Your request ${tag}`) })
  await expect(failedRow).toContainText('Failed')
  // The error is shown as text, never run.
  await expect(failedRow).toContainText('550 Mailbox unavailable <script>alert(1)</script>')
  const deliveredRow = page.getByRole('row', { name: new RegExp(`Delivered ${tag}`) })
  await expect(deliveredRow).toContainText('Sent')
  await expect(deliveredRow.getByRole('button', { name: /Retry/ })).toHaveCount(0)
  await expectNoAxeViolations(page, 'admin mail')

  await page.getByRole('link', { name: /^Failed \(\d+\)$/ }).click()
  await expect(page).toHaveURL(/status=failed/)
  await expect(page.getByRole('row', { name: new RegExp(`Delivered ${tag}`) })).toHaveCount(0)
  await expectNoAxeViolations(page, 'admin mail, failed only')

  await page
    .getByRole('button', {
      name: `Retry the message to nobody-${tag}@refuse.example: Your request ${tag}`,
    })
    .click()
  await expect(
    page.getByText('The message is queued again and will be sent shortly.'),
  ).toBeVisible()
  // Without SMTP_URL the worker writes it to a file: delivered this time.
  await eventually(async () => {
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed!.id))
    expect(row?.status).toBe('sent')
  })
  const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, failed!.id))
  expect(audit).toMatchObject({ action: 'mail_retried', actorId: admin.id })

  // A second retry of the same message changes nothing.
  const again = await page.request.post('/admin/mail', {
    headers: { Origin: app.url },
    form: { intent: 'retry', mailId: failed!.id },
  })
  expect(again.status()).toBe(409)
  // And a retry from another site is refused before it reaches the action.
  const forged = await page.request.post('/admin/mail', {
    headers: { Origin: 'https://evil.example' },
    form: { intent: 'retry', mailId: failed!.id },
  })
  expect(forged.status()).toBe(403)
})

test('the mail list is for admins only', async ({ page, context, app }) => {
  await page.goto('/admin/mail')
  await expect(page).toHaveURL(/\/interpreter-login\?redirectTo=%2Fadmin%2Fmail/)
  const interpreter = await createAccount('interpreter', 'Not Staff')
  await signIn(context, app.url, interpreter)
  // Another role's page sends the user to their own home.
  await page.goto('/admin/mail')
  await expect(page).toHaveURL(`${app.url}/interpreter/dashboard`)
})
