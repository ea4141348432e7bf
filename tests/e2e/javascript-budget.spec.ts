import { projectPath } from '../../app/platform/project-path.server'
import {
  firstLoadFiles,
  measurePublicPages,
  PUBLIC_PAGE_JS_BUDGET_BYTES,
  readBrowserManifest,
} from '../support/js-budget'
import { publicPageSamples } from '../support/public-page-samples'
import { expect, test } from './fixtures'

const clientDir = projectPath('build/client')

test('every public page loads at most 120 kB of gzipped JavaScript at first', () => {
  const over = measurePublicPages(clientDir)
    .filter((page) => page.gzipBytes > PUBLIC_PAGE_JS_BUDGET_BYTES)
    .map((page) => `${page.path}: ${page.gzipBytes} bytes`)
  expect(over).toEqual([])
})

test('the manifest measure covers every script a first visit really loads', async ({ page }) => {
  const manifest = readBrowserManifest(clientDir)
  for (const { path, routeId } of publicPageSamples) {
    const loaded = new Set<string>()
    const listener = (response: { url(): string; request(): { resourceType(): string } }) => {
      if (response.request().resourceType() === 'script')
        loaded.add(new URL(response.url()).pathname)
    }
    page.on('response', listener)
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    page.off('response', listener)
    const measured = new Set(firstLoadFiles(manifest, routeId))
    expect(
      [...loaded].filter((file) => !measured.has(file)),
      path,
    ).toEqual([])
    // No admin code on public pages.
    expect(
      [...loaded].filter((file) => /admin|dashboard/.test(file)),
      path,
    ).toEqual([])
  }
})
