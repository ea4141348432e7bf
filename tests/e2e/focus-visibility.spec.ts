import type { Page } from '@playwright/test'
import { contrast, over, parseColour, type Rgba } from '../support/contrast'
import { publicPageSamples } from '../support/public-page-samples'
import { createAccount, signIn } from './auth-helpers'
import { expect, test } from './fixtures'

/** What the focused element looks like: its ring, its own fill and the backgrounds behind it. */
interface FocusedLook {
  element: string
  outlineStyle: string
  outlineWidth: number
  outlineOffset: number
  outlineColor: string
  /** The colour of a `0 0 0 <spread>` box-shadow ring right around the element, if any. */
  innerRing: string | null
  ownBackground: string
  /** The ancestors' backgrounds, innermost first, up to the first opaque one. */
  behind: string[]
}

/** Reads the focused element's look, every colour as `rgba()` (Tailwind's are oklch). */
function lookOfFocused(page: Page): Promise<FocusedLook | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return null
    // Buttons fade their colours in (transition-colors): read the ring as it ends up.
    for (const animation of element.getAnimations()) animation.finish()
    const canvas = document.createElement('canvas').getContext('2d', {
      willReadFrequently: true,
    })!
    const rgba = (colour: string) => {
      canvas.clearRect(0, 0, 1, 1)
      canvas.fillStyle = colour
      canvas.fillRect(0, 0, 1, 1)
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data
      return `rgba(${r}, ${g}, ${b}, ${a! / 255})`
    }
    const behind: string[] = []
    for (let node = element.parentElement; node; node = node.parentElement) {
      const background = rgba(getComputedStyle(node).backgroundColor)
      behind.push(background)
      if (background.endsWith(', 1)')) break
    }
    const style = getComputedStyle(element)
    const ring = style.boxShadow
      .split(/,(?![^(]*\))/)
      .map((shadow) => /^(.*\S)\s+0px 0px 0px [1-9]/.exec(shadow.trim())?.[1])
      .find(Boolean)
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
    return {
      element: `<${element.tagName.toLowerCase()} class="${element.className.toString().slice(0, 30)}"> "${text}"`,
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      outlineOffset: parseFloat(style.outlineOffset),
      outlineColor: rgba(style.outlineColor),
      innerRing: ring ? rgba(ring) : null,
      ownBackground: rgba(style.backgroundColor),
      behind,
    }
  })
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 }

/** The colour behind an element: its ancestors' backgrounds painted over the white canvas. */
function surroundingColour(look: FocusedLook): Rgba {
  return look.behind.map(parseColour).reduceRight((below, layer) => over(layer, below), WHITE)
}

/**
 * Problems with the focus ring of the focused element: the ring must contrast 3:1 with the
 * section around it, and a filled control's ring (its inner tone) 3:1 with the fill too.
 */
function ringProblems(look: FocusedLook): string[] {
  // Chrome's own two-tone ring (checkboxes) shows on any background.
  if (look.outlineStyle === 'auto') return []
  if (look.outlineStyle === 'none' || look.outlineWidth < 2)
    return [`${look.element}: no focus ring (${look.outlineStyle} ${look.outlineWidth}px)`]
  const surrounding = surroundingColour(look)
  const fill = over(parseColour(look.ownBackground), surrounding)
  const outline = over(parseColour(look.outlineColor), look.outlineOffset < 0 ? fill : surrounding)
  const problems: string[] = []
  const against = look.outlineOffset < 0 ? fill : surrounding
  const outer = contrast(outline, against)
  if (outer < 3) problems.push(`${look.element}: ring ${outer.toFixed(2)}:1 against its background`)
  const filled = contrast(fill, surrounding) >= 1.5
  if (filled && look.outlineOffset >= 0) {
    const next = look.innerRing ? parseColour(look.innerRing) : outline
    const inner = contrast(over(next, fill), fill)
    if (inner < 3) problems.push(`${look.element}: ring ${inner.toFixed(2)}:1 against its fill`)
  }
  return problems
}

/** Tabs through the whole page and collects the focus ring problems of every stop. */
async function tabThrough(page: Page, label: string): Promise<string[]> {
  const problems: string[] = []
  const seen = new Set<string>()
  for (let stop = 0; stop < 300; stop += 1) {
    await page.keyboard.press('Tab')
    const look = await lookOfFocused(page)
    const key = await page.evaluate(() => {
      const box = document.activeElement?.getBoundingClientRect()
      return `${document.activeElement?.outerHTML.slice(0, 200)}@${box?.top},${box?.left}`
    })
    // Back at the start: every stop was seen.
    if (!look || seen.has(key)) break
    seen.add(key)
    problems.push(...ringProblems(look).map((problem) => `${label}: ${problem}`))
  }
  expect(seen.size, `tab stops on ${label}`).toBeGreaterThan(5)
  return problems
}

test.describe('the focus ring', () => {
  test('every stop on the public and login pages shows a ring with 3:1 against what is around it', async ({
    page,
  }) => {
    test.setTimeout(240_000)
    const problems: string[] = []
    for (const path of [...publicPageSamples.map((sample) => sample.path), '/interpreter-login']) {
      await page.goto(path)
      problems.push(...(await tabThrough(page, path)))
    }
    expect(problems).toEqual([])
  })

  test('at 390 px too, with the amber and blue buttons over the dark hero', async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 390, height: 844 })
    const problems: string[] = []
    for (const path of ['/', '/careers', '/contact', '/jobs/greek-english-remote-interpreter']) {
      await page.goto(path)
      problems.push(...(await tabThrough(page, `${path} at 390 px`)))
    }
    expect(problems).toEqual([])
  })

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
    test.setTimeout(120_000)
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

  /** Filled buttons whose edge would vanish with their background. */
  async function edgelessButtons(page: Page): Promise<string[]> {
    return page.$$eval('.btn, .btn-primary, .btn-accent, .btn-secondary', (buttons) =>
      buttons
        .filter((button) => (button as HTMLElement).offsetParent !== null)
        .filter((button) => {
          const style = getComputedStyle(button)
          const border = style.borderTopStyle !== 'none' && parseFloat(style.borderTopWidth) > 0
          const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
          return !border && !outline
        })
        .map((button) => (button.textContent ?? '').trim()),
    )
  }

  test('buttons keep their edges on the public pages and in their error states', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const edgeless: string[] = []
    for (const path of [...publicPageSamples.map((sample) => sample.path), '/interpreter-login']) {
      await page.goto(path)
      edgeless.push(...(await edgelessButtons(page)).map((name) => `${path}: ${name}`))
    }
    expect(edgeless).toEqual([])

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      for (const [path, submit] of [
        ['/contact', 'Send Message'],
        ['/apply/contract-interpreter', 'Submit Application'],
        ['/interpreter-login', 'Sign In'],
      ] as const) {
        await page.goto(path)
        const form = page.locator('form', { has: page.getByRole('button', { name: submit }) })
        await form.getByRole('button', { name: submit }).click()
        await expect(form.getByRole('group', { name: /^Please correct/ })).toBeFocused()
        const summary = await form
          .getByRole('group', { name: /^Please correct/ })
          .evaluate((element) => getComputedStyle(element).borderTopStyle)
        expect(summary).not.toBe('none')
        await form.screenshot({
          path: test
            .info()
            .outputPath(`screenshots/forced-colours-${path.split('/')[1]}-errors-${width}.png`),
        })
      }
    }
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
