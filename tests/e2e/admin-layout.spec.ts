import type { Page } from '@playwright/test'
import { signIn } from './auth-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { adminScreens, createLongRecords, type LongRecords } from './admin-long-data'

const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 800 }

let records: LongRecords

test.beforeAll(async ({ app }) => {
  records = await createLongRecords(app)
})

test.beforeEach(async ({ context, app }) => {
  await signIn(context, app.url, records.admin)
})

/**
 * What sticks out sideways: the page's own horizontal scroll, boxes or lines of text reaching
 * past the viewport, and inner regions that scroll sideways (a table in an overflow wrapper).
 */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement
    const viewport = root.clientWidth
    const describe = (node: Node) => {
      const element = node instanceof Element ? node : node.parentElement!
      return `<${element.tagName.toLowerCase()}> ${(node.textContent ?? '').trim().slice(0, 60)}`
    }
    const outOfView = (rect: DOMRect) => rect.right > viewport + 1 || rect.left < -1
    // Visually hidden text (a 1 px box that clips its content) is not laid out for the eye.
    const hidden = Array.from(document.querySelectorAll('body *')).filter((element) => {
      const rect = element.getBoundingClientRect()
      return rect.width <= 1 && rect.height <= 1
    })
    const isShown = (node: Node) => {
      if (hidden.some((box) => box === node || box.contains(node))) return false
      // The content of a closed <details> is laid out but not drawn.
      const element = node instanceof Element ? node : node.parentElement
      const closed = element?.closest('details:not([open])')
      return !closed || Boolean(element?.closest('summary'))
    }
    const outside: string[] = []
    const scrolling: string[] = []
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const rect = element.getBoundingClientRect()
      if (rect.width === 0 || !isShown(element)) continue
      if (outOfView(rect)) outside.push(describe(element))
      const { overflowX } = getComputedStyle(element)
      if (
        (overflowX === 'auto' || overflowX === 'scroll') &&
        element.scrollWidth > element.clientWidth + 1
      )
        scrolling.push(describe(element))
    }
    // Text can run out of a box that itself fits (a long address that does not wrap).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (!text.textContent?.trim() || !isShown(text)) continue
      // Text cut short by a box that clips it (an ellipsis) is as wide as that box.
      let clippedBy = text.parentElement
      while (clippedBy && getComputedStyle(clippedBy).overflowX === 'visible')
        clippedBy = clippedBy.parentElement
      if (clippedBy && clippedBy !== document.documentElement && clippedBy !== document.body)
        continue
      range.selectNodeContents(text)
      if (Array.from(range.getClientRects()).some(outOfView)) outside.push(describe(text))
    }
    return {
      pageScrolls: root.scrollWidth > viewport,
      outside: outside.slice(0, 5),
      scrolling: scrolling.slice(0, 5),
    }
  })
}

/**
 * The links, buttons and checkboxes of table rows that are not wholly inside their table and
 * the viewport, or that something covers.
 */
async function cutOffRowActions(page: Page) {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth
    const cutOff: string[] = []
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const box = table.getBoundingClientRect()
      for (const control of Array.from(
        table.querySelectorAll('tbody a, tbody button, tbody input:not([type="hidden"])'),
      )) {
        const rect = control.getBoundingClientRect()
        // Not shown (inside a closed disclosure, which Chromium lays out but hides).
        if (rect.width === 0 || !control.checkVisibility({ contentVisibilityAuto: true })) continue
        const inside =
          rect.left >= box.left - 1 &&
          rect.right <= box.right + 1 &&
          rect.left >= 0 &&
          rect.right <= viewport
        // The middle of its first line (a link may wrap) must be the control itself.
        control.scrollIntoView({ block: 'center', behavior: 'instant' })
        const line = control.getClientRects()[0]!
        const atMiddle = document.elementFromPoint(
          line.left + line.width / 2,
          line.top + line.height / 2,
        )
        if (!inside || !atMiddle || !control.contains(atMiddle))
          cutOff.push(
            `${control.getAttribute('aria-label') ?? control.textContent?.trim()} (${Math.round(rect.left)}–${Math.round(rect.right)} in a table ${Math.round(box.left)}–${Math.round(box.right)}, viewport ${viewport}; at its middle: ${atMiddle?.tagName})`,
          )
      }
    }
    return cutOff
  })
}

/**
 * The first tab stop of a screen, once its scripts have run, is the skip link; following it
 * puts the focus in the main content, and so does the next tab stop.
 */
async function expectSkipLinkFirst(page: Page, label: string) {
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skip, label).toBeFocused()
  await expect(skip).toBeInViewport({ ratio: 1 })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
  await page.keyboard.press('Tab')
  expect(
    await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
    `the next tab stop after skipping on ${label} is in the main content`,
  ).toBe(true)
}

// One visit per admin screen and width checks its layout with long names and addresses, axe,
// the skip link and (at 1280 px) the row actions.
for (const viewport of [phone, desktop]) {
  test(`at ${viewport.width} px no admin screen scrolls sideways with long names and addresses, axe finds nothing, the first tab stop skips to the main content${viewport === desktop ? ' and every action of every table row is in view' : ''}`, async ({
    page,
  }) => {
    test.setTimeout(480_000)
    await page.setViewportSize(viewport)
    for (const screen of adminScreens(records)) {
      const label = `${screen.name} at ${viewport.width} px`
      // As a person would: once the page has loaded and its scripts have run.
      await page.goto(screen.path, { waitUntil: 'networkidle' })
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // A dialog takes the focus itself, and covers its list on purpose (the lists are
      // checked on their own screens).
      if (!screen.dialog) await expectSkipLinkFirst(page, label)
      expect.soft(await sidewaysOverflow(page), label).toEqual({
        pageScrolls: false,
        outside: [],
        scrolling: [],
      })
      if (viewport === desktop && !screen.dialog)
        expect.soft(await cutOffRowActions(page), label).toEqual([])
      await expectNoAxeViolations(page, label)
    }

    // A confirmation that opens in a row stays on the screen too.
    await page.goto('/admin/dashboard')
    await page.locator('summary', { hasText: 'Delete' }).first().click()
    await expect(page.getByRole('button', { name: 'Delete permanently' }).first()).toBeVisible()
    expect
      .soft(await sidewaysOverflow(page), `dashboard delete confirmation at ${viewport.width} px`)
      .toEqual({ pageScrolls: false, outside: [], scrolling: [] })
  })
}

test('at 1280 px long values are cut short with the full value at hand, and the last action of a long row is in view', async ({
  page,
}) => {
  await page.setViewportSize(desktop)
  await page.goto('/admin/clients')
  const row = page.getByRole('row', { name: new RegExp(records.searchTerm) })
  await expect(row.getByRole('link', { name: /^View details of / })).toBeVisible()
  await expect(row.getByRole('link', { name: /^Send email to / })).toBeVisible()
  // The whole address is in the cell (read by screen readers) and in its tooltip.
  await expect(row.getByTitle(records.clientEmail)).toHaveText(records.clientEmail)

  for (const name of [
    'Christopher-Maximilian Hohenzollern-Sigmaringen',
    'Guinevere Featherstonehaugh-Cholmondeley',
  ]) {
    // The list is paged; its search finds the account among every other test's.
    await page.goto(`/admin/users?q=${encodeURIComponent(name)}`)
    const userRow = page.getByRole('row', { name: new RegExp(name) })
    await expect(userRow.getByRole('cell', { name: /^Never$/ })).toBeVisible()
    const lastAction = userRow.getByRole('button').last()
    await lastAction.scrollIntoViewIfNeeded()
    await expect(lastAction).toBeInViewport({ ratio: 1 })
  }
})

test('at 390 px table rows are cards with a label before each value', async ({ page }) => {
  await page.setViewportSize(phone)
  await page.goto('/admin/clients')
  const card = page.getByRole('row', { name: new RegExp(records.searchTerm) })
  for (const label of ['Client', 'Company', 'Request', 'Status', 'Date', 'Actions'])
    await expect(card.getByText(label, { exact: true })).toBeVisible()
  // Nothing is cut short on a card: the whole address shows, over as many lines as it needs.
  const address = card.getByTitle(records.clientEmail)
  await address.scrollIntoViewIfNeeded()
  await expect(address).toBeInViewport({ ratio: 1 })
  const lines = await address.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return new Set(Array.from(range.getClientRects(), (line) => Math.round(line.top))).size
  })
  expect(lines).toBeGreaterThan(1)
  const sendEmail = card.getByRole('link', { name: /^Send email to / })
  await sendEmail.scrollIntoViewIfNeeded()
  await expect(sendEmail).toBeInViewport({ ratio: 1 })
})

for (const viewport of [desktop, phone]) {
  test(`at ${viewport.width} px, after a validation error one click on Send invitation sends it`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    await page.goto('/admin/users')
    const invite = page.getByRole('region', { name: 'Invite a staff member' })
    const send = invite.getByRole('button', { name: 'Send invitation' })
    // Before hydration the browser's own checks would refuse the submission instead.
    await expect(invite.locator('form')).toHaveAttribute('novalidate', '')
    await send.click()
    await expect(invite.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(invite.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(page, `invite form with errors at ${viewport.width} px`)

    const email = `wilhelmina.${records.tag}.${viewport.width}@example.org`
    await invite.getByLabel('Name').fill('Wilhelmina Invitee')
    await invite.getByRole('checkbox', { name: /^Administrator:/ }).check()
    await invite.getByLabel('Email').fill(email)
    // One click, with focus still in the corrected field: it must land on the button.
    await send.click()
    await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible()
  })
}
