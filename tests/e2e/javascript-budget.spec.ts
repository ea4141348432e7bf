import { projectPath } from '../../app/platform/project-path.server'
import { measurePublicPages, PUBLIC_PAGE_JS_BUDGET_BYTES } from '../support/js-budget'
import { expect, test } from './fixtures'

const clientDir = projectPath('build/client')

// That this measure covers every script a first visit really loads, and no admin code, is
// checked by the crawl of the public pages (public-pages.spec.ts).
test('every public page loads at most 120 kB of gzipped JavaScript at first', () => {
  const over = measurePublicPages(clientDir)
    .filter((page) => page.gzipBytes > PUBLIC_PAGE_JS_BUDGET_BYTES)
    .map((page) => `${page.path}: ${page.gzipBytes} bytes`)
  expect(over).toEqual([])
})
