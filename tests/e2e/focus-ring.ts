import type { Page } from '@playwright/test'
import { contrast, over, parseColour, type Rgba } from '../support/contrast'
import { expect } from './fixtures'

// How focus and edges look, for the crawl of the public pages (public-pages.spec.ts) and the
// focus checks of the other screens (focus-visibility.spec.ts).

/** What the focused element looks like: its ring, its own fill and the backgrounds behind it. */
export interface FocusedLook {
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
  /** The element's markup and place: a stop seen twice means the Tab key went round. */
  stop: string
}

/** Reads the focused element's look, every colour as `rgba()` (Tailwind's are oklch). */
export function lookOfFocused(page: Page): Promise<FocusedLook | null> {
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
    const box = element.getBoundingClientRect()
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
      stop: `${element.outerHTML.slice(0, 200)}@${box.top},${box.left}`,
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
export function ringProblems(look: FocusedLook): string[] {
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
export async function tabThrough(page: Page, label: string): Promise<string[]> {
  const problems: string[] = []
  const seen = new Set<string>()
  for (let stop = 0; stop < 300; stop += 1) {
    await page.keyboard.press('Tab')
    // One round trip per stop: the look and the place of the focused element.
    const look = await lookOfFocused(page)
    // Back at the start: every stop was seen.
    if (!look || seen.has(look.stop)) break
    seen.add(look.stop)
    problems.push(...ringProblems(look).map((problem) => `${label}: ${problem}`))
  }
  expect(seen.size, `tab stops on ${label}`).toBeGreaterThan(5)
  return problems
}

/** Filled buttons whose edge would vanish with their background. */
export async function edgelessButtons(page: Page): Promise<string[]> {
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
