import { createCraftedWorld, type Visitor } from './crafted-world'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { builtRoutes } from './route-table'

/**
 * Every page of the signed-in areas, generated from the build's route table (a new page is
 * covered without editing this file), opened by its owner at phone and desktop width: axe
 * finds nothing. Pages that name a record open the crafted world's record of that kind.
 */
const areas: { prefix: string; visitor: Visitor }[] = [
  { prefix: '/admin', visitor: 'staff admin' },
  { prefix: '/interpreter/', visitor: 'interpreter' },
  { prefix: '/client/', visitor: 'client manager' },
]

for (const { prefix, visitor } of areas)
  test(`every ${prefix.replace(/\//g, '')} page passes axe at 1280 and 390 px`, async ({
    browser,
    app,
  }) => {
    test.setTimeout(300_000)
    const world = await createCraftedWorld(app)
    const pages = (await builtRoutes())
      .filter((route) => !route.isResource && route.pattern.startsWith(prefix))
      .map((route) => (route.pattern.includes(':') ? world.paths[route.pattern] : route.pattern))
      .filter((path): path is string => path !== undefined)
    expect(pages.length).toBeGreaterThan(5)
    const context = await browser.newContext({ baseURL: app.url })
    const [name, value] = world.cookies[visitor]!.split('=')
    await context.addCookies([{ name: name!, value: value!, url: app.url }])
    const page = await context.newPage()
    for (const path of new Set(pages))
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
        const answer = await page.goto(path)
        expect(answer?.status(), `GET ${path}`).toBeLessThan(400)
        await expectNoAxeViolations(page, `${path} at ${width} px`)
      }
    await context.close()
  })
