import { mkdirSync } from 'node:fs'
import { randomInt, randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { detectDocumentFileType } from '../../app/lib/uploads/document-file.server'
import { createInterpreterApplication } from '../../app/models/interpreter-applications/create.server'
import { pdfDocument } from '../support/document-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'

// Screenshots of the table and the dialog with duplicates, for people to look at.
const SHOTS = process.env.SCREENSHOT_DIR

async function apply(firstName: string, lastName: string, email: string, phone: string) {
  const bytes = pdfDocument(`${firstName} resume`)
  const { id } = await createInterpreterApplication(
    {
      source: 'language-page',
      sourceReference: 'polish-interpreter',
      jobId: null,
      position: 'Polish Interpreter',
      firstName,
      lastName,
      email,
      phone,
      languages: ['Polish', 'English'],
      interpretingExperience: '3-5',
      specializations: [],
      expectedPayPerMinute: '1.00-1.25',
      privacyConsentAt: new Date(),
      privacyNoticeVersion: 'test',
      answers: [],
    },
    {
      bytes,
      originalName: `${firstName} CV.pdf`,
      type: (await detectDocumentFileType(bytes))!,
    },
  )
  return id
}

/** Three records of one person (two by e-mail, one by phone) and someone else. */
async function applicants() {
  const tag = randomUUID().slice(0, 6)
  const digits = `${randomInt(200, 999)}555${randomInt(1000, 9999)}`
  const lastName = `Kowal${tag}`
  const people = {
    marta: { name: `Marta ${lastName}`, email: `marta-${tag}@example.org` },
    martha: { name: `Martha ${lastName}`, email: `MARTA-${tag}@Example.org` },
    mk: { name: `M. ${lastName}`, email: `mk-${tag}@example.net` },
    other: { name: `Olga ${lastName}`, email: `olga-${tag}@example.org` },
  }
  const phone = `+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
  const ids = {
    marta: await apply('Marta', lastName, people.marta.email, phone),
    martha: await apply(
      'Martha',
      lastName,
      people.martha.email,
      `+1 415 ${randomInt(200, 999)} 0101`,
    ),
    mk: await apply(
      'M.',
      lastName,
      people.mk.email,
      `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`,
    ),
    other: await apply('Olga', lastName, people.other.email, `+1 646 ${randomInt(200, 999)} 0102`),
  }
  return { tag, people, ids }
}

const rowOf = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByText(email, { exact: true }) })

async function checkBothWidths(page: Page, label: string, shot: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoAxeViolations(page, `${label} at ${width}px`)
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true })
      await page.screenshot({ path: `${SHOTS}/${shot}-${width}.png`, fullPage: true })
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('possible duplicates: marked in the table, linked both ways, dismissed, merged with both resumes', async ({
  page,
  context,
  app,
}) => {
  const { tag, people, ids } = await applicants()
  await signIn(context, app.url, await createAccount('admin', 'Dina Duplicates'))
  await page.goto(`/admin/interpreters?q=${tag}`)

  const marta = rowOf(page, people.marta.email)
  await expect(marta.getByText('Possible duplicate')).toBeVisible()
  await expect(
    marta.getByRole('link', { name: new RegExp(`^${people.martha.name}, applied`) }),
  ).toBeVisible()
  await expect(
    marta.getByRole('link', { name: new RegExp(`^${people.mk.name}, applied`) }),
  ).toBeVisible()
  const martha = rowOf(page, people.martha.email)
  await expect(martha.getByRole('link', { name: /, applied/ })).toHaveText([
    new RegExp(`^${people.marta.name}, applied`),
  ])
  await expect(rowOf(page, people.mk.email).getByText('Possible duplicate')).toBeVisible()
  await expect(rowOf(page, people.other.email).getByText('Possible duplicate')).toHaveCount(0)
  await checkBothWidths(page, 'interpreters table with duplicates', 'duplicates-table')

  // From Martha's row to Marta's record, which lists both of its possible duplicates.
  await martha.getByRole('link', { name: new RegExp(`^${people.marta.name}, applied`) }).click()
  const martaDialog = page.getByRole('dialog', { name: people.marta.name })
  const duplicates = martaDialog.getByRole('region', { name: /Possible duplicate of/ })
  await expect(duplicates.getByRole('listitem')).toHaveCount(2)
  await expect(
    duplicates.getByRole('listitem').filter({ hasText: people.martha.name }),
  ).toContainText('Same e-mail address')
  await expect(duplicates.getByRole('listitem').filter({ hasText: people.mk.name })).toContainText(
    'Same phone number',
  )
  await checkBothWidths(page, 'details dialog with duplicates', 'duplicates-dialog')

  // And back: Martha's record links to Marta's.
  await duplicates
    .getByRole('link', { name: new RegExp(`^${people.martha.name}, applied`) })
    .click()
  const marthaDialog = page.getByRole('dialog', { name: people.martha.name })
  await expect(
    marthaDialog.getByRole('link', { name: new RegExp(`^${people.marta.name}, applied`) }),
  ).toBeVisible()
  await marthaDialog
    .getByRole('link', { name: new RegExp(`^${people.marta.name}, applied`) })
    .click()

  // Dismiss: M. is someone else.
  await martaDialog
    .getByRole('button', { name: new RegExp(`^Not a duplicate: ${people.mk.name}`) })
    .click()
  await expect(duplicates.getByRole('listitem')).toHaveCount(1)
  await expect(
    martaDialog.getByText(`marked ${people.mk.name} (${people.mk.email}) as not a duplicate`),
  ).toBeVisible()
  await expect(rowOf(page, people.mk.email).getByText('Possible duplicate')).toHaveCount(0)

  // Merge, keeping Martha's record: a confirmation first, then one record with both resumes.
  await martaDialog
    .getByRole('link', { name: new RegExp(`^Merge with ${people.martha.name}`) })
    .click()
  const confirmation = martaDialog.getByRole('region', { name: 'Merge two records' })
  await expect(confirmation).toBeVisible()
  await expect(confirmation.getByLabel(/^This record/)).toBeChecked()
  await checkBothWidths(page, 'merge confirmation', 'duplicates-merge')
  await confirmation.getByRole('link', { name: 'Cancel' }).click()
  await expect(confirmation).toHaveCount(0)
  await martaDialog
    .getByRole('link', { name: new RegExp(`^Merge with ${people.martha.name}`) })
    .click()
  await confirmation.getByLabel(/^The other record/).check()
  await confirmation.getByRole('button', { name: 'Merge records' }).click()

  await expect(marthaDialog).toBeVisible()
  await expect(
    marthaDialog.getByText(`merged ${people.marta.name} (${people.marta.email}) into this record`),
  ).toBeVisible()
  await expect(marthaDialog.getByRole('region', { name: /Possible duplicate of/ })).toHaveCount(0)
  const resumes = marthaDialog.getByRole('link', { name: /^Download resume/ })
  await expect(resumes).toHaveCount(2)
  await checkBothWidths(page, 'merged record', 'duplicates-merged')
  for (const [index, name] of [
    [0, 'Martha CV.pdf'],
    [1, 'Marta CV.pdf'],
  ] as const) {
    const download = page.waitForEvent('download')
    await resumes.nth(index).click()
    expect((await download).suggestedFilename()).toBe(name)
  }
  await expect(rowOf(page, people.marta.email)).toHaveCount(0)
  await expect(rowOf(page, people.martha.email).getByText('Possible duplicate')).toHaveCount(0)

  // A link to the merged record leads to the record it went into.
  await page.goto(`/admin/interpreters/${ids.marta}?q=${tag}`)
  await expect(page).toHaveURL(new RegExp(`/admin/interpreters/${ids.martha}\\?q=${tag}$`))
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('merge asks for confirmation and works with plain links and forms', async ({
    page,
    context,
    app,
  }) => {
    const { tag, people, ids } = await applicants()
    await signIn(context, app.url, await createAccount('admin'))
    await page.goto(`/admin/interpreters/${ids.mk}?q=${tag}`)
    const dialog = page.getByRole('dialog', { name: people.mk.name })
    await dialog.getByRole('link', { name: new RegExp(`^Merge with ${people.marta.name}`) }).click()
    await expect(page).toHaveURL(new RegExp(`merge=${ids.marta}`))
    await expect(dialog.getByRole('heading', { name: 'Merge two records' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Merge records' }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/interpreters/${ids.mk}\\?q=${tag}$`))
    await expect(
      dialog.getByText(`merged ${people.marta.name} (${people.marta.email}) into this record`),
    ).toBeVisible()
    await expect(dialog.getByRole('link', { name: /^Download resume/ })).toHaveCount(2)
    // Martha matched Marta by e-mail, not M.: nothing left to merge.
    await expect(dialog.getByRole('region', { name: /Possible duplicate of/ })).toHaveCount(0)
    await page.goto(`/admin/interpreters/${ids.martha}?q=${tag}`)
    await expect(page.getByRole('region', { name: /Possible duplicate of/ })).toHaveCount(0)

    // A blank note is refused next to the note field, not in the alert above the details.
    await page.getByLabel('Add a note').fill('   ')
    await page.getByRole('button', { name: 'Add note' }).click()
    await expect(page.getByLabel('Add a note')).toHaveAccessibleDescription('Please write a note.')
    await expect(page.getByRole('alert')).toHaveCount(0)
  })
})
