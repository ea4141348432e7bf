import { createCraftedWorld, type Visitor } from './crafted-world'
import { expect, test } from './fixtures'

/**
 * On a phone every link and control of the signed-in areas is at least 44 px tall
 * (app/app.css, `.touch-targets`). Links inside a sentence are exempt, as WCAG's target-size
 * rule makes them, and so are check boxes and radio buttons, whose labels are the target.
 */
test('at 390 px the portals’ and admin area’s links and controls are at least 44 px tall', async ({
  browser,
  app,
}) => {
  test.setTimeout(480_000)
  const world = await createCraftedWorld(app)
  const pages: [Visitor, string[]][] = [
    [
      'interpreter',
      [
        '/interpreter/dashboard',
        '/interpreter/assignments',
        '/interpreter/profile',
        '/interpreter/payouts',
        '/interpreter/onboarding',
        '/interpreter/resources',
      ],
    ],
    [
      'client manager',
      [
        '/client/dashboard',
        '/client/bookings',
        world.paths['/client/bookings/:bookingId']!,
        '/client/book',
        '/client/quotes',
        '/client/invoices',
        '/client/users',
        '/client/settings',
      ],
    ],
    ['staff admin', ['/admin/dashboard', '/admin/bookings', '/admin/closeouts', '/admin/clients']],
  ]
  for (const [visitor, paths] of pages) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const [name, value] = world.cookies[visitor]!.split('=')
    await context.addCookies([{ name: name!, value: value!, url: app.url }])
    const page = await context.newPage()
    for (const path of paths) {
      await page.goto(`${app.url}${path}`)
      const small = await page
        .locator('a, button, summary, select, textarea, input')
        .evaluateAll((elements) =>
          elements
            .filter((element) => {
              const input = element as HTMLInputElement
              if (
                element.tagName === 'INPUT' &&
                ['checkbox', 'radio', 'hidden'].includes(input.type)
              )
                return false
              if (element.closest('p') && getComputedStyle(element).display === 'inline')
                return false
              return element.checkVisibility() && !element.classList.contains('sr-only')
            })
            .map((element) => ({
              control: `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('name') || element.getAttribute('aria-label') || '').trim().slice(0, 40)}"`,
              height: Math.round(element.getBoundingClientRect().height),
            }))
            .filter((target) => target.height < 44),
        )
      expect(small, `${visitor} at ${path}`).toEqual([])
    }
    await context.close()
  }
})
