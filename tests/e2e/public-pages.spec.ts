import type { Page } from '@playwright/test'
import { projectPath } from '../../app/platform/project-path.server'
import { firstLoadFiles, readBrowserManifest } from '../support/js-budget'
import { publicPageSamples } from '../support/public-page-samples'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { edgelessButtons, tabThrough } from './focus-ring'

// One visit per public page and width checks everything a visitor-facing page must hold:
// it answers, its links land, axe finds nothing, every tab stop shows a ring, buttons keep
// their edges in forced colours and the page loads no script the JavaScript budget does not
// count. The forms' error states are checked in form-errors.spec.ts; the HTML checker reads
// the server's answers in html-validity.spec.ts.

test.describe.configure({ mode: 'parallel' })

/** The sample of every public page (docs/product.md#route-table), by path. */
const samples = new Map(publicPageSamples.map((sample) => [sample.path, sample.routeId]))

/** Login pages are checked like public pages but their links are not followed. */
const LOGIN_PAGE = /^\/(interpreter-login|client-login)/

/** The pages whose focus ring is checked at 390 px too: the dark hero's amber and blue buttons. */
const PHONE_RING_PAGES = ['/', '/careers', '/contact', '/jobs/greek-english-remote-interpreter']

/** Errors the page logs or throws while we look at it. */
function collectErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  return errors
}

/** Every link of the header, mega-menu, footer and page body, as path + hash. */
async function linksOn(page: Page) {
  return page.$$eval('a[href]', (anchors) =>
    anchors
      .map((anchor) => new URL((anchor as HTMLAnchorElement).href))
      .filter((url) => url.origin === window.location.origin)
      .map((url) => ({ path: url.pathname + url.search, hash: url.hash.slice(1) })),
  )
}

/** Opens `path` and waits until its scripts have run; returns the scripts it loaded. */
async function visit(page: Page, path: string): Promise<string[]> {
  const scripts = new Set<string>()
  const listener = (response: { url(): string; request(): { resourceType(): string } }) => {
    if (response.request().resourceType() === 'script')
      scripts.add(new URL(response.url()).pathname)
  }
  page.on('response', listener)
  const response = await page.goto(path)
  expect(response?.status(), `GET ${path}`).toBe(200)
  await page.waitForLoadState('networkidle')
  page.off('response', listener)
  return [...scripts]
}

test('at 1280 px every linked page answers without console errors, its anchors exist, and each public and login page passes axe, shows a focus ring at every stop, keeps its button edges in forced colours and loads only the scripts the budget counts', async ({
  page,
}) => {
  test.setTimeout(600_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const manifest = readBrowserManifest(projectPath('build/client'))
  const errors = collectErrors(page)
  const problems: string[] = []
  const visited = new Map<string, Set<string>>()
  const linked = new Set<string>()
  const anchorsWanted: { from: string; path: string; hash: string }[] = []
  // From the home page by links; the samples and the login page are queued too, so that
  // each is checked even if no link reaches it (the links are asserted below).
  const queue = ['/', ...samples.keys(), '/interpreter-login']
  while (queue.length > 0) {
    const path = queue.shift()!
    if (visited.has(path)) continue
    const scripts = await visit(page, path)
    visited.set(path, new Set(await page.$$eval('[id]', (elements) => elements.map((e) => e.id))))
    const login = LOGIN_PAGE.test(path)
    for (const link of await linksOn(page)) {
      if (link.hash) anchorsWanted.push({ from: path, ...link })
      if (login) continue
      linked.add(link.path)
      if (!visited.has(link.path) && !queue.includes(link.path)) queue.push(link.path)
    }

    const routeId = samples.get(path)
    if (routeId) {
      const counted = new Set(firstLoadFiles(manifest, routeId))
      problems.push(
        ...scripts.filter((file) => !counted.has(file)).map((file) => `${path}: loads ${file}`),
        ...scripts
          .filter((file) => /admin|dashboard/.test(file))
          .map((file) => `${path}: loads admin code ${file}`),
      )
    }
    if (routeId || path === '/interpreter-login') {
      await expectNoAxeViolations(page, `${path} at 1280 px`)
      problems.push(...(await tabThrough(page, path)))
      await page.emulateMedia({ forcedColors: 'active' })
      problems.push(
        ...(await edgelessButtons(page)).map((name) => `${path} in forced colours: ${name}`),
      )
      await page.emulateMedia({ forcedColors: null })
    }
  }

  for (const path of ['/', '/services', '/industries', '/about', '/careers', '/contact', '/demo'])
    expect([...linked], `${path} is reachable by links`).toContain(path)
  expect([...linked], 'the login page is reachable by links').toContain('/interpreter-login')
  const missingAnchors = anchorsWanted.filter(
    (link) => !visited.get(link.path)?.has(decodeURIComponent(link.hash)),
  )
  expect(missingAnchors.map((link) => `${link.from} → ${link.path}#${link.hash}`)).toEqual([])
  expect(problems).toEqual([])
  expect(errors).toEqual([])
})

test('at 390 px every public page passes axe, and the focus ring shows over the dark hero', async ({
  page,
}) => {
  test.setTimeout(360_000)
  await page.setViewportSize({ width: 390, height: 844 })
  const errors = collectErrors(page)
  const problems: string[] = []
  for (const path of samples.keys()) {
    await visit(page, path)
    await expectNoAxeViolations(page, `${path} at 390 px`)
    if (PHONE_RING_PAGES.includes(path))
      problems.push(...(await tabThrough(page, `${path} at 390 px`)))
  }
  expect(problems).toEqual([])
  expect(errors).toEqual([])
})
