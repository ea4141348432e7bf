import { createAccount, signIn } from './auth-helpers'
import { expect, test } from './fixtures'
import { edgelessButtons, lookOfFocused, ringProblems, tabThrough } from './focus-ring'

// The public and login pages, at both widths and in forced colours, are checked in one crawl
// (public-pages.spec.ts); their forms' error states in form-errors.spec.ts. Here: the screens
// behind a sign-in and the one control the crawl cannot tell apart.

test.describe('the focus ring', () => {
  test('the amber call to action over the dark hero: 3:1 against the button and the section', async ({
    page,
  }) => {
    await page.goto('/careers')
    const cta = page.locator('a.btn-accent').first()
    await cta.focus()
    await expect(cta).toBeFocused()
    const look = (await lookOfFocused(page))!
    expect(ringProblems(look)).toEqual([])
    expect(look.innerRing).not.toBeNull()
  })

  test('the admin pages keep the ring on their dark sidebar and light content', async ({
    page,
    context,
    app,
  }) => {
    test.setTimeout(240_000)
    await signIn(context, app.url, await createAccount('admin', 'Rin Ring'))
    const problems: string[] = []
    for (const path of ['/admin/dashboard', '/admin/resources/new']) {
      await page.goto(path)
      problems.push(...(await tabThrough(page, path)))
    }
    expect(problems).toEqual([])
  })
})

test.describe('forced colours', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' })
  })

  test('a dialog keeps its edge', async ({ page, context, app }) => {
    await signIn(context, app.url, await createAccount('admin', 'Edge Keeper'))
    await page.goto('/admin/resources/new')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    const border = await dialog.evaluate((element) => {
      const style = getComputedStyle(element)
      return { style: style.borderTopStyle, width: parseFloat(style.borderTopWidth) }
    })
    expect(border.style).not.toBe('none')
    expect(border.width).toBeGreaterThan(0)
    expect(await edgelessButtons(page)).toEqual([])
    await page.screenshot({ path: test.info().outputPath('screenshots/forced-colours-dialog.png') })
  })
})
