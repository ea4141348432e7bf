import { readFileSync } from 'node:fs'
import { todayIn } from '../../app/domain/availability'
import { addDays } from '../../app/domain/onboarding'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import {
  attachPreparationFile,
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
} from '../support/booking-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { checkPage, expect, test } from './fixtures'

const accountOf = async (email: string) => toPublicUser((await findUserByEmail(email))!)

/**
 * A client's preparation file reaches the people who work on the booking: staff on the
 * booking's page and the confirmed interpreter on their assignment (docs/product.md#bookings,
 * #assignments); another interpreter finds nothing there.
 */
test('staff and the confirmed interpreter download a booking’s preparation file; another interpreter gets 404', async ({
  page,
  app,
}) => {
  const tag = Date.now().toString(36)
  const staff = await createAccount('admin', 'Petra Preparer')
  const actor = { id: staff.id, name: staff.name }
  const organizationId = await createOrganization(app.db, `Harbour Clinic ${tag}`)
  const ana = await createDispatchInterpreter(app.db, actor, {
    firstName: 'Aurelia',
    lastName: `Prepared ${tag}`,
  })
  const ben = await createDispatchInterpreter(app.db, actor, {
    firstName: 'Bruno',
    lastName: `Outsider ${tag}`,
  })
  const bookingId = await createBookingRow(app.db, {
    organizationId,
    localDate: addDays(todayIn('America/New_York', new Date()), 9),
    localTime: '10:00',
    status: 'confirmed',
    interpreterId: ana.profileId,
    location: `12 Harbour Road ${tag}`,
  })
  const fileName = `glossary-${tag}.pdf`
  const fileId = await attachPreparationFile(bookingId, fileName, `Harbour glossary ${tag}`)
  const fileUrl = (area: 'admin/bookings' | 'interpreter/assignments') =>
    `/${area}/${bookingId}/files/${fileId}`

  // Staff: the booking's page lists the file, which downloads as an attachment.
  await signIn(page.context(), app.url, staff)
  await page.goto(`/admin/bookings/${bookingId}`)
  const staffFiles = page.getByRole('region', { name: 'Preparation files' })
  await expect(staffFiles.getByRole('link', { name: fileName })).toHaveAttribute(
    'href',
    fileUrl('admin/bookings'),
  )
  await checkPage(page, 'admin-booking-files')
  const staffDownload = page.waitForEvent('download')
  await staffFiles.getByRole('link', { name: fileName }).click()
  const staffFile = await staffDownload
  expect(staffFile.suggestedFilename()).toBe(fileName)
  expect(readFileSync((await staffFile.path())!).toString('latin1')).toContain(
    `Harbour glossary ${tag}`,
  )
  const staffAnswer = await page.request.get(fileUrl('admin/bookings'))
  expect(staffAnswer.status()).toBe(200)
  expect(staffAnswer.headers()).toMatchObject({
    'content-type': 'application/pdf',
    'content-disposition': expect.stringMatching(/^attachment;/),
    'cache-control': expect.stringMatching(/(^|, )private, no-store$/),
  })
  expect(staffAnswer.headers()['content-security-policy']).toContain("default-src 'none'")

  // The confirmed interpreter: the file is with the assignment.
  await page.context().clearCookies()
  await signIn(page.context(), app.url, await accountOf(ana.email))
  await page.goto('/interpreter/assignments')
  const files = page.getByRole('list', { name: /^Preparation files of / })
  await expect(files.getByRole('link', { name: fileName })).toHaveAttribute(
    'href',
    fileUrl('interpreter/assignments'),
  )
  await checkPage(page, 'interpreter-assignment-files')
  const download = page.waitForEvent('download')
  await files.getByRole('link', { name: fileName }).click()
  const downloaded = await download
  expect(downloaded.suggestedFilename()).toBe(fileName)
  expect(readFileSync((await downloaded.path())!).toString('latin1')).toContain(
    `Harbour glossary ${tag}`,
  )

  // Another interpreter: neither the list nor the file, and nothing named in the refusal.
  await page.context().clearCookies()
  await signIn(page.context(), app.url, await accountOf(ben.email))
  await page.goto('/interpreter/assignments')
  await expect(page.getByRole('link', { name: fileName })).toHaveCount(0)
  const refused = await page.request.get(fileUrl('interpreter/assignments'))
  expect(refused.status()).toBe(404)
  const body = await refused.text()
  expect(body).not.toContain(fileName)
  expect(body).not.toContain(`12 Harbour Road ${tag}`)
})
