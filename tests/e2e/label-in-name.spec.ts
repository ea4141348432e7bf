import type { Page } from '@playwright/test'
import { AxeBuilder } from '@axe-core/playwright'
import { createCraftedWorld, type Visitor } from './crafted-world'
import { expect, test } from './fixtures'

/** axe's check that a control's accessible name contains its visible text (WCAG 2.5.3). */
async function labelInNameProblems(page: Page) {
  const results = await new AxeBuilder({ page })
    .withRules(['label-content-name-mismatch'])
    .analyze()
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${page.url()}: ${node.target.join(' ')}`),
  )
}

test('row actions say their visible text first in their names: users, closeouts, assignments', async ({
  browser,
  app,
}) => {
  const world = await createCraftedWorld(app)
  const problems: string[] = []
  const visits: [Visitor, string][] = [
    ['staff admin', '/admin/users'],
    ['staff admin', '/admin/closeouts'],
    ['interpreter', '/interpreter/assignments'],
  ]
  for (const [visitor, path] of visits) {
    const context = await browser.newContext({ baseURL: app.url })
    const [name, value] = world.cookies[visitor]!.split('=')
    await context.addCookies([{ name: name!, value: value!, url: app.url }])
    const page = await context.newPage()
    await page.goto(path)
    problems.push(...(await labelInNameProblems(page)))
    await context.close()
  }
  expect(problems).toEqual([])
})
