import { createCraftedWorld, type Visitor } from './crafted-world'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { builtRoutes } from './route-table'

/**
 * Every page of the signed-in areas, generated from the build's route table (a new page is
 * covered without editing this file), opened by its owner at phone and desktop width: axe
 * finds nothing. Pages that name a record open the crafted world's record of that kind.
 *
 * Each area's pages are dealt into a few parts, each its own test in its own crafted world,
 * so that the parts run side by side in the workers and each stays well inside its limit
 * (an axe pass takes 1 to 2 s a page on an idle machine, several times that on a busy one).
 */
const areas: { prefix: string; visitor: Visitor; parts: number }[] = [
  { prefix: '/admin', visitor: 'staff admin', parts: 6 },
  { prefix: '/interpreter/', visitor: 'interpreter', parts: 2 },
  { prefix: '/client/', visitor: 'client manager', parts: 2 },
]

test.describe.configure({ mode: 'parallel' })

for (const { prefix, visitor, parts } of areas)
  for (let part = 1; part <= parts; part++)
    test(`every ${prefix.replace(/\//g, '')} page passes axe at 1280 and 390 px (part ${part} of ${parts})`, async ({
      browser,
      app,
    }) => {
      test.setTimeout(360_000)
      const world = await createCraftedWorld(app)
      const area = [
        ...new Set(
          (await builtRoutes())
            .filter((route) => !route.isResource && route.pattern.startsWith(prefix))
            .map((route) =>
              route.pattern.includes(':') ? world.paths[route.pattern] : route.pattern,
            )
            .filter((path): path is string => path !== undefined),
        ),
      ]
      expect(area.length).toBeGreaterThan(5)
      const pages = area.filter((_, index) => index % parts === part - 1)
      const context = await browser.newContext({ baseURL: app.url })
      const [name, value] = world.cookies[visitor]!.split('=')
      await context.addCookies([{ name: name!, value: value!, url: app.url }])
      const page = await context.newPage()
      for (const path of pages)
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
          const answer = await page.goto(path)
          expect(answer?.status(), `GET ${path}`).toBeLessThan(400)
          await expectNoAxeViolations(page, `${path} at ${width} px`)
        }
      await context.close()
    })
